/** `<s72-player>` tracks API against the demo media: en/fr audio, en/ar WebVTT, 3 renditions. */
import { expect, fixture, html } from '@open-wc/testing';
import '../../src-element/s72-player.js';
import type { S72Player } from '../../src-element/s72-player.js';
import type { S72Tracks } from '../../src-element/events.js';
import { MEDIA, demoUrl, nextEvent, until } from '../helpers/demo.js';

describe('<s72-player> tracks (player-and-client §3 "Tracks")', function () {
  this.timeout(40_000);

  async function loadedPlayer(): Promise<{ player: S72Player; first: S72Tracks }> {
    const player = await fixture<S72Player>(html`<s72-player src=${demoUrl(MEDIA.clearDash)} muted></s72-player>`);
    const first = (await nextEvent<CustomEvent<S72Tracks>>(player, 's72-tracks-change')).detail;
    return { player, first };
  }

  it('reports the audio, text and video tracks once loaded', async () => {
    const { player, first } = await loadedPlayer();
    expect(first.audio.map((track) => track.language).sort()).to.deep.equal(['en', 'fr']);
    expect(first.text.map((track) => track.language).sort()).to.deep.equal(['ar', 'en']);
    expect(first.video.map((track) => track.height)).to.have.members([360, 720, 1080]);
    expect(first.video.some((track) => track.active)).to.equal(false); // automatic quality
    expect(player.tracks.audio.length).to.equal(2);
  });

  it('switches the audio language and says so with s72-tracks-change', async () => {
    const { player, first } = await loadedPlayer();
    const french = first.audio.find((track) => track.language === 'fr')!;
    const change = nextEvent<CustomEvent<S72Tracks>>(player, 's72-tracks-change');
    player.selectAudioTrack(french.id);
    await change;
    await until(() => player.tracks.audio.find((track) => track.active)?.language === 'fr', 'French audio active');
  });

  it('shows Arabic subtitles, then hides subtitles', async () => {
    const { player, first } = await loadedPlayer();
    const arabic = first.text.find((track) => track.language === 'ar')!;
    player.selectTextTrack(arabic.id);
    await until(() => player.tracks.text.find((track) => track.active)?.language === 'ar', 'Arabic text track active');
    player.selectTextTrack(null);
    await until(() => player.tracks.text.every((track) => !track.active), 'no text track active');
  });

  it('pins a rendition, then returns to automatic quality', async () => {
    const { player, first } = await loadedPlayer();
    const p360 = first.video.find((track) => track.height === 360)!;
    player.selectVideoTrack(p360.id);
    await until(() => player.tracks.video.find((track) => track.active)?.height === 360, '360p pinned');
    player.selectVideoTrack(null);
    await until(() => player.tracks.video.every((track) => !track.active), 'automatic quality');
  });

  it('applies a preferred audio role: the dub (French) instead of the main track', async () => {
    const player = await fixture<S72Player>(html`<s72-player muted></s72-player>`);
    player.config = { preferredAudioRole: 'dub' };
    player.src = demoUrl(MEDIA.clearDash);
    await nextEvent(player, 's72-loaded');
    await until(() => player.tracks.audio.find((track) => track.active)?.roles.includes('dub') === true, 'the dub track active');
    expect(player.tracks.audio.find((track) => track.active)?.language).to.equal('fr');
  });

  it('has no tracks before anything is loaded, and ignores unknown ids', async () => {
    const player = await fixture<S72Player>(html`<s72-player></s72-player>`);
    expect(player.tracks).to.deep.equal({ audio: [], text: [], video: [] });
    player.selectAudioTrack('nope');
    player.selectTextTrack('nope');
    player.selectVideoTrack('nope');
  });
});
