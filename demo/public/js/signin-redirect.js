/**
 * Where the demo sign-in page sends the viewer (play-page §6; DESIGN.md "Security rules": `from`
 * and every redirect target must be same-origin, anything else is ignored).
 * Plain ES module so the page needs no build step; types in signin-redirect.d.ts.
 */

/** Characters that browsers strip or reinterpret in URLs (tabs, newlines, backslashes). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f\\]/;

/**
 * The validated same-origin target of a raw `from` value, or the home page.
 * @param {string | null | undefined} from
 * @param {string} origin the sign-in page's `location.origin`
 * @returns {URL}
 */
export function safeRedirectTarget(from, origin) {
  const home = new URL('/', origin);
  if (typeof from !== 'string' || from.trim() === '' || UNSAFE.test(from)) return home;
  let url;
  try {
    url = new URL(from, origin);
  } catch {
    return home;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return home;
  if (url.origin !== home.origin || url.username !== '' || url.password !== '') return home;
  return url;
}

/**
 * The URL to go to after signing in with `token`: the validated `from`, with `u=<token>` added as a
 * query parameter of its hash route (`/play/#/film/x/x?u=…`), or as the fragment `#u=…` when it has no hash
 * route (never the query string). Any previous `u` or `p` is replaced.
 * @param {string | null | undefined} from
 * @param {string} token
 * @param {string} origin
 * @returns {string}
 */
export function signInRedirect(from, token, origin) {
  const url = safeRedirectTarget(from, origin);
  if (url.hash.startsWith('#/')) {
    const route = url.hash.slice(1);
    const q = route.indexOf('?');
    const params = new URLSearchParams(q === -1 ? '' : route.slice(q + 1));
    params.delete('p');
    params.set('u', token);
    url.hash = `${q === -1 ? route : route.slice(0, q)}?${params}`;
  } else {
    // Never in the query string (issue 8): servers, logs and Referer would see it. The fragment
    // stays in the browser.
    url.searchParams.delete('p');
    url.searchParams.delete('u');
    url.hash = `u=${encodeURIComponent(token)}`;
  }
  return url.href;
}
