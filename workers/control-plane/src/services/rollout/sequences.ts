import type { z } from "@hono/zod-openapi";
import type { RolloutSequence, RolloutSequenceInput } from "@regatta/contract";
import {
  type Instant,
  type SequenceStage,
  sequenceFleets,
  stageMembers,
  toRfc3339,
  validateStages,
} from "@regatta/engine";
import {
  constraintViolation,
  deleteRolloutSequence,
  encodeCursor,
  existingFleets,
  fleetSequencing,
  getRolloutSequence,
  type Inventory,
  listRolloutSequences,
  listStageClusters,
  pageLimit,
  putRolloutSequence,
  type RolloutSequenceRow,
  type SequenceAsRead,
  type StageClusterRow,
} from "@regatta/inventory";
import type { Env } from "../../env.ts";
import { accepted, type Outcome, refused } from "../../outcome.ts";
import type { Upserted } from "../inventory/upserted.ts";

type Input = z.infer<typeof RolloutSequenceInput>;
type View = z.infer<typeof RolloutSequence>;

/** Whether the caller may read (or write) a fleet; the route's authorization, asked per fleet. */
export type FleetAccess = (fleet: string) => boolean;

/** Names listed per stage (and apart) at most; the counts say how many there are. */
const LISTED = 1_000;

/** A sequence with what each stage selects now (SEQ-16), as the caller may read it. */
async function selectedView(db: Inventory, row: RolloutSequenceRow, readable: FleetAccess) {
  return sequenceView(row, readable, await listStageClusters(db, sequenceFleets(row.stages)));
}

/**
 * SEQ-15/16 with what the caller may read: stages naming none of its readable fleets are
 * left out (the others keep their numbers), and each stage shows only its readable fleets
 * and their clusters — membership itself is decided over every cluster, since a cluster
 * the caller cannot see may still take a place in an earlier stage.
 */
function sequenceView(
  row: RolloutSequenceRow,
  readable: FleetAccess,
  clusters?: readonly StageClusterRow[],
): View {
  const members = clusters && stageMembers(row.stages, clusters);
  const fleetOf = new Map(clusters?.map((cluster) => [cluster.name, cluster.fleet]));
  const shown = (names: readonly string[]) =>
    names.filter((name) => readable(fleetOf.get(name) ?? ""));
  const stages: View["stages"] = [];
  for (const [i, stage] of row.stages.entries()) {
    const visible = stage.fleets.filter(readable);
    if (visible.length === 0) continue;
    const view: View["stages"][number] = {
      stage: i + 1,
      fleets: visible,
      ...(stage.clusterSelector === undefined ? {} : { clusterSelector: stage.clusterSelector }),
      soakSeconds: stage.soakSeconds,
    };
    if (members !== undefined) {
      const selected = shown(members.stages[i] ?? []);
      view.clusters = selected.slice(0, LISTED);
      view.clusterCount = selected.length;
    }
    stages.push(view);
  }
  const view: View = {
    name: row.name,
    labels: row.labels ?? {},
    stages,
    createdAt: toRfc3339(row.createdAt),
    updatedAt: toRfc3339(row.updatedAt),
  };
  if (members !== undefined) view.unselected = shown(members.unselected).slice(0, LISTED);
  if (row.displayName !== null) view.displayName = row.displayName;
  return view;
}

/** Whether the caller may read anything of a sequence: one of its fleets. */
function readsAny(stages: readonly SequenceStage[], readable: FleetAccess): boolean {
  return sequenceFleets(stages).some(readable);
}

/**
 * The stored sequence and every fleet it names: replacing or deleting it takes those
 * fleets out of it, so the route authorizes each before the write.
 */
export async function storedFleets(db: Inventory, name: string): Promise<StoredSequence> {
  const stored = await getRolloutSequence(db, name);
  return stored === undefined
    ? { fleets: [], asRead: { absent: true } }
    : { stored, fleets: sequenceFleets(stored.stages), asRead: { writeId: stored.writeId } };
}

/**
 * A sequence as read before its replace or delete was authorized: the write lands only
 * if it is still this one (SEQ-18).
 */
export interface StoredSequence {
  stored?: RolloutSequenceRow;
  fleets: string[];
  asRead: SequenceAsRead;
}

/** SEQ-18: the sequence changed after the caller was authorized against it. */
function changedMeanwhile(name: string) {
  return refused(
    "conflict",
    `SEQ-18: rollout sequence ${name} changed while this request was authorized against it; read it again and retry`,
    "SEQ-18",
  );
}

/**
 * `PUT /v1/rollout-sequences/{name}`: checks the stages (SEQ-15/16), that every fleet
 * exists, and that none is sequenced another way (SEQ-17: another rollout sequence, or a
 * fleet chain of its own or of its team scopes), then stores the sequence with its
 * fleets in one batch. The caller's write access to every fleet touched is checked first,
 * by the route.
 */
export async function putSequence(
  db: Inventory,
  name: string,
  input: Input,
  now: Instant,
  readable: FleetAccess,
  asRead: SequenceAsRead,
): Promise<Outcome<Upserted<View>>> {
  const stages = validateStages(input.stages);
  if (!stages.ok) return stages;
  const fleets = sequenceFleets(stages.value);
  const existing = await existingFleets(db, fleets);
  const missing = fleets.filter((fleet) => !existing.has(fleet));
  if (missing.length > 0) {
    return refused("missing", `fleet ${missing.join(", ")} does not exist`);
  }
  const taken = await fleetSequencing(db, fleets, name);
  const refusal = sequencedElsewhere(taken, fleets);
  if (refusal !== undefined) return refusal;
  let stored: Awaited<ReturnType<typeof putRolloutSequence>>;
  try {
    stored = await putRolloutSequence(
      db,
      {
        name,
        displayName: input.displayName ?? null,
        labels: input.labels ?? null,
        stages: stages.value,
        fleets,
      },
      now,
      asRead,
    );
  } catch (error) {
    // Another sequence took one of the fleets between the check and the write.
    if (constraintViolation(error) === undefined) throw error;
    const again = sequencedElsewhere(await fleetSequencing(db, fleets, name), fleets);
    if (again !== undefined) return again;
    throw error;
  }
  if (stored === "changed") return changedMeanwhile(name);
  return accepted({
    created: stored.created,
    value: await selectedView(db, stored.row, readable),
  });
}

function sequencedElsewhere(
  taken: Awaited<ReturnType<typeof fleetSequencing>>,
  fleets: readonly string[],
) {
  for (const fleet of fleets) {
    const sequence = taken.sequences.get(fleet);
    if (sequence !== undefined) {
      return refused(
        "conflict",
        `SEQ-17: fleet ${fleet} is already in rollout sequence ${sequence}; a fleet is in one sequence at a time — take it out of ${sequence} first`,
        "SEQ-17",
      );
    }
    const chain = taken.chains.get(fleet);
    if (chain !== undefined) {
      return refused(
        "conflict",
        `SEQ-17: fleet ${fleet} is sequenced by its own rollout chain (group ${chain}, PUT /v1/fleets/…/rollout); a fleet is in one kind of sequence at a time — DELETE that rollout configuration first`,
        "SEQ-17",
      );
    }
  }
  return undefined;
}

/** `GET /v1/rollout-sequences/{name}`: 404 unless the caller may read one of its fleets. */
export async function readSequence(
  db: Inventory,
  name: string,
  readable: FleetAccess,
): Promise<Outcome<View>> {
  const row = await getRolloutSequence(db, name);
  if (row === undefined || !readsAny(row.stages, readable)) {
    return refused("missing", `rollout sequence ${name} does not exist`);
  }
  return accepted(await selectedView(db, row, readable));
}

/**
 * `GET /v1/rollout-sequences`: the sequences the caller may read something of. Rows it
 * may not read are skipped, and the cursor is always the name of a sequence on the page,
 * so neither a page nor a cursor names one it cannot read. Items show their stages; what
 * each stage selects is on the sequence's own GET.
 */
export async function listSequences(
  db: Inventory,
  request: { limit?: number; cursor?: string },
  readable: FleetAccess,
): Promise<{ items: View[]; nextCursor: string | null }> {
  const limit = pageLimit(request.limit);
  const items: View[] = [];
  let cursor = request.cursor;
  for (;;) {
    const page = await listRolloutSequences(db, { limit, cursor });
    for (const row of page.items) {
      if (!readsAny(row.stages, readable)) continue;
      items.push(sequenceView(row, readable));
      if (items.length === limit) {
        const more = row !== page.items.at(-1) || page.nextCursor !== null;
        return { items, nextCursor: more ? encodeCursor(row.name) : null };
      }
    }
    if (page.nextCursor === null) return { items, nextCursor: null };
    cursor = page.nextCursor;
  }
}

/**
 * `DELETE /v1/rollout-sequences/{name}`; the route authorized every fleet it names, or
 * found the caller may read none of them (`visible` false): then it does not exist for it.
 */
export async function removeSequence(
  db: Inventory,
  name: string,
  visible: boolean,
  readable: FleetAccess,
  asRead: SequenceAsRead,
): Promise<Outcome<void>> {
  const missing = refused("missing", `rollout sequence ${name} does not exist`);
  if (!visible) return missing;
  if (await deleteRolloutSequence(db, name, asRead)) return accepted(undefined);
  // Deleted since, or replaced: a replacement is not deleted on the old one's authority,
  // and one the caller may no longer read does not exist for it.
  const now = await storedFleets(db, name);
  return now.stored !== undefined && now.fleets.some(readable) ? changedMeanwhile(name) : missing;
}

/**
 * Runs a pass of the sequence's object now (it was written or deleted); a failure is
 * logged, and the cron catches up.
 */
export async function evaluateSequence(
  sequences: Env["ROLLOUT_SEQUENCE"],
  name: string,
): Promise<void> {
  try {
    await sequences.get(sequences.idFromName(name)).evaluate();
  } catch (error) {
    console.error(`rollout sequence ${name} did not evaluate`, error);
  }
}
