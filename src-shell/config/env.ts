/**
 * Build-time settings of the play page (Vite `import.meta.env`).
 *
 * `VITE_ALLOWED_REDIRECT_ORIGINS`: comma-separated origins, besides the page's own, that `from`
 * and other redirect targets may point to (DESIGN.md "Security rules"). Empty by default.
 */
function list(value: unknown): string[] {
  return typeof value === 'string'
    ? value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];
}

const env = (import.meta as ImportMeta & { env?: Record<string, unknown> }).env ?? {};

export const ALLOWED_REDIRECT_ORIGINS: readonly string[] = list(env['VITE_ALLOWED_REDIRECT_ORIGINS']);
