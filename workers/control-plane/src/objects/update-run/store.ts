import type { Instant, RunMember, StartMemberIntent, UpdateRun } from "@regatta/engine";
import type { Tx } from "../../runtime/types.ts";

/**
 * How one run maps to rows of its object, so that a decision rewrites only what it
 * changed and a run's size is bounded by the object (10 GB), not by one row (2 MB):
 *
 * - `run:header` — the run with every group's `members` left out, and each group's size;
 *   small, rewritten by each transaction that decides something;
 * - `run:m:<n>` — the members in tree order (stage, group, member), {@link CHUNK} to a
 *   row: a decision rewrites the rows of the members it changed (a start of 25 members
 *   of one group touches one or two rows, not the whole tree);
 * - `run:starts` — member starts the fleet has not confirmed yet, each with the delivery
 *   carrying it (dispatch.ts).
 *
 * The run is written once per transaction, at its end (`Tx.atEnd`), so several decisions
 * in one transaction (a batch of member ends) diff and write each row once.
 */

/** Members per row: about 40 KB of JSON, far below the 2 MB row limit. */
export const CHUNK = 100;

const HEADER_KEY = "run:header";
const STARTS_KEY = "run:starts";
const chunkKey = (index: number) => `run:m:${index}`;

interface StoredHeader {
  /** The run, every group's `members` empty. */
  run: UpdateRun;
  /** Members per group, by stage then group (the tree's shape never changes). */
  sizes: number[][];
  /** The instant of the last decision: a late report is dated no earlier than this. */
  at?: Instant;
}

/** A start the run asked for that the fleet has not confirmed, and the delivery carrying it. */
export interface PendingStart {
  intent: StartMemberIntent;
  /** The delivery (dispatch.ts) it went out with; absent until dispatched. */
  delivery?: string;
}

/**
 * What this transaction holds of the run: `stored` as its rows are (read once), and, once
 * a decision was kept and until it is written, `current` with the instant it was decided
 * at. The rows are written once, when the transaction ends: a batch of member answers is
 * a decision each, and diffing and writing a run of 10,000 members after each of them
 * made one transaction cost the square of the run's size.
 */
interface Held {
  stored: UpdateRun | undefined;
  current?: UpdateRun;
  at?: Instant;
}

const held = new WeakMap<Tx, Held>();

const SAVE_RUN = "update-run:save";

function header(tx: Tx): StoredHeader | undefined {
  return tx.getState<StoredHeader>(HEADER_KEY);
}

function holding(tx: Tx): Held {
  let entry = held.get(tx);
  if (entry === undefined) {
    const stored = header(tx);
    entry = { stored: stored && assemble(tx, stored) };
    held.set(tx, entry);
  }
  return entry;
}

/** Whether this object holds a run (its header tells, unless this transaction holds it). */
export function hasRun(tx: Tx): boolean {
  return held.has(tx) ? loadRun(tx) !== undefined : header(tx) !== undefined;
}

/** The members in tree order. */
export function flatMembers(run: UpdateRun): RunMember[] {
  const members: RunMember[] = [];
  for (const stage of run.stages) {
    for (const group of stage.groups) for (const m of group.members) members.push(m);
  }
  return members;
}

/** The whole run as the last decision of this transaction left it, or undefined. */
export function loadRun(tx: Tx): UpdateRun | undefined {
  const entry = holding(tx);
  return entry.current ?? entry.stored;
}

function assemble(tx: Tx, stored: StoredHeader): UpdateRun {
  const total = stored.sizes.reduce((sum, groups) => sum + groups.reduce((a, b) => a + b, 0), 0);
  const members: RunMember[] = [];
  for (let index = 0; members.length < total; index++) {
    const chunk = tx.getState<RunMember[]>(chunkKey(index));
    if (chunk === undefined) throw new Error(`update run: member row ${index} is missing`);
    for (const member of chunk) members.push(member);
  }
  let next = 0;
  // Fresh stage and group objects: the cached header is never changed in place.
  return {
    ...stored.run,
    stages: stored.run.stages.map((stage, s) => ({
      ...stage,
      groups: stage.groups.map((group, g) => {
        const size = stored.sizes[s]?.[g] ?? 0;
        const slice = members.slice(next, next + size);
        next += size;
        return { ...group, members: slice };
      }),
    })),
  };
}

/**
 * Whether the run `loadRun` answers is a decision this transaction made and has not
 * written yet: a copy of its own, which a later decision of it may change in place (the
 * rows as stored are shared with the object's cache and never are).
 */
export function decidedInThisTransaction(tx: Tx): boolean {
  return holding(tx).current !== undefined;
}

/** The instant of the last decision, if any (one kept earlier in this transaction too). */
export function lastDecisionAt(tx: Tx): Instant | undefined {
  return holding(tx).at ?? header(tx)?.at;
}

/**
 * Keeps `run` as decided at `at`. Later reads of this transaction see it; its rows are
 * written when the transaction ends: the header, and each member row whose members
 * changed since the transaction began. A member counts as changed when any of its fields
 * does; facts read again from the inventory (EXT-8) only when they differ.
 */
export function saveRun(tx: Tx, run: UpdateRun, at: Instant | undefined): void {
  const entry = holding(tx);
  entry.current = run;
  if (at !== undefined) entry.at = at;
  tx.atEnd(SAVE_RUN, () => writeRun(tx));
}

function writeRun(tx: Tx): void {
  const entry = holding(tx);
  const run = entry.current;
  if (run === undefined) return;
  const members = flatMembers(run);
  const previous = entry.stored === undefined ? undefined : flatMembers(entry.stored);
  const chunks = Math.ceil(members.length / CHUNK);
  for (let index = 0; index < chunks; index++) {
    const from = index * CHUNK;
    const to = Math.min(members.length, from + CHUNK);
    let changed = previous === undefined || previous.length !== members.length;
    for (let i = from; !changed && i < to; i++) changed = memberChanged(previous![i]!, members[i]!);
    if (changed) tx.putState(chunkKey(index), members.slice(from, to));
  }
  const stored: StoredHeader = {
    run: {
      ...run,
      stages: run.stages.map((stage) => ({
        ...stage,
        groups: stage.groups.map((group) => ({ ...group, members: [] })),
      })),
    },
    sizes: run.stages.map((stage) => stage.groups.map((group) => group.members.length)),
  };
  const at = entry.at ?? header(tx)?.at;
  if (at !== undefined) stored.at = at;
  tx.putState(HEADER_KEY, stored);
  // Written: the rows are the run now (a finisher asked for later compares with them).
  held.set(tx, { stored: run });
}

/** Fields of a member that hold objects: compared by value only when replaced. */
const NESTED = new Set<string>(["facts", "nodeImages", "untracked", "poolsAtStart"]);

function memberChanged(a: RunMember, b: RunMember): boolean {
  if (a === b) return false;
  const keysA = Object.keys(a);
  if (keysA.length !== Object.keys(b).length) return true;
  for (const key of keysA) {
    const x = (a as unknown as Record<string, unknown>)[key];
    const y = (b as unknown as Record<string, unknown>)[key];
    if (x === y) continue;
    if (!NESTED.has(key) || JSON.stringify(x) !== JSON.stringify(y)) return true;
  }
  return false;
}

/** Empties the object of its run: every row of it, and any write still owed. */
export function deleteRun(tx: Tx): void {
  const stored = header(tx);
  if (stored) {
    const total = stored.sizes.reduce((sum, groups) => sum + groups.reduce((a, b) => a + b, 0), 0);
    for (let index = 0; index * CHUNK < total; index++) tx.deleteState(chunkKey(index));
    tx.deleteState(HEADER_KEY);
  }
  tx.deleteState(STARTS_KEY);
  held.set(tx, { stored: undefined });
}

/** Member starts not yet confirmed by the fleet. */
export function loadStarts(tx: Tx): PendingStart[] {
  return tx.getState<PendingStart[]>(STARTS_KEY) ?? [];
}

export function saveStarts(tx: Tx, starts: PendingStart[]): void {
  if (starts.length === 0) tx.deleteState(STARTS_KEY);
  else tx.putState(STARTS_KEY, starts);
}
