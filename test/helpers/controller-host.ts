/**
 * A small controller host for controller tests (lit's "the host only needs to implement
 * ReactiveControllerHost"): a real store and a real, muted <video>; errors reported are kept. The
 * host of test/element/controllers.test.ts and of the recovery and watchdog tests.
 */
import { fixture, html } from '@open-wc/testing';
import { LitElement } from 'lit';
import type { S72Error } from '../../src-element/core/errors.js';
import { createPlayerStore } from '../../src-element/core/player-store.js';
import type { S72PlayerConfig } from '../../src-element/core/types.js';
import { resolvePlaySession, type PlaySession } from '../../src-element/core/session/play-session.js';
import { MEDIA, demoUrl, nextEvent } from './demo.js';

let hostCount = 0;

export class ControllerTestHost extends LitElement {
  readonly store = createPlayerStore({ document });
  effectiveConfig: S72PlayerConfig = {};
  muted = true;
  playToken: string | null = null;
  get playSession(): PlaySession {
    return resolvePlaySession(this.playToken, null);
  }
  readonly errors: S72Error[] = [];
  report(error: S72Error): void {
    this.errors.push(error);
  }
  protected override render() {
    return html`<video muted playsinline></video>`;
  }
  protected override firstUpdated(): void {
    const video = this.renderRoot.querySelector('video')!;
    video.muted = true;
    this.store.setOwners({ media: video });
  }
  get video(): HTMLVideoElement {
    return this.renderRoot.querySelector('video')!;
  }
}

/** A connected host (its own tag, so each test can subclass freely). */
export async function controllerHost(): Promise<ControllerTestHost> {
  const tag = `s72-controller-host-${++hostCount}`;
  customElements.define(tag, class extends ControllerTestHost {});
  const element = document.createElement(tag) as ControllerTestHost;
  await fixture(html`<div></div>`).then((parent) => parent.append(element));
  await element.updateComplete;
  return element;
}

/** Gives the host's <video> the demo MP4 and waits for its metadata. */
export async function withMp4(element: ControllerTestHost): Promise<void> {
  const loaded = nextEvent(element.video, 'loadedmetadata');
  element.video.src = demoUrl(MEDIA.mp4);
  await loaded;
}
