// Demo storefronts for browser test files that run at the same time (web-test-runner's
// `concurrency`). The storefront's `/__demo/` state (faults, latency, recorded requests, live
// schedules, sessions) is global to one server, and test files reset and read it: two files
// sharing one server would see each other's faults and requests. So each running test file gets a
// storefront of its own, leased from a pool of `size` servers (one per concurrent file) for as long
// as its session runs, then handed to the next file. The page asks for its storefront's origin
// before the tests load (see `demoOriginScript`), by its web-test-runner session id.

/**
 * @param {{ size: number; start: (index: number) => Promise<{ url: string; close(): Promise<void> }> }} options
 */
export async function createDemoPool({ size, start }) {
  const servers = [];
  for (let index = 0; index < size; index++) servers.push(await start(index));
  /** Session id → server. */
  const leases = new Map();
  /** Servers no running session holds, the longest free first (a server just handed back rests). */
  const free = [...servers];

  const lease = (sessionId) => {
    let server = leases.get(sessionId);
    if (server) return server;
    server = free.shift();
    // More sessions than servers would mean `size` is below the runner's concurrency.
    if (!server) throw new Error(`demo pool: no free storefront for session ${sessionId} (pool of ${size})`);
    leases.set(sessionId, server);
    return server;
  };
  const release = (sessionId) => {
    const server = leases.get(sessionId);
    if (!server) return;
    leases.delete(sessionId);
    free.push(server);
  };

  return {
    /** The storefronts' origins (for the control API's allow-list and the like). */
    urls: servers.map((server) => server.url),
    close: () => Promise.all(servers.map((server) => server.close())),
    /** Dev-server plugin: `GET /__s72/demo-origin?session=ID` answers the session's storefront origin. */
    plugin: () => ({
      name: 's72:demo-pool',
      serve(context) {
        if (context.path !== '/__s72/demo-origin') return undefined;
        const sessionId = context.URL.searchParams.get('session');
        if (!sessionId) return { body: 'session missing', type: 'text/plain' };
        context.set('cache-control', 'no-store');
        return { body: lease(sessionId).url, type: 'text/plain' };
      },
    }),
    /**
     * Reporter that hands a session's storefront back once the session is over (its page has left
     * for about:blank by then, so nothing of it reaches the storefront any more).
     */
    reporter: () => ({
      start({ sessions }) {
        sessions.on('session-status-updated', (session) => {
          if (session.status === 'FINISHED') release(session.id);
        });
      },
    }),
  };
}

/**
 * The classic script that sets `window.S72_DEMO_ORIGIN` in the test page before its modules run: a
 * synchronous request, so the origin is there when the first test module is evaluated.
 */
export const demoOriginScript = `(() => {
  const session = new URLSearchParams(location.search).get('wtr-session-id');
  const request = new XMLHttpRequest();
  request.open('GET', '/__s72/demo-origin?session=' + encodeURIComponent(session ?? ''), false);
  request.send();
  if (request.status !== 200 || !/^http:/.test(request.responseText)) throw new Error('no demo storefront: ' + request.responseText);
  window.S72_DEMO_ORIGIN = request.responseText;
})();`;
