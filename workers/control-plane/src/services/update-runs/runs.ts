import type { z } from "@hono/zod-openapi";
import type { UpdateRunInput, UpdateStrategyInput } from "@regatta/contract";
import {
  createUpdateRun,
  type Instant,
  type UpdateRun,
  type UpdateRunView,
  type UpdateStrategy,
  validateStrategy,
} from "@regatta/engine";
import {
  decodeCursor,
  encodeCursor,
  fleetCandidates,
  getFleet,
  InvalidCursorError,
  type Inventory,
  loadAvailability,
  type Page,
  type PageRequest,
  pageLimit,
} from "@regatta/inventory";
import type { Env } from "../../env.ts";
import { runObjectName } from "../../objects/fleet/run-members/members.ts";
import type { IndexedRun, StoredStrategy } from "../../objects/fleet/run-members/runs-index.ts";

export type { StoredStrategy };

/** A run's status as `GET …/update-runs/{run}` answers it: a page of its members. */
export type RunStatus = UpdateRunView & { nextCursor: string | null };

const status = ({ view, nextCursor }: RunPage): RunStatus => ({ ...view, nextCursor });

import type { RunPageRequest } from "../../objects/update-run/page.ts";
import type { RunControl, RunPage } from "../../objects/update-run/update-run-object.ts";
import { urlPolicy } from "../../outbound/url-policy.ts";
import { accepted, type Outcome, refused } from "../../outcome.ts";
import { healthCheckRefusal } from "./health-checks.ts";

type Objects = Pick<Env, "FLEET" | "UPDATE_RUN">;
/** What strategy writes and run creation read: the objects, and the URL policy (EXT-7). */
type Deployment = Objects &
  Pick<Env, "NOTIFICATIONS_ALLOW_LOOPBACK" | "REGATTA_OUTBOUND_PORTS" | "REGATTA_OUTBOUND_HOSTS">;

function fleetStub(env: Objects, fleet: string) {
  return env.FLEET.get(env.FLEET.idFromName(fleet));
}

function runStub(env: Objects, fleet: string, run: string) {
  return env.UPDATE_RUN.get(env.UPDATE_RUN.idFromName(runObjectName(fleet, run)));
}

async function requireFleet(db: Inventory, fleet: string): Promise<Outcome<void>> {
  return (await getFleet(db, fleet))
    ? accepted(undefined)
    : refused("missing", `fleet ${fleet} does not exist`);
}

/** `PUT …/update-strategies/{name}` (RUN-3 validated, RUN-4 stored in the fleet's object). */
export async function putUpdateStrategy(
  db: Inventory,
  env: Deployment,
  fleet: string,
  name: string,
  input: z.infer<typeof UpdateStrategyInput>,
  now: Instant,
): Promise<Outcome<{ created: boolean; value: StoredStrategy }>> {
  const exists = await requireFleet(db, fleet);
  if (!exists.ok) return exists;
  const valid = validateStrategy(input);
  if (!valid.ok) return valid;
  const unsafe = healthCheckRefusal(input, urlPolicy(env));
  if (unsafe !== undefined) return unsafe;
  const value: StoredStrategy = { name, stages: input.stages, updatedAt: now };
  const stored = await fleetStub(env, fleet).putUpdateStrategy(value);
  return stored.ok ? accepted({ created: stored.value.created, value }) : stored;
}

export async function getUpdateStrategy(
  db: Inventory,
  env: Objects,
  fleet: string,
  name: string,
): Promise<Outcome<StoredStrategy>> {
  const exists = await requireFleet(db, fleet);
  if (!exists.ok) return exists;
  const found = await fleetStub(env, fleet).updateStrategy(name);
  return found
    ? accepted(found)
    : refused("missing", `update strategy ${name} does not exist in fleet ${fleet}`);
}

export async function deleteUpdateStrategy(
  db: Inventory,
  env: Objects,
  fleet: string,
  name: string,
): Promise<Outcome<void>> {
  const exists = await requireFleet(db, fleet);
  if (!exists.ok) return exists;
  const deleted = await fleetStub(env, fleet).deleteUpdateStrategy(name);
  return deleted
    ? accepted(undefined)
    : refused("missing", `update strategy ${name} does not exist in fleet ${fleet}`);
}

/**
 * `POST /v1/fleets/{fleet}/update-runs`: a NotStarted run in its own object, copying the
 * strategy or the inline stages (RUN-4), members from the fleet's clusters by
 * `updateGroup`, the goal checked against VER per member (RUN-5). The name is reserved in
 * the fleet's index first (409 on a duplicate) and released if the run is refused.
 */
export async function createRun(
  db: Inventory,
  env: Deployment,
  fleet: string,
  input: z.infer<typeof UpdateRunInput>,
  now: Instant,
): Promise<Outcome<RunStatus>> {
  const exists = await requireFleet(db, fleet);
  if (!exists.ok) return exists;
  if (input.strategy !== undefined && input.stages !== undefined) {
    return refused("malformed", "give either strategy or stages, not both");
  }
  let strategy: UpdateStrategy | undefined = input.stages ? { stages: input.stages } : undefined;
  if (input.strategy !== undefined) {
    const stored = await fleetStub(env, fleet).updateStrategy(input.strategy);
    if (!stored) {
      return refused(
        "refused",
        `RUN-4: update strategy ${input.strategy} does not exist in fleet ${fleet}`,
        "RUN-4",
      );
    }
    strategy = { stages: stored.stages };
  }
  const unsafe = strategy && healthCheckRefusal(strategy, urlPolicy(env));
  if (unsafe !== undefined) return unsafe;
  const { availability, catalogue } = await loadAvailability(db);
  const goal = {
    type: input.upgrade.type,
    nodeImageSelection: input.nodeImageSelection,
    ...(input.upgrade.kubernetesVersion
      ? { kubernetesVersion: input.upgrade.kubernetesVersion }
      : {}),
  };
  const run = createUpdateRun(
    {
      name: input.name,
      fleet,
      goal,
      ...(strategy ? { strategy } : {}),
      ...(input.strategy ? { strategyName: input.strategy } : {}),
      candidates: await fleetCandidates(db, fleet),
      availability,
      catalogue,
    },
    now,
  );
  if (!run.ok) return run;
  return storeNewRun(env, run.value);
}

/**
 * Puts a run `createUpdateRun` made into its own object: the name reserved in the fleet's
 * index first (409 on a duplicate), released if the object refuses it. Shared by
 * `POST …/update-runs` and the runs auto-upgrade profiles generate (EXT-5).
 */
export async function storeNewRun(env: Objects, run: UpdateRun): Promise<Outcome<RunStatus>> {
  const index = fleetStub(env, run.fleet);
  // The index keeps the run's own creation time: retention empties exactly that run.
  const reserved = await index.registerUpdateRun(run.fleet, run.name, run.createdAt);
  if (!reserved.ok) return reserved;
  const created = await runStub(env, run.fleet, run.name).create(run);
  if (!created.ok) {
    await index.unregisterUpdateRun(run.name);
    return created;
  }
  return accepted(status(created.value));
}

/** The run's current view (its first member only), or undefined when the fleet has none. */
export async function findRun(
  env: Objects,
  fleet: string,
  run: string,
): Promise<UpdateRunView | undefined> {
  const found = await runStub(env, fleet, run).view({ limit: 1 });
  return found?.ok ? found.value.view : undefined;
}

/** The fleet's stored strategy of that name, if any (RUN-4). */
export async function findStrategy(
  env: Objects,
  fleet: string,
  name: string,
): Promise<StoredStrategy | undefined> {
  return (await fleetStub(env, fleet).updateStrategy(name)) ?? undefined;
}

/**
 * `GET …/update-runs/{run}?limit=&cursor=`: every stage and group, and a page of members
 * in tree order (all of a run under 1,000 members when no limit is given).
 */
export async function readRun(
  db: Inventory,
  env: Objects,
  fleet: string,
  run: string,
  page: RunPageRequest = {},
): Promise<Outcome<RunStatus>> {
  const exists = await requireFleet(db, fleet);
  if (!exists.ok) return exists;
  const found = await runStub(env, fleet, run).view(page);
  if (found === undefined)
    return refused("missing", `update run ${run} does not exist in fleet ${fleet}`);
  return found.ok ? accepted(status(found.value)) : found;
}

/** Start, stop (RUN-10), skip (RUN-12) or approve a gate (EXT-1). */
export async function controlRun(
  db: Inventory,
  env: Objects,
  fleet: string,
  run: string,
  control: RunControl,
): Promise<Outcome<RunStatus>> {
  const found = await readRun(db, env, fleet, run, { limit: 1 });
  if (!found.ok) return found;
  const answer = await runStub(env, fleet, run).control(control);
  return answer.ok ? accepted(status(answer.value)) : answer;
}

/** One run of the listing: its index entry, with why it is stuck when it is (EXT-9). */
export type RunSummary = IndexedRun & { message?: string };

/** Newest first; runs created at the same instant by name. */
function newestFirst(a: IndexedRun, b: IndexedRun): number {
  return b.createdAt - a.createdAt || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}

/** A run's place in the listing order, as a cursor carries it. */
const listKey = (run: IndexedRun) => `${run.createdAt}|${run.name}`;

/**
 * `GET /v1/fleets/{fleet}/update-runs?limit=&cursor=`: the fleet's runs (the index keeps
 * the newest 200 and finished ones until their retention), newest first. A cursor names
 * the last run of its page, so runs dropped meanwhile do not shift the next page.
 */
export async function listRuns(
  db: Inventory,
  env: Objects,
  fleet: string,
  request: PageRequest,
): Promise<Outcome<Page<RunSummary>>> {
  const exists = await requireFleet(db, fleet);
  if (!exists.ok) return exists;
  const runs = (await fleetStub(env, fleet).updateRuns()).sort(newestFirst);
  let from = 0;
  if (request.cursor !== undefined) {
    const after = decodeCursor(request.cursor);
    const bar = after.indexOf("|");
    const key = { createdAt: Number(after.slice(0, bar)), name: after.slice(bar + 1) };
    if (bar < 0 || !Number.isFinite(key.createdAt)) throw new InvalidCursorError(request.cursor);
    from = runs.findIndex((run) => newestFirst(run, { ...key, fleet, state: "" }) > 0);
    if (from < 0) from = runs.length;
  }
  const limit = pageLimit(request.limit);
  const slice = runs.slice(from, from + limit);
  // The index hears a run's state when the run delivers it; runs not Completed are asked directly,
  // for their state and for why they are where they are (EXT-9), one page at a time.
  const items: RunSummary[] = await Promise.all(
    slice.map(async (run) => {
      if (run.state === "Completed") return run;
      const page = await runStub(env, fleet, run.name).view({ limit: 1 });
      if (!page?.ok) return run;
      const view = page.value.view;
      return view.message === undefined
        ? { ...run, state: view.state }
        : { ...run, state: view.state, message: view.message };
    }),
  );
  const last = slice.at(-1);
  const more = from + limit < runs.length && last !== undefined;
  return accepted({ items, nextCursor: more ? encodeCursor(listKey(last)) : null });
}
