// @ts-check
/**
 * The network between the two workers in the tests: every outbound fetch of the control
 * plane and of the executor comes here (miniflare's outboundService) and is passed to the
 * other worker by host name. A test can break one direction:
 *   up          pass the request on;
 *   down        answer 503 without passing it on (nothing listening);
 *   error       answer 500 without passing it on (a crashing receiver);
 *   lose-answer pass it on, then answer 504 (the work was done, the answer lost — what a
 *               slow receiver looks like to a sender that timed out).
 * `PUT http://network.test/links/{host}` `{mode}` sets a direction; `GET …/log` lists
 * what passed (newest last, the last 500), with the signature headers, both bodies and
 * the receiver's real answer. Plain JavaScript: miniflare runs it as is.
 */

/** @type {Record<string, string>} */
const modes = {};
/**
 * @typedef {{ host: string; path: string; mode: string; status: number | null;
 *   timestamp: string | null; signature: string | null; body: string; answer: string }} Entry
 */
/** @type {Entry[]} */
const log = [];
const KEPT = 500;

export default {
  /**
   * @param {Request} request
   * @param {{ EXECUTOR: Fetcher; CONTROL_PLANE: Fetcher }} env
   */
  async fetch(request, env) {
    const url = new URL(request.url);
    if (url.host === "network.test") return control(request, url);
    const target = { "executor.test": env.EXECUTOR, "control-plane.test": env.CONTROL_PLANE }[
      url.host
    ];
    const mode = modes[url.host] ?? "up";
    const body = await request.text();
    /** @type {Entry} */
    const entry = {
      host: url.host,
      path: url.pathname,
      mode,
      status: null,
      timestamp: request.headers.get("x-regatta-timestamp"),
      signature: request.headers.get("x-regatta-signature"),
      body,
      answer: "",
    };
    log.push(entry);
    if (log.length > KEPT) log.shift();
    if (target === undefined) return new Response(`no route to ${url.host}`, { status: 502 });
    if (mode === "down" || mode === "error") {
      return new Response(`${url.host} is ${mode}`, { status: mode === "down" ? 503 : 500 });
    }
    const response = await target.fetch(url, {
      method: request.method,
      headers: request.headers,
      body: request.method === "GET" || request.method === "HEAD" ? undefined : body,
    });
    entry.status = response.status;
    entry.answer = await response.text();
    if (mode === "lose-answer") return new Response("the answer was lost", { status: 504 });
    return new Response(entry.answer, { status: response.status, headers: response.headers });
  },
};

/**
 * @param {Request} request
 * @param {URL} url
 */
async function control(request, url) {
  const link = /^\/links\/([^/]+)$/.exec(url.pathname);
  if (link && request.method === "PUT") {
    const { mode } = /** @type {{ mode: string }} */ (await request.json());
    modes[link[1] ?? ""] = mode;
    return new Response(null, { status: 204 });
  }
  if (url.pathname === "/log") return Response.json(log);
  return new Response("unknown network control", { status: 404 });
}
