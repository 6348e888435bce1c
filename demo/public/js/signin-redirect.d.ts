/** The validated same-origin target of a raw `from` value, or the home page. */
export function safeRedirectTarget(from: string | null | undefined, origin: string): URL;
/** The URL to go to after signing in: validated `from` plus `u=<token>` in its hash route. */
export function signInRedirect(from: string | null | undefined, token: string, origin: string): string;
