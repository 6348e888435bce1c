/**
 * The autoplay check of the play page (play-page §9 "Autoplay is tested with a silent clip, with
 * up to 5 checks of 200 ms"): before the player starts, a silent clip built in memory (a WAV Blob,
 * no network) is played in a detached `<video>`, first with sound, then muted. The browser's own
 * autoplay policy decides: `autoplay` (sound allowed), `muted` (only muted playback allowed) or
 * `click` (nothing plays by itself: the viewer presses play).
 *
 * The verdict follows the browser's answer: the `play()` promise of the clip resolving (allowed)
 * or being refused with `NotAllowedError` (the policy), or the clip's progress. The
 * {@link AUTOPLAY_CHECKS} checks every {@link AUTOPLAY_CHECK_INTERVAL_MS} only bound the wait for
 * an answer that never comes; a missing answer is not a refusal (issue 22 item 5: on a busy machine
 * the answer or the clip's progress can come after 1 s, and the check chose muted or click-to-play
 * although sound was allowed). Never rejects.
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
 * What one attempt learnt: the browser let the clip play, refused it (its autoplay policy), or gave
 * no answer within the 5 checks of 200 ms.
 */
export type AutoplayAnswer = 'plays' | 'refused' | 'no-answer';

/**
 * One attempt: plays the clip (muted or not) and takes the browser's answer (issue 22 item 5):
 * - `play()` resolves, or the clip shows progress (its position moved, or it played to its end):
 *   `plays` — however late the progress shows (a busy main thread, a slow decode);
 * - `play()` is refused with `NotAllowedError` (the autoplay policy): `refused`;
 * - any other failure (the clip cannot load) or nothing within {@link AUTOPLAY_CHECKS} checks of
 *   {@link AUTOPLAY_CHECK_INTERVAL_MS} (play-page §9): `no-answer`, never taken as a refusal.
 * The answer is taken when it comes, not at the next 200-ms check (issue 12).
 */
async function attempt(video: HTMLVideoElement, muted: boolean, clock: Clock): Promise<AutoplayAnswer> {
  video.muted = muted;
  let answer: AutoplayAnswer | null = null;
  let settle: (value: AutoplayAnswer) => void = () => undefined;
  const answered = new Promise<AutoplayAnswer>((resolve) => {
    settle = (value) => {
      if (answer !== null) return;
      answer = value;
      resolve(value);
    };
  });
  const progressed = () => {
    if (video.currentTime > 0 || video.ended) settle('plays');
  };
  video.addEventListener('timeupdate', progressed);
  video.addEventListener('ended', progressed);
  try {
    try {
      void video.play()?.then(
        () => settle('plays'),
        (error: unknown) => settle((error as DOMException | null)?.name === 'NotAllowedError' ? 'refused' : 'no-answer'),
      );
    } catch {
      return 'no-answer';
    }
    for (let check = 0; check < AUTOPLAY_CHECKS && answer === null; check++) {
      await Promise.race([sleepMs(AUTOPLAY_CHECK_INTERVAL_MS, { clock }), answered]);
      progressed();
      if (answer === null && video.error) settle('no-answer');
    }
    return answer ?? 'no-answer';
  } finally {
    video.removeEventListener('timeupdate', progressed);
    video.removeEventListener('ended', progressed);
    video.pause();
  }
}

/**
 * The verdict from the browser's answers (play-page §9; issue 22 item 5). Only a refusal counts
 * against sound: with sound `plays` or `no-answer` → `autoplay` (without an answer the player asks
 * the browser itself when it starts, and plays muted if sound is refused); refused with sound, then
 * muted `plays` or `no-answer` → `muted`; refused both ways → `click`. Pure.
 */
export function autoplayVerdict(withSound: AutoplayAnswer, muted: AutoplayAnswer | null): AutoplayVerdict {
  if (withSound !== 'refused') return 'autoplay';
  return muted === 'refused' ? 'click' : 'muted';
}

/**
 * Decides autoplay before the player starts (play-page §9). Never rejects; a check that fails
 * without the browser refusing is `autoplay` (the player's own start falls back to muted, then to
 * its play button); without a document (no page) it is `click`.
 */
export async function checkAutoplay(options: AutoplayCheckOptions = {}): Promise<AutoplayVerdict> {
  const doc = options.document ?? (typeof document === 'undefined' ? undefined : document);
  if (!doc || typeof URL.createObjectURL !== 'function') return 'click';
  const clock = options.clock ?? systemClock;
  let url: string | null = null;
  let video: HTMLVideoElement | null = null;
  try {
    url = URL.createObjectURL((options.clip ?? silentWav)());
    video = doc.createElement('video');
    video.playsInline = true;
    video.preload = 'auto';
    video.src = url;
    const withSound = await attempt(video, false, clock);
    return autoplayVerdict(withSound, withSound === 'refused' ? await attempt(video, true, clock) : null);
  } catch {
    return 'autoplay';
  } finally {
    video?.removeAttribute('src');
    video?.load();
    if (url) URL.revokeObjectURL(url);
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
