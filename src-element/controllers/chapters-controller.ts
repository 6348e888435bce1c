// issue 27 item 2
/**
 * Loads the chapters of each loaded source once its first frame is there (the media's
 * `loadeddata`, or at once when the frame was there before the load finished), so nothing of
 * them is fetched before the first frame: the content's WebVTT chapters files and the stream's own
 * chapter data, in the player's language (its nearest `lang`) when there are chapters in it. The
 * engine keeps them; the store's `chapters` row reads them.
 */
import type { ReactiveController } from 'lit';
import { chaptersFiles } from '../core/chapters.js';
import type { Engine } from '../core/engine/engine.js';
import { hasPicture } from '../core/media-seek.js';
import type { S72Content } from '../core/types.js';
import { MediaListenersController, type PlayerHost } from './player-host.js';

export interface ChaptersHost extends PlayerHost {
  /** The content played (its `chapters`), or null. */
  readonly content: S72Content | null;
}

export class ChaptersController implements ReactiveController {
  /** The engine chapters were asked of last (one request per engine: each load makes a new one). */
  private askedOf: Engine | null = null;
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly host: ChaptersHost) {
    host.addController(this);
    new MediaListenersController(host, { loadeddata: () => this.maybeLoad() });
  }

  hostConnected(): void {
    this.unsubscribe = this.host.store.subscribe((_state, changed) => {
      if (changed.has('loaded')) this.maybeLoad();
    });
  }

  hostDisconnected(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
  }

  private maybeLoad(): void {
    const { store } = this.host;
    const engine = store.owners.engine;
    const media = store.owners.media;
    if (!engine?.loadChapters || engine === this.askedOf || !store.getState().loaded) return;
    if (!hasPicture(media)) return;
    if (store.getState().live) return;
    this.askedOf = engine;
    const files = chaptersFiles(this.host.content, this.host.ownerDocument.baseURI);
    const language = this.host.closest('[lang]')?.getAttribute('lang') || 'en';
    void engine.loadChapters(files, language);
  }
}
