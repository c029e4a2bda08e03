// @ts-check
/**
 * The network between the two workers in the tests: every outbound fetch of the control
 * plane and of the executor comes here (miniflare's outboundService) and is passed to the
 * other worker by host name. A test can break one direction:
 *   up          pass the request on;
 *   down        answer 503 without passing it on (nothing listening);
 *   error       answer 500 without passing it on (a crashing executor);
 *   lose-answer pass it on, then answer 504 (the work was done, the answer lost — what a
 *               slow receiver looks like to a sender that timed out).
 * `PUT http://network.test/links/{host}` `{mode}` sets a direction; `GET …/stats` counts
 * what passed, by host and answer. Plain JavaScript: miniflare runs it as is.
 */

/** @type {Record<string, string>} */
const modes = {};
/** @type {Record<string, Record<string, number>>} */
const stats = {};

/** @param {string} host @param {string} outcome */
function tally(host, outcome) {
  stats[host] ??= {};
  stats[host][outcome] = (stats[host][outcome] ?? 0) + 1;
}

export default {
  /**
   * @param {Request} request
   * @param {{ EXECUTOR: Fetcher; CONTROL_PLANE: Fetcher }} env
   */
  async fetch(request, env) {
    const url = new URL(request.url);
    if (url.host === "network.test") {
      const link = /^\/links\/([^/]+)$/.exec(url.pathname);
      if (link && request.method === "PUT") {
        const { mode } = /** @type {{ mode: string }} */ (await request.json());
        modes[link[1] ?? ""] = mode;
        return new Response(null, { status: 204 });
      }
      if (url.pathname === "/stats") return Response.json(stats);
      return new Response("unknown network control", { status: 404 });
    }
    const target = { "executor.test": env.EXECUTOR, "control-plane.test": env.CONTROL_PLANE }[
      url.host
    ];
    if (target === undefined) {
      tally(url.host, "unroutable");
      return new Response(`no route to ${url.host}`, { status: 502 });
    }
    const mode = modes[url.host] ?? "up";
    if (mode === "down" || mode === "error") {
      tally(url.host, mode);
      return new Response(`${url.host} is ${mode}`, { status: mode === "down" ? 503 : 500 });
    }
    const response = await target.fetch(request);
    tally(url.host, String(response.status));
    if (mode === "lose-answer") {
      await response.body?.cancel();
      tally(url.host, "answer-lost");
      return new Response("the answer was lost", { status: 504 });
    }
    return response;
  },
};
