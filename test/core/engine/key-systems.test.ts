/**
 * The one key-system table and the shared source rules (player-and-client §4 "Engine choice", §5;
 * play-page §4 step 6): one test per rule.
 */
import { expect } from '@open-wc/testing';
import { SOURCE_KIND_ORDER, chooseSource, type SourceChoiceRules } from '../../../src-element/core/engine/choose-source.js';
import type { SourceKind } from '../../../src-element/core/engine/engine.js';
import {
  DRM_TYPES,
  EME_DRM_TYPES,
  KEY_SYSTEMS,
  KEY_SYSTEM_TABLE,
  drmTypeOfKeySystem,
  isDrmType,
  normaliseDrmName,
} from '../../../src-element/core/engine/key-systems.js';
import type { DrmType } from '../../../src-element/core/types.js';

describe('key-system table (core/engine/key-systems.ts)', () => {
  const rows: Array<[DrmType, string, readonly string[]]> = [
    ['widevine', 'com.widevine.alpha', ['com.widevine.alpha']],
    ['playready', 'com.microsoft.playready', ['com.microsoft.playready.recommendation', 'com.microsoft.playready']],
    ['fairplay', 'com.apple.fps', ['com.apple.fps', 'com.apple.fps.1_0']],
    ['clearkey', 'org.w3.clearkey', ['org.w3.clearkey']],
  ];
  for (const [drm, engineId, probeIds] of rows) {
    it(`${drm} → ${engineId}`, () => {
      expect(KEY_SYSTEMS[drm]).to.equal(engineId);
      expect(KEY_SYSTEM_TABLE[drm].probeIds).to.deep.equal(probeIds);
      for (const id of [engineId, ...probeIds]) expect(drmTypeOfKeySystem(id)).to.equal(drm);
    });
  }

  it('lists every DRM once, and the EME ones without FairPlay', () => {
    expect(DRM_TYPES).to.deep.equal(['widevine', 'playready', 'fairplay', 'clearkey']);
    expect(EME_DRM_TYPES).to.deep.equal(['widevine', 'playready', 'clearkey']);
    expect(Object.keys(KEY_SYSTEM_TABLE)).to.have.members([...DRM_TYPES]);
  });

  it('knows DRM names exactly, and normalises declared ones', () => {
    expect(isDrmType('widevine')).to.equal(true);
    expect(isDrmType('Widevine')).to.equal(false);
    expect(isDrmType('toString')).to.equal(false);
    expect(drmTypeOfKeySystem('com.example.drm')).to.equal(undefined);
    expect(normaliseDrmName(' Widevine ')).to.equal('widevine');
    expect(normaliseDrmName('NONE')).to.equal(undefined);
    expect(normaliseDrmName('  ')).to.equal(undefined);
    expect(normaliseDrmName('Foo')).to.equal('foo');
  });
});

describe('chooseSource: the shared source rules', () => {
  interface Candidate {
    id: string;
    kind?: SourceKind;
    drms?: string[];
  }
  const rules = (overrides: Partial<SourceChoiceRules<Candidate, string>> = {}): SourceChoiceRules<Candidate, string> => ({
    kindOf: (c) => c.kind,
    drmsOf: (c) => c.drms,
    hasLicenceServer: () => true,
    playerFor: (kind) => `engine-for-${kind}`,
    ...overrides,
  });
  const pick = (candidates: Candidate[], overrides?: Partial<SourceChoiceRules<Candidate, string>>) => {
    const choice = chooseSource(candidates, rules(overrides));
    return choice && { id: choice.candidate.id, kind: choice.kind, drms: choice.drms, player: choice.player };
  };

  it('1. kinds in DASH → HLS → MP4 order, candidates of one kind in the order given', () => {
    expect(SOURCE_KIND_ORDER).to.deep.equal(['dash', 'hls', 'mp4']);
    expect(pick([{ id: 'm', kind: 'mp4' }, { id: 'h', kind: 'hls' }, { id: 'd1', kind: 'dash' }, { id: 'd2', kind: 'dash' }])).to.deep.equal({
      id: 'd1',
      kind: 'dash',
      drms: [],
      player: 'engine-for-dash',
    });
    expect(pick([{ id: 'x' }, { id: 'm', kind: 'mp4' }])!.id, 'no kind: never played').to.equal('m');
  });

  it('2. declared names are normalised; blank and none mean clear', () => {
    expect(pick([{ id: 'd', kind: 'dash', drms: [' ClearKey '] }])!.drms).to.deep.equal(['clearkey']);
    expect(pick([{ id: 'd', kind: 'dash', drms: ['none', ''] }])!.drms).to.deep.equal([]);
  });

  it('3. a DRM needs a licence server and support here; FairPlay only on HLS', () => {
    const candidates: Candidate[] = [{ id: 'd', kind: 'dash', drms: ['widevine', 'clearkey', 'fairplay'] }];
    expect(pick(candidates, { hasLicenceServer: (drm) => drm !== 'widevine' })!.drms).to.deep.equal(['clearkey']);
    expect(pick(candidates, { supportsDrm: (drm) => drm === 'widevine' })!.drms).to.deep.equal(['widevine']);
    expect(pick([{ id: 'h', kind: 'hls', drms: ['fairplay'] }])!.drms).to.deep.equal(['fairplay']);
    expect(pick([{ id: 'd', kind: 'dash', drms: ['fairplay'] }])).to.equal(undefined);
  });

  it('4. a candidate declaring only unusable or unknown DRM is skipped, never played as clear', () => {
    const candidates: Candidate[] = [
      { id: 'd', kind: 'dash', drms: ['foo'] },
      { id: 'h', kind: 'hls', drms: ['widevine'] },
      { id: 'm', kind: 'mp4' },
    ];
    expect(pick(candidates, { hasLicenceServer: () => false })!.id).to.equal('m');
  });

  it('5. the first candidate something can play wins, with only its usable DRMs', () => {
    const seen: Array<[SourceKind, readonly DrmType[]]> = [];
    const choice = pick([{ id: 'd', kind: 'dash', drms: ['playready', 'widevine'] }, { id: 'h', kind: 'hls' }], {
      supportsDrm: (drm) => drm === 'widevine',
      playerFor: (kind, drms) => (seen.push([kind, [...drms]]), kind === 'hls' ? 'native' : undefined),
    });
    expect(seen).to.deep.equal([
      ['dash', ['widevine']],
      ['hls', []],
    ]);
    expect(choice).to.deep.equal({ id: 'h', kind: 'hls', drms: [], player: 'native' });
    expect(pick([], {})).to.equal(undefined);
  });
});
