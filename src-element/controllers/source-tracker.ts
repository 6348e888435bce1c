// player-and-client §3 "Content" (the play token in force), issue 24 (a content equal by value does not reload)
/**
 * The source a player plays and the session that goes with it: whether a property change sets a
 * new source (compared by value, `sourceIdentity`), the play token in force (one replaced at run
 * time lasts until the next source), and the playback session read from that token and the
 * content's `session`.
 */
import type { PropertyValues } from 'lit';
import { sourceIdentity, type SourceIdentityInput } from '../core/source-identity.js';
import { resolvePlaySession, sessionToken, type PlaySession } from '../core/session/play-session.js';
import type { S72Content } from '../core/types.js';

/** The player's properties that make its source. */
const SOURCE_PROPERTIES = ['content', 'config', 'src', 'licenseUrl', 'keySystem', 'authToken'] as const;

/** What the tracker reads of the player. */
export interface SourceTrackerHost extends SourceIdentityInput {
  readonly content: S72Content | null;
  readonly src: string | null;
}

export class SourceTracker {
  /** `sourceIdentity` of the source loaded last; null while none is set. */
  private key: string | null = null;
  /** The last `updatePlayToken()`, until the next source. */
  private replacedPlayToken: string | null = null;
  private sessionMemo: { token: string | null; session: unknown; value: PlaySession } | null = null;

  constructor(private readonly host: SourceTrackerHost) {}

  /**
   * Takes an update's changed properties; true when they set a new source (then the replaced play
   * token is dropped). A content equal by value to the one playing (a React parent building it on
   * each render) is not new and keeps the refreshed play token.
   */
  update(changed: PropertyValues): boolean {
    const sourceSet = Boolean(this.host.content || this.host.src);
    const identity = sourceSet && SOURCE_PROPERTIES.some((key) => changed.has(key)) ? sourceIdentity(this.host) : this.key;
    const newSource = sourceSet && identity !== this.key;
    if (newSource) this.replacedPlayToken = null;
    this.key = sourceSet ? identity : null;
    return newSource;
  }

  /** Replaces the play token of the running source; blank tokens are ignored. */
  replacePlayToken(token: string): void {
    if (token.trim()) this.replacedPlayToken = token.trim();
  }

  /** The play token in force: the replaced one, else `content.playToken`, else `content.session.token`. */
  get playToken(): string | null {
    return sessionToken(this.replacedPlayToken, this.host.content?.playToken, this.host.content?.session);
  }

  /** The session of the play token in force and `content.session` (the same object while both are unchanged). */
  get playSession(): PlaySession {
    const token = this.playToken;
    const session = this.host.content?.session;
    if (this.sessionMemo?.token !== token || this.sessionMemo.session !== session) {
      this.sessionMemo = { token, session, value: resolvePlaySession(token, session) };
    }
    return this.sessionMemo.value;
  }
}
