/**
 * core/watermark/tamper-rules.ts: one row per rule (player-and-client §8 "Watermark tampering raises
 * an error"), from an intact snapshot with one thing changed.
 */
import { expect } from '@open-wc/testing';
import {
  colorAlpha,
  findTampering,
  MARK_COMPUTED,
  mustPause,
  TEXT_COMPUTED,
  type WatermarkSnapshot,
} from '../../../src-element/core/watermark/tamper-rules.js';

const INTACT: WatermarkSnapshot = {
  mounted: true,
  text: 'user-42',
  expectedText: 'user-42',
  attributes: { 'aria-hidden': 'true' },
  expectedAttributes: { 'aria-hidden': 'true' },
  foreignStylesheets: 0,
  markStyle: { ...MARK_COMPUTED },
  textStyle: { ...TEXT_COMPUTED, 'font-size': '14px', color: 'rgba(255, 255, 255, 0.6)' },
  pseudoContent: ['none', 'none'],
  playing: true,
  playerRendered: true,
  playerVisible: true,
  playerBox: { left: 0, top: 0, width: 640, height: 360 },
  markBox: { left: 20, top: 50, width: 90, height: 20 },
  pictureInPicture: false,
  coveredBy: null,
  videoInPlace: true,
  pageEffect: null,
  markCropped: null,
  playerOnScreen: true,
  markOnScreen: true,
};

const rows: Array<[string, Partial<WatermarkSnapshot>, string | null, number?]> = [
  ['intact', {}, null],
  ['removed', { mounted: false }, 'removed'],
  ['text gone', { text: null }, 'text'],
  ['another id', { text: 'someone-else' }, 'text'],
  ['an attribute added', { attributes: { 'aria-hidden': 'true', hidden: '' } }, 'attributes'],
  ['an attribute removed', { attributes: {} }, 'attributes'],
  ['an attribute changed', { attributes: { 'aria-hidden': 'true', style: 'opacity:0' } }, 'attributes'],
  ['a stylesheet added', { foreignStylesheets: 1 }, 'stylesheet'],
  ['display none', { markStyle: { ...MARK_COMPUTED, display: 'none' } }, 'style'],
  ['visibility hidden', { markStyle: { ...MARK_COMPUTED, visibility: 'hidden' } }, 'style'],
  ['transparent', { markStyle: { ...MARK_COMPUTED, opacity: '0.01' } }, 'style'],
  ['transformed', { markStyle: { ...MARK_COMPUTED, transform: 'matrix(0, 0, 0, 0, 0, 0)' } }, 'style'],
  ['clipped', { markStyle: { ...MARK_COMPUTED, 'clip-path': 'inset(50%)' } }, 'style'],
  ['filtered', { markStyle: { ...MARK_COMPUTED, filter: 'opacity(0)' } }, 'style'],
  ['sent behind', { markStyle: { ...MARK_COMPUTED, 'z-index': '-1' } }, 'style'],
  ['repositioned', { markStyle: { ...MARK_COMPUTED, position: 'static' } }, 'style'],
  ['text hidden', { textStyle: { ...INTACT.textStyle, visibility: 'hidden' } }, 'style'],
  ['a pseudo-element over it', { pseudoContent: ['none', '""'] }, 'style'],
  ['font too small', { textStyle: { ...INTACT.textStyle, 'font-size': '1px' } }, 'style'],
  ['text colour transparent', { textStyle: { ...INTACT.textStyle, color: 'rgba(255, 255, 255, 0)' } }, 'style'],
  ['picture-in-picture', { pictureInPicture: true }, 'picture-in-picture'],
  ['player hidden while playing', { playerVisible: false }, 'player-hidden', 2],
  ['player tiny while playing', { playerBox: { left: 0, top: 0, width: 10, height: 10 } }, 'player-resized', 2],
  ['player hidden while paused', { playing: false, playerVisible: false, playerRendered: false }, null],
  ['player tiny while paused', { playing: false, playerBox: { left: 0, top: 0, width: 10, height: 10 }, markBox: { left: 0, top: 0, width: 10, height: 10 } }, null],
  ['watermark shrunk to nothing', { markBox: { left: 20, top: 50, width: 0, height: 0 } }, 'resized'],
  ['watermark moved out of the player', { markBox: { left: -500, top: 50, width: 90, height: 20 } }, 'style'],
  ['covered', { coveredBy: '<div>' }, 'covered', 2],
  // issue 25 item 1
  ['the video moved out of its place', { videoInPlace: false }, 'video'],
  ['a mask on the player or around it', { pageEffect: 'a mask on <html>' }, 'cropped', 2],
  ['a mask while paused', { playing: false, pageEffect: 'a mask on <html>' }, 'cropped', 2],
  ['the mark cropped away while the film plays', { markCropped: 'cut away by <main>', markOnScreen: false }, 'cropped', 2],
  ['the mark cropped away while paused', { playing: false, markCropped: 'cut away by <main>', markOnScreen: false }, null],
  ['the whole player clipped away (off-screen, not cropping)', { markCropped: 'cut away by <main>', playerOnScreen: false, markOnScreen: false }, null],
  ['scrolled out of sight', { playerOnScreen: false, markOnScreen: false }, null],
];

describe('tamper rules', () => {
  for (const [name, change, reason, confirmChecks = 1] of rows) {
    it(`${name} → ${String(reason)}`, () => {
      const found = findTampering({ ...INTACT, ...change });
      expect(found?.reason ?? null).to.equal(reason);
      if (found) {
        expect(found.confirmChecks).to.equal(confirmChecks);
        expect(found.detail).to.be.a('string').and.not.equal('');
      }
    });
  }

  it('a film playing with its watermark out of sight must pause; paused, or in sight, it need not', () => {
    expect(mustPause({ ...INTACT, markOnScreen: false })).to.equal(true);
    expect(mustPause({ ...INTACT, markOnScreen: false, playerOnScreen: false })).to.equal(true);
    expect(mustPause({ ...INTACT, markOnScreen: false, playing: false })).to.equal(false);
    expect(mustPause({ ...INTACT, markOnScreen: false, playerRendered: false })).to.equal(false);
    expect(mustPause(INTACT)).to.equal(false);
  });

  it('colorAlpha reads the computed colour forms', () => {
    expect(colorAlpha('rgb(255, 255, 255)')).to.equal(1);
    expect(colorAlpha('rgba(255, 255, 255, 0.6)')).to.equal(0.6);
    expect(colorAlpha('rgba(0, 0, 0, 0)')).to.equal(0);
    expect(colorAlpha('color(srgb 1 1 1 / 0.25)')).to.equal(0.25);
    expect(colorAlpha('transparent')).to.equal(0);
  });
});
