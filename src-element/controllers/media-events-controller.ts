// DESIGN.md "Element events"
/**
 * Connects the store to its owners and re-dispatches the media events from the host (native media events are re-dispatched unchanged). Both live from
 * `hostConnected` (the `<video>` from the first render on) to `hostDisconnected`, so a player moved
 * in the page keeps its events and its controls keep updating.
 */
import type { ReactiveController } from 'lit';
import { MEDIA_EVENTS } from '../events.js';
import { MediaListenersController, type PlayerHost } from './player-host.js';

export class MediaEventsController implements ReactiveController {
  constructor(private readonly host: PlayerHost) {
    host.addController(this);
    const redispatch = (event: Event) => host.dispatchEvent(new Event(event.type));
    new MediaListenersController(host, Object.fromEntries(MEDIA_EVENTS.map((type) => [type, redispatch])));
  }

  hostConnected(): void {
    this.host.store.connect();
  }

  hostDisconnected(): void {
    this.host.store.disconnect();
  }
}
