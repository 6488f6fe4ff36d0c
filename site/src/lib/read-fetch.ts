/**
 * The build's fetch for Directus. A read (GET) that failed before any answer
 * because its connection closed under it — Directus closing a kept connection
 * just as the request left on it ("other side closed", a reset) — is sent once
 * more: a full build that failed on it waited for the next catch-up (two
 * fresh-clone CI runs lost a build this way). A read changes nothing, so a
 * second one is safe; writes are never sent again, and any other failure
 * (refused, timed out, an HTTP error) is the build's to report.
 */
const CLOSED = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']);

const closedBeforeAnswer = (e: unknown) => e instanceof TypeError && CLOSED.has(String((e.cause as { code?: unknown } | undefined)?.code));

export function retryingReads(send: typeof fetch = (input, init) => globalThis.fetch(input, init)): typeof fetch {
  return async (input, init) => {
    try {
      return await send(input, init);
    } catch (e) {
      const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
      if (method !== 'GET' || !closedBeforeAnswer(e)) throw e;
      return send(input, init);
    }
  };
}
