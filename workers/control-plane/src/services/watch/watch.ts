import type { Inventory } from "@regatta/inventory";
import type { Env } from "../../env.ts";
import { runObjectName } from "../../objects/fleet/run-members/members.ts";
import { accepted, type Outcome } from "../../outcome.ts";
import { readFleet } from "../inventory/fleets.ts";
import { readRun } from "../update-runs/runs.ts";

type Objects = Pick<Env, "FLEET" | "UPDATE_RUN">;

/**
 * The upgrade as the object sees it: only what a WebSocket handshake needs. The token
 * stays in the worker, which authorized the watch before handing it on.
 */
function handshake(request: Request): Request {
  return new Request(request.url, { headers: { upgrade: request.headers.get("upgrade") ?? "" } });
}

/**
 * `GET /v1/fleets/{fleet}/watch`: hands an authorized WebSocket to the fleet's object,
 * which tells it whenever its rollout, operations or autoscaler change.
 * @example orRefuse(await watchFleet(db, env, "prod", request)) // a 101 Response
 */
export async function watchFleet(
  db: Inventory,
  env: Objects,
  fleet: string,
  request: Request,
): Promise<Outcome<Response>> {
  const found = await readFleet(db, fleet);
  if (!found.ok) return found;
  const stub = env.FLEET.get(env.FLEET.idFromName(fleet));
  return accepted(await stub.fetch(handshake(request)));
}

/** `GET /v1/fleets/{fleet}/update-runs/{run}/watch`: the same, for one update run. */
export async function watchRun(
  db: Inventory,
  env: Objects,
  fleet: string,
  run: string,
  request: Request,
): Promise<Outcome<Response>> {
  const found = await readRun(db, env, fleet, run);
  if (!found.ok) return found;
  const stub = env.UPDATE_RUN.get(env.UPDATE_RUN.idFromName(runObjectName(fleet, run)));
  return accepted(await stub.fetch(handshake(request)));
}
