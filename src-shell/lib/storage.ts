/**
 * JSON storage that never throws (play-page §3: the play session is kept locally).
 * Bad stored JSON, a full quota or a blocked storage (sandboxed iframe) are ignored.
 *
 * Two backends (issue 8 "Tokens at rest"): `sessionStorage` (one tab, gone when it closes) holds the
 * play session with its tokens; `localStorage` holds only preferences and token-free values.
 */

/** The subset of the Web Storage API used here; tests pass an in-memory one. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface JsonStorage {
  /** The parsed value, or `undefined` when absent, unreadable or not JSON. */
  read(key: string): unknown;
  /** Stores `value` as JSON; returns false when storage refused it. */
  write(key: string, value: unknown): boolean;
  remove(key: string): void;
}

/** `window.localStorage`, or `undefined` when reading it throws (e.g. storage blocked). */
export function browserLocalStorage(): StorageLike | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * `window.sessionStorage`, or `undefined` when reading it throws (e.g. storage blocked). The only
 * persistent place a token may be kept (DESIGN.md "Security rules").
 */
export function browserSessionStorage(): StorageLike | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Wraps a backend (default: none, i.e. nothing is kept) in a never-throwing JSON storage. */
export function createJsonStorage(backend: StorageLike | undefined): JsonStorage {
  return {
    read(key) {
      try {
        const raw = backend?.getItem(key);
        return raw == null ? undefined : (JSON.parse(raw) as unknown);
      } catch {
        return undefined;
      }
    },
    write(key, value) {
      try {
        if (!backend) return false;
        backend.setItem(key, JSON.stringify(value));
        return true;
      } catch {
        return false;
      }
    },
    remove(key) {
      try {
        backend?.removeItem(key);
      } catch {
        /* storage blocked: nothing to remove */
      }
    },
  };
}

/** An in-memory backend (tests, or when `localStorage` is unavailable). */
export function memoryStorage(initial: Record<string, string> = {}): StorageLike & { dump(): Record<string, string> } {
  const map = new Map(Object.entries(initial));
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, String(v)),
    removeItem: (k) => void map.delete(k),
    dump: () => Object.fromEntries(map),
  };
}
