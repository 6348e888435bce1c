/**
 * Connects the store to its owners and re-dispatches the media events from the host (DESIGN.md
 * "Element events": native media events are re-dispatched unchanged). Listens from
 * `hostConnected` (or the first render, when the `<video>` appears) to `hostDisconnected`, so a
 * player moved in the page keeps its events and its controls keep updating.
 */
import type { ReactiveController } from 'lit';
import { MEDIA_EVENTS } from '../events.js';
import { Listeners, type PlayerHost } from './player-host.js';

export class MediaEventsController implements ReactiveController {
  private readonly media = new Listeners();
  private connected = false;

  constructor(private readonly host: PlayerHost) {
    host.addController(this);
  }

  hostConnected(): void {
    this.connected = true;
    this.host.store.connect();
    this.attach();
  }

  hostUpdated(): void {
    // The <video> exists from the first render on; attach once it is there.
    if (this.connected && this.media.current !== this.host.store.owners.media) this.attach();
  }

  hostDisconnected(): void {
    this.connected = false;
    this.media.detach();
    this.host.store.disconnect();
  }

  private attach(): void {
    const video = this.host.store.owners.media;
    const redispatch = (event: Event) => this.host.dispatchEvent(new Event(event.type));
    this.media.attach(video, Object.fromEntries(MEDIA_EVENTS.map((type) => [type, redispatch])));
  }
}
