/**
 * The autoplay check (play-page §9 "Autoplay is tested with a silent clip, with up to 5 checks of
 * 200 ms"), in real Chromium with its default autoplay policy (no user gesture: sound refused,
 * muted allowed). The sound-allowed outcome runs in the e2e suite with CHROME_FLAGS_AUTOPLAY.
 */
import { expect } from '@open-wc/testing';
import { systemClock, type Clock } from 's72-player/client';
import {
  AUTOPLAY_CHECKS,
  AUTOPLAY_CHECK_INTERVAL_MS,
  autoplayVerdict,
  checkAutoplay,
  silentWav,
  type AutoplayAnswer,
} from '../../src-shell/features/play-flow/autoplay-check.js';

/** The system clock, recording every delay asked for. */
function recordingClock(): Clock & { delays: number[] } {
  const delays: number[] = [];
  return {
    delays,
    now: () => systemClock.now(),
    setTimeout: (fn, ms) => {
      delays.push(ms);
      return systemClock.setTimeout(fn, ms);
    },
    clearTimeout: (h) => systemClock.clearTimeout(h),
  };
}

describe('autoplay check (play-page §9)', () => {
  it('the silent clip is a small in-memory WAV (no network)', async () => {
    const wav = silentWav();
    expect(wav.type).to.equal('audio/wav');
    const bytes = new Uint8Array(await wav.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 4))).to.equal('RIFF');
    expect(new TextDecoder().decode(bytes.slice(8, 12))).to.equal('WAVE');
    expect(bytes.length).to.be.below(20_000);
  });

  it('Chromium’s default policy without a gesture: muted autoplay, decided in at most 5 checks of 200 ms per attempt', async () => {
    const clock = recordingClock();
    const verdict = await checkAutoplay({ clock });
    expect(verdict).to.equal('muted');
    expect([AUTOPLAY_CHECKS, AUTOPLAY_CHECK_INTERVAL_MS]).to.deep.equal([5, 200]);
    expect(clock.delays.every((d) => d === 200), String(clock.delays)).to.equal(true);
    expect(clock.delays.length).to.be.at.most(2 * AUTOPLAY_CHECKS);
  });

  it('the browser’s answers are taken when they come: decided with timers that never fire', async () => {
    // A clock whose timers never fire: only the refused play() (with sound) and the muted clip's
    // progress can decide, not the 200-ms checks.
    const frozen: Clock & { delays: number[] } = {
      delays: [],
      now: () => systemClock.now(),
      setTimeout(_fn, ms) {
        this.delays.push(ms);
        return null;
      },
      clearTimeout: () => undefined,
    };
    expect(await checkAutoplay({ clock: frozen })).to.equal('muted');
    expect(frozen.delays.length, 'one check started per attempt').to.equal(2);
  });

  it('a busy machine: the browser answers after the 5 checks have run out — not taken as a refusal (issue 22 item 5)', async () => {
    // The checks' timers fire at once, as on a loaded machine where the page's timers run while the
    // clip's play() or its progress is still on its way: the 5 × 200 ms bound passes before the
    // browser's answer. Sound is refused at once (Chromium's default policy), muted playback is
    // allowed: muted, never click-to-play.
    const hurried: Clock & { delays: number[] } = {
      delays: [],
      now: () => systemClock.now(),
      setTimeout(fn, ms) {
        this.delays.push(ms);
        return systemClock.setTimeout(fn, 0);
      },
      clearTimeout: (h) => systemClock.clearTimeout(h),
    };
    for (let load = 0; load < 3; load++) expect(await checkAutoplay({ clock: hurried }), `load ${load + 1}`).to.equal('muted');
    expect(hurried.delays.every((d) => d === AUTOPLAY_CHECK_INTERVAL_MS)).to.equal(true);
  });

  it('the verdict: only a refusal counts against sound; no answer lets the player ask the browser itself', () => {
    const cases: Array<[AutoplayAnswer, AutoplayAnswer | null, string]> = [
      ['plays', null, 'autoplay'],
      ['no-answer', null, 'autoplay'],
      ['refused', 'plays', 'muted'],
      ['refused', 'no-answer', 'muted'],
      ['refused', 'refused', 'click'],
    ];
    for (const [withSound, muted, verdict] of cases) expect(autoplayVerdict(withSound, muted), `${withSound}, ${muted}`).to.equal(verdict);
  });

  it('a clip that cannot load is no answer, not a refusal: here (sound refused) muted, not click', async () => {
    const verdict = await checkAutoplay({ clock: recordingClock(), clip: () => new Blob(['not audio'], { type: 'audio/wav' }) });
    expect(verdict).to.equal('muted');
  });
});
