// player-and-client §2 "debug statistics overlay", §9; issue 23
/**
 * The statistics panel of `<s72-stats-overlay>` (debug mode): its own module, fetched the first
 * time debug mode turns on, so a start never downloads it. Text only, styled by the overlay.
 */
import { html, svg, type TemplateResult } from 'lit';
import type { Translator } from '../core/i18n/index.js';
import { STATS_HISTORY_MS } from '../core/ui/stats-rules.js';
import type { StatsSample, StatsView } from '../core/ui/ui-state.js';
import { PLAYER_VERSION } from '../core/version.js';
import { icon } from './icons.js';

const GRAPH_WIDTH = 240;
const GRAPH_HEIGHT = 72;

const mbps = (bitsPerSecond: number) => (bitsPerSecond / 1e6).toFixed(2);

/**
 * The SVG polyline `points` of `values` over the graph: time on x (the last 120 s, newest at the
 * end), the value on y scaled to `max`. Exported for tests.
 */
export function graphPoints(samples: readonly StatsSample[], value: (sample: StatsSample) => number, max: number): string {
  if (samples.length === 0 || max <= 0) return '';
  const end = samples[samples.length - 1]!.atMs;
  return samples
    .map((sample) => {
      const x = GRAPH_WIDTH - ((end - sample.atMs) / STATS_HISTORY_MS) * GRAPH_WIDTH;
      const y = GRAPH_HEIGHT - (Math.min(value(sample), max) / max) * GRAPH_HEIGHT;
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
}

/** The statistics panel for one `StatsView`, in `t`'s language; `onClose` turns debug mode off. */
export function statsPanel(stats: StatsView, t: Translator, onClose: () => void): TemplateResult {
  const history = stats.history;
  const rateMax = Math.max(1, ...history.map((s) => Math.max(s.estimatedBandwidth, s.streamBandwidth))) * 1.1;
  const bufferMax = Math.max(10, ...history.map((s) => s.bufferAheadS)) * 1.1;
  const rows: Array<[string, string]> = [
    [t.t('stats.state'), t.t(`stats.state.${stats.state.replace(' ', '-')}` as Parameters<typeof t.t>[0])],
    [t.t('stats.resolution'), stats.width && stats.height ? `${stats.width} × ${stats.height} px` : '–'],
    [t.t('stats.streamBandwidth'), `${mbps(stats.streamBandwidth)} Mbps`],
    [t.t('stats.estimatedBandwidth'), `${mbps(stats.estimatedBandwidth)} Mbps`],
    [t.t('stats.bufferAhead'), `${stats.bufferAheadS.toFixed(1)} s`],
    [t.t('stats.frames'), t.t('stats.framesValue', { dropped: stats.droppedFrames, decoded: stats.decodedFrames })],
    [t.t('stats.engine'), `${stats.engine || '–'} · s72-player ${PLAYER_VERSION}`],
  ];
  return html`
    <section class="panel" part="stats-panel" role="region" aria-label=${t.t('stats.title')}>
      <header>
        <span>${t.t('stats.title')}</span>
        <button class="close" part="stats-close" aria-label=${t.t('stats.close')} @click=${onClose}>${icon('close')}</button>
      </header>
      <dl>${rows.map(([name, value]) => html`<dt>${name}</dt><dd>${value}</dd>`)}</dl>
      <svg part="stats-graph" viewBox="0 0 ${GRAPH_WIDTH} ${GRAPH_HEIGHT}" role="img" aria-label=${t.t('stats.graph')}>
        ${svg`<polyline class="bandwidth" style="stroke: var(--s72-stats-bandwidth-color, #4fc3f7)" points=${graphPoints(history, (s) => s.estimatedBandwidth, rateMax)}></polyline>`}
        ${svg`<polyline class="bitrate" style="stroke: var(--s72-stats-bitrate-color, #ffd54f)" points=${graphPoints(history, (s) => s.streamBandwidth, rateMax)}></polyline>`}
        ${svg`<polyline class="buffer" style="stroke: var(--s72-stats-buffer-color, #81c784)" points=${graphPoints(history, (s) => s.bufferAheadS, bufferMax)}></polyline>`}
      </svg>
      <ul class="legend" aria-hidden="true">
        <li><span style="background: var(--s72-stats-bandwidth-color, #4fc3f7)"></span>${t.t('stats.estimatedBandwidth')}</li>
        <li><span style="background: var(--s72-stats-bitrate-color, #ffd54f)"></span>${t.t('stats.streamBandwidth')}</li>
        <li><span style="background: var(--s72-stats-buffer-color, #81c784)"></span>${t.t('stats.bufferAhead')}</li>
      </ul>
    </section>
  `;
}
