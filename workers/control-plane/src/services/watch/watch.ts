import { getApiToken, type Inventory, recordTokenWatch } from "@regatta/inventory";
import { tokenIdentity } from "../../auth/secrets.ts";
import type { Env } from "../../env.ts";
import { runObjectName } from "../../objects/fleet/run-members/members.ts";
import { accepted, type Outcome, refused } from "../../outcome.ts";
import {
  isWebSocketUpgrade,
  NOT_AN_UPGRADE,
  WATCHER_HEADER,
  watchRefusalOf,
} from "../../runtime/watchers.ts";
import { readFleet } from "../inventory/fleets.ts";
import { type FleetAccess, storedFleets } from "../rollout/sequences.ts";
import { readRun } from "../update-runs/runs.ts";

type Objects = Pick<Env, "FLEET" | "UPDATE_RUN" | "ROLLOUT_SEQUENCE">;

/**
 * Who watches: an API token by name and identity. Unset for the bootstrap admin, whose
 * secret is the deployment's and cannot be revoked through the API.
 */
export interface Watcher {
  token: string;
  identity: string;
}

/** How revocation finds the sockets: the object, named as `token_watches` rows name it. */
type Watched =
  | { kind: "fleet"; fleet: string }
  | { kind: "run"; fleet: string; run: string }
  | { kind: "sequence"; sequence: string };

function watchedName(watched: Watched): string {
  switch (watched.kind) {
    case "fleet":
      return `fleet:${watched.fleet}`;
    case "run":
      return `run:${watched.fleet}/${watched.run}`;
    case "sequence":
      return `sequence:${watched.sequence}`;
  }
}

function stubOf(env: Objects, watched: Watched) {
  switch (watched.kind) {
    case "fleet":
      return env.FLEET.get(env.FLEET.idFromName(watched.fleet));
    case "run":
      return env.UPDATE_RUN.get(
        env.UPDATE_RUN.idFromName(runObjectName(watched.fleet, watched.run)),
      );
    case "sequence":
      return env.ROLLOUT_SEQUENCE.get(env.ROLLOUT_SEQUENCE.idFromName(watched.sequence));
  }
}

/**
 * The upgrade as the object sees it: only what a WebSocket handshake needs and the
 * token's identity to tag the socket with. The token stays in the worker, which
 * authorized the watch before handing it on.
 */
function handshake(request: Request, watcher: Watcher | undefined): Request {
  const headers: Record<string, string> = { upgrade: request.headers.get("upgrade") ?? "" };
  if (watcher) headers[WATCHER_HEADER] = watcher.identity;
  return new Request(request.url, { headers });
}

/**
 * SEC-6: hands the watch to its object so that revoking the token closes it. The row
 * is written before the object accepts, and the token looked up again after: a
 * revocation either finds the row once the socket is open, or the lookup finds the token
 * gone and closes the socket itself.
 */
async function openWatch(
  db: Inventory,
  env: Objects,
  watched: Watched,
  request: Request,
  watcher: Watcher | undefined,
): Promise<Outcome<Response>> {
  if (!isWebSocketUpgrade(request)) return { ok: false, error: NOT_AN_UPGRADE };
  const object = watchedName(watched);
  if (watcher) await recordTokenWatch(db, { ...watcher, object });
  const stub = stubOf(env, watched);
  const response = await stub.fetch(handshake(request, watcher));
  if (response.status !== 101) return { ok: false, error: await watchRefusalOf(response) };
  if (watcher && !(await stillValid(db, watcher))) await stub.closeWatchers(watcher.identity);
  return accepted(response);
}

async function stillValid(db: Inventory, watcher: Watcher): Promise<boolean> {
  const row = await getApiToken(db, watcher.token);
  return row !== undefined && (await tokenIdentity(row.secretHash)) === watcher.identity;
}

/**
 * SEC-6: a revoked token's watch sockets are closed (4401), on exactly the objects it
 * watched: its `token_watches` rows, not every object it could read.
 */
export async function closeRevokedWatches(
  env: Objects,
  watches: readonly { object: string; identity: string }[],
): Promise<void> {
  const closing = watches.map(async ({ object, identity }) => {
    const watched = parseWatched(object);
    if (watched) await stubOf(env, watched).closeWatchers(identity);
  });
  for (const result of await Promise.allSettled(closing)) {
    if (result.status === "rejected") {
      console.error("SEC-6: could not close a revoked token's watch", result.reason);
    }
  }
}

function parseWatched(object: string): Watched | undefined {
  const fleet = /^fleet:(.+)$/.exec(object);
  if (fleet) return { kind: "fleet", fleet: fleet[1]! };
  const run = /^run:([^/]+)\/(.+)$/.exec(object);
  if (run) return { kind: "run", fleet: run[1]!, run: run[2]! };
  const sequence = /^sequence:(.+)$/.exec(object);
  return sequence ? { kind: "sequence", sequence: sequence[1]! } : undefined;
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
  watcher?: Watcher,
): Promise<Outcome<Response>> {
  const found = await readFleet(db, fleet);
  if (!found.ok) return found;
  return openWatch(db, env, { kind: "fleet", fleet }, request, watcher);
}

/** `GET /v1/fleets/{fleet}/update-runs/{run}/watch`: the same, for one update run. */
export async function watchRun(
  db: Inventory,
  env: Objects,
  fleet: string,
  run: string,
  request: Request,
  watcher?: Watcher,
): Promise<Outcome<Response>> {
  const found = await readRun(db, env, fleet, run);
  if (!found.ok) return found;
  return openWatch(db, env, { kind: "run", fleet, run }, request, watcher);
}

/**
 * `GET /v1/rollout-sequences/{name}/watch`: the same, for a rollout sequence's object
 * (its stages' progress, pauses and soaks). One the caller may read nothing of does not
 * exist for it (SEQ-18).
 */
export async function watchSequence(
  db: Inventory,
  env: Objects,
  sequence: string,
  readable: FleetAccess,
  request: Request,
  watcher?: Watcher,
): Promise<Outcome<Response>> {
  const { stored, fleets } = await storedFleets(db, sequence);
  if (stored === undefined || !fleets.some(readable)) {
    return refused("missing", `rollout sequence ${sequence} does not exist`);
  }
  return openWatch(db, env, { kind: "sequence", sequence }, request, watcher);
}
