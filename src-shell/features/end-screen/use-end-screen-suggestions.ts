/**
 * The end screen's suggestions for the item playing, as React state (player-and-client §2, §9):
 * loaded in the background once the player is on screen, so start-up never waits for them, and
 * only for the last item of the playlist (the player shows its end screen only when it has
 * suggestions: that is how it knows the item is the last one). Dropped when the item changes.
 */
import { useEffect, useState } from 'react';
import type { Configuration, ContentClient, Translator } from 's72-player/client';
import type { S72Suggestion } from 's72-player';
import { loadEndScreenSuggestions } from './load-suggestions.js';

export interface EndScreenSuggestionsInput {
  /** A content client with the session's tokens (sharing the flow's cache). */
  client: ContentClient;
  /** The item playing (canonical slug). */
  slug: string;
  /** It is the last item of its playlist (or there is no playlist). */
  isLast: boolean;
  signedIn: boolean;
  configuration?: Configuration | undefined;
  i18n: Translator;
}

const NONE: readonly S72Suggestion[] = Object.freeze([]);

/**
 * Whether the item playing is the last of its playlist (player-and-client §4 "the last playlist
 * item"): no playlist (the item plays alone), or the current position is the last one. Pure.
 */
export function isLastPlaylistItem(position: { index: number; count: number } | undefined): boolean {
  return !position || position.index >= position.count - 1;
}

/** The suggestions (main first), `[]` until loaded, for other items, or when `input` is null. */
export function useEndScreenSuggestions(input: EndScreenSuggestionsInput | null): readonly S72Suggestion[] {
  const [loaded, setLoaded] = useState<{ key: string; suggestions: readonly S72Suggestion[] } | null>(null);
  const key = input?.isLast ? `${input.slug}\n${input.i18n.locale}` : null;
  useEffect(() => {
    if (!key || !input) return;
    const abort = new AbortController();
    void loadEndScreenSuggestions({
      client: input.client,
      slug: input.slug,
      signedIn: input.signedIn,
      now: Date.now(),
      currentHash: window.location.hash,
      i18n: input.i18n,
      configuration: input.configuration,
      signal: abort.signal,
    }).then(
      (suggestions) => {
        if (!abort.signal.aborted) setLoaded({ key, suggestions });
      },
      () => undefined,
    );
    return () => abort.abort();
    // The input's objects change on every render; the key says when the suggestions do.
  }, [key]);
  return key && loaded?.key === key ? loaded.suggestions : NONE;
}
