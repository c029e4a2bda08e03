/**
 * A bare worker that Miniflare runs next to the control plane with a binding to the
 * control plane's own FleetObject class, so a benchmark can call the object's RPC
 * methods (e.g. `inspect()` and its `rowsWritten` counter) the way the worker does:
 * same namespace, same `idFromName(fleet)`, same instance.
 *
 * POST /fleet/inspect {fleet} → what FleetObject.inspect() returns, as JSON
 * POST /run/inspect {fleet, run} → what UpdateRunObject.inspect() returns, as JSON
 */
export default {
  /** @param {Request} request @param {{ FLEET: DurableObjectNamespace, UPDATE_RUN: DurableObjectNamespace }} env */
  async fetch(request, env) {
    const { pathname } = new URL(request.url);
    if (request.method !== "POST") return new Response("POST only", { status: 405 });
    if (pathname === "/fleet/inspect") {
      const { fleet } = await request.json();
      const stub = env.FLEET.get(env.FLEET.idFromName(fleet));
      return Response.json(await stub.inspect());
    }
    if (pathname === "/run/inspect") {
      const { fleet, run } = await request.json();
      const stub = env.UPDATE_RUN.get(env.UPDATE_RUN.idFromName(`${fleet}/${run}`));
      return Response.json(await stub.inspect());
    }
    return new Response(`no probe route ${pathname}`, { status: 404 });
  },
};
