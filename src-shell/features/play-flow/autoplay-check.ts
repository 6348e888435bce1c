/**
 * The autoplay check of the play page (play-page §9 "Autoplay is tested with a silent clip, with
 * up to 5 checks of 200 ms"): before the player starts, a silent clip built in memory (a WAV Blob,
 * no network) is played in a detached `<video>`, first with sound, then muted. The browser's own
 * autoplay policy decides: `autoplay` (sound allowed), `muted` (only muted playback allowed) or
 * `click` (nothing plays by itself: the viewer presses play).
 *
 * Each attempt checks up to {@link AUTOPLAY_CHECKS} times, every {@link AUTOPLAY_CHECK_INTERVAL_MS},
 * whether the clip plays, and at once when the clip shows progress or `play()` is refused. Never
 * rejects.
 */
import { sleepMs, systemClock, type Clock } from 's72-player/client';

/** play-page §9: up to 5 checks… */
export const AUTOPLAY_CHECKS = 5;
/** …of 200 ms. */
export const AUTOPLAY_CHECK_INTERVAL_MS = 200;

/** What the page does with the player's `autoplay`. */
export type AutoplayVerdict = 'autoplay' | 'muted' | 'click';

/**
 * A silent WAV clip (16-bit mono PCM, all zeros), built in memory. Pure.
 *
 * @param durationS Length, seconds (default 1 s: longer than the 5 × 200 ms of checks).
 * @param sampleRate Samples per second (default 8000).
 */
export function silentWav(durationS = 1, sampleRate = 8000): Blob {
  const samples = Math.max(1, Math.round(durationS * sampleRate));
  const dataBytes = samples * 2;
  const buffer = new ArrayBuffer(44 + dataBytes);
  const view = new DataView(buffer);
  const ascii = (offset: number, text: string) => [...text].forEach((c, i) => view.setUint8(offset + i, c.charCodeAt(0)));
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true); // byte rate
  view.setUint16(32, 2, true); // block align
  view.setUint16(34, 16, true); // bits per sample
  ascii(36, 'data');
  view.setUint32(40, dataBytes, true);
  return new Blob([buffer], { type: 'audio/wav' });
}

export interface AutoplayCheckOptions {
  /** Where the test element is created (default `document`). */
  document?: Document;
  /** The checks' timers (default the system clock). */
  clock?: Clock;
  /** The clip to play (default {@link silentWav}). */
  clip?: () => Blob;
}

/**
 * One attempt: plays the clip (muted or not) and checks up to 5 times, 200 ms apart, whether it
 * plays; its progress (looked for every frame once `play()` has resolved, and at each
 * `timeupdate`) and a refused `play()` are checks of their own, so the browser's answer is taken
 * when it comes instead of at the next 200-ms check (issue 12: the verdict gates the player's start).
 */
async function plays(video: HTMLVideoElement, muted: boolean, clock: Clock): Promise<boolean> {
  video.muted = muted;
  let refused = false;
  let done = false;
  let progressed: () => void = () => undefined;
  let refusal: () => void = () => undefined;
  const early = new Promise<'progress' | 'refused'>((resolve) => {
    progressed = () => {
      if (done) return;
      if (!video.paused && video.currentTime > 0) resolve('progress');
      // The media clock moves between `timeupdate`s (Chromium sends one every 250 ms): look every frame.
      else if (!video.paused && typeof requestAnimationFrame === 'function') requestAnimationFrame(progressed);
    };
    refusal = () => {
      refused = true;
      resolve('refused');
    };
  });
  video.addEventListener('timeupdate', progressed);
  try {
    try {
      void video.play()?.then(progressed, refusal);
    } catch {
      return false;
    }
    for (let check = 0; check < AUTOPLAY_CHECKS; check++) {
      const woken = await Promise.race([sleepMs(AUTOPLAY_CHECK_INTERVAL_MS, { clock }), early]);
      if (refused || video.error) return false;
      if (woken === 'progress' || (!video.paused && video.currentTime > 0)) {
        video.pause();
        return true;
      }
    }
    video.pause();
    return false;
  } finally {
    done = true;
    video.removeEventListener('timeupdate', progressed);
  }
}

/**
 * Decides autoplay before the player starts (play-page §9). Never rejects: anything that goes
 * wrong is `click`.
 */
export async function checkAutoplay(options: AutoplayCheckOptions = {}): Promise<AutoplayVerdict> {
  const doc = options.document ?? (typeof document === 'undefined' ? undefined : document);
  if (!doc || typeof URL.createObjectURL !== 'function') return 'click';
  const clock = options.clock ?? systemClock;
  const url = URL.createObjectURL((options.clip ?? silentWav)());
  const video = doc.createElement('video');
  video.playsInline = true;
  video.preload = 'auto';
  video.src = url;
  try {
    if (await plays(video, false, clock)) return 'autoplay';
    if (await plays(video, true, clock)) return 'muted';
    return 'click';
  } catch {
    return 'click';
  } finally {
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(url);
  }
}

let pageVerdict: Promise<AutoplayVerdict> | undefined;

/**
 * The page's autoplay verdict: one {@link checkAutoplay} per page, started by the first caller.
 * The play page starts it at boot when the address does not say `autoplay=false`, so that it runs
 * alongside the flow's calls instead of after the streams call (issue 12); the play route then
 * reads the same answer.
 */
export function pageAutoplayVerdict(): Promise<AutoplayVerdict> {
  return (pageVerdict ??= checkAutoplay());
}
