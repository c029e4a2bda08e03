import {
  type AutoUpgradeProfileSpec,
  type Availability,
  type Candidate,
  createUpdateRun,
  decideAutoUpgradeProfile,
  type GeneratedRunFacts,
  generatedRunName,
  type Instant,
  type ProfileDecision,
  type UpdateStrategy,
} from "@regatta/engine";
import {
  type AutoUpgradeProfileRow,
  claimAutoUpgradeGeneration,
  dueAutoUpgradeProfiles,
  fleetCandidates,
  type Inventory,
  loadAvailability,
  noteAutoUpgradeCheck,
  releaseAutoUpgradeClaim,
} from "@regatta/inventory";
import type { Env } from "../../env.ts";
import { atMost, WAKE_CONCURRENCY } from "../../objects/concurrency.ts";
import { urlPolicy } from "../../outbound/url-policy.ts";
import { healthCheckRefusal } from "../update-runs/health-checks.ts";
import { controlRun, findRun, findStrategy, storeNewRun } from "../update-runs/runs.ts";

/** The objects, and the deployment's URL policy for the strategy's health checks (EXT-7). */
type Objects = Pick<
  Env,
  | "FLEET"
  | "UPDATE_RUN"
  | "NOTIFICATIONS_ALLOW_LOOPBACK"
  | "REGATTA_OUTBOUND_PORTS"
  | "REGATTA_OUTBOUND_HOSTS"
>;

/**
 * Profiles one trigger (a cron tick, a published release) reconciles at most; the least
 * recently reconciled go first, so the rest come on the next ticks.
 */
export const PROFILES_PER_PASS = 100;

/**
 * How long after claiming a generation a run the object does not hold yet counts as being
 * created by another reconcile (not as lost): creating and starting a run takes a few
 * requests, far less than this.
 */
const CREATING_GRACE_MS = 5 * 60_000;

/** The catalogue and availability every profile of one pass decides from, read once. */
interface Releases {
  availability: Availability;
  catalogue: string[];
}

export function profileSpec(row: AutoUpgradeProfileRow): AutoUpgradeProfileSpec {
  return {
    strategy: row.strategy,
    channel: row.channel,
    ...(row.targetKubernetesVersion === null
      ? {}
      : { targetKubernetesVersion: row.targetKubernetesVersion }),
    nodeImageSelection: row.nodeImageSelection,
    disabled: row.disabled,
  };
}

/** The last generated run as it stands now (progress re-derived, never trusted from the row). */
async function lastRunFacts(
  env: Objects,
  row: AutoUpgradeProfileRow,
  now: Instant,
): Promise<GeneratedRunFacts | undefined> {
  if (row.lastRun === null) return undefined;
  const view = await findRun(env, row.fleet, row.lastRun);
  const goalKey = row.lastGoal === null ? {} : { goalKey: row.lastGoal };
  if (view !== undefined) return { name: row.lastRun, state: view.state, ...goalKey };
  const claimedAt = row.lastGeneratedAt ?? 0;
  const state = now - claimedAt < CREATING_GRACE_MS ? "Creating" : "Gone";
  return { name: row.lastRun, state, ...goalKey };
}

/** Carries out a GENERATE: claim the generation, create the run, start it. */
async function generate(
  db: Inventory,
  env: Objects,
  row: AutoUpgradeProfileRow,
  decision: Extract<ProfileDecision, { kind: "GENERATE" }>,
  members: readonly Candidate[],
  releases: Releases,
  strategy: UpdateStrategy,
  now: Instant,
): Promise<void> {
  const name = generatedRunName(row.name, decision.key, row.generation + 1);
  // The strategy's health-check URLs obey the deployment's policy, as on POST …/update-runs.
  const unsafe = healthCheckRefusal(strategy, urlPolicy(env));
  if (unsafe !== undefined) {
    await noteAutoUpgradeCheck(db, row.fleet, row.name, unsafe.error.detail, now);
    return;
  }
  const chosen = new Set(decision.members);
  const run = createUpdateRun(
    {
      name,
      fleet: row.fleet,
      goal: decision.goal,
      strategy,
      strategyName: row.strategy,
      candidates: members.filter((c) => chosen.has(c.facts.cluster)),
      availability: releases.availability,
      catalogue: releases.catalogue,
    },
    now,
  );
  if (!run.ok) {
    await noteAutoUpgradeCheck(
      db,
      row.fleet,
      row.name,
      `EXT-5: run ${name} for ${decision.key} was refused: ${run.error.detail}`,
      now,
    );
    return;
  }
  // The guard against a racing reconcile: only the one that moves the generation on
  // creates the run; the other stops here.
  const claimed = await claimAutoUpgradeGeneration(db, {
    fleet: row.fleet,
    name: row.name,
    generation: row.generation,
    run: name,
    goal: decision.key,
    at: now,
  });
  if (!claimed) return;
  const stored = await storeNewRun(env, run.value);
  if (!stored.ok) {
    // Never adopt (start or wait on) a run of that name the profile did not create.
    await releaseAutoUpgradeClaim(
      db,
      { fleet: row.fleet, name: row.name, generation: row.generation, run: name },
      { lastRun: row.lastRun, lastGoal: row.lastGoal, lastGeneratedAt: row.lastGeneratedAt },
    );
    // The next reconcile finds the run Gone and generates under the next number.
    await noteAutoUpgradeCheck(
      db,
      row.fleet,
      row.name,
      `EXT-5: run ${name} could not be created: ${stored.error.detail}`,
      now,
    );
    return;
  }
  await startRun(db, env, row, name, now);
}

async function startRun(
  db: Inventory,
  env: Objects,
  row: AutoUpgradeProfileRow,
  run: string,
  now: Instant,
): Promise<void> {
  const started = await controlRun(db, env, row.fleet, run, { type: "START" });
  // A refused start stays NotStarted; the next reconcile tries again (EXT-9 says why).
  const reason = started.ok ? null : `EXT-5: run ${run} did not start: ${started.error.detail}`;
  await noteAutoUpgradeCheck(db, row.fleet, row.name, reason, now);
}

/**
 * EXT-5: one reconcile of one profile — read what it decides from, ask the engine, carry
 * the answer out (generate and start a run, start the one left NotStarted, or record why
 * nothing happens). `releases` is read once by the caller for a whole pass.
 */
export async function reconcileProfile(
  db: Inventory,
  env: Objects,
  row: AutoUpgradeProfileRow,
  releases: Releases,
  now: Instant,
): Promise<void> {
  const [strategy, candidates, lastRun] = await Promise.all([
    row.disabled ? undefined : findStrategy(env, row.fleet, row.strategy),
    row.disabled ? [] : fleetCandidates(db, row.fleet),
    lastRunFacts(env, row, now),
  ]);
  const decision = decideAutoUpgradeProfile({
    profile: profileSpec(row),
    strategy,
    candidates,
    catalogue: releases.catalogue,
    availability: releases.availability,
    ...(lastRun === undefined ? {} : { lastRun }),
  });
  switch (decision.kind) {
    case "HOLD":
      await noteAutoUpgradeCheck(db, row.fleet, row.name, decision.reason, now);
      return;
    case "START":
      await startRun(db, env, row, decision.run, now);
      return;
    case "GENERATE":
      // The engine generates only for a strategy it was given.
      await generate(db, env, row, decision, candidates, releases, strategy!, now);
      return;
    default:
      decision satisfies never;
  }
}

/** Reads the release catalogue and availability the way runs do (VER-6, CH-3). */
export function readReleases(db: Inventory): Promise<Releases> {
  return loadAvailability(db);
}

/**
 * EXT-5's triggers, the cron tick and a published release: reconciles the
 * {@link PROFILES_PER_PASS} enabled profiles reconciled longest ago, a few at a time. A
 * profile that fails is logged and tried again on the next tick. Resolves to how many
 * were reconciled.
 */
export async function reconcileDueProfiles(
  db: Inventory,
  env: Objects,
  now: Instant,
): Promise<number> {
  const due = await dueAutoUpgradeProfiles(db, PROFILES_PER_PASS);
  if (due.length === 0) return 0;
  const releases = await readReleases(db);
  await atMost(WAKE_CONCURRENCY, due, async (row) => {
    try {
      await reconcileProfile(db, env, row, releases, now);
    } catch (error) {
      console.error(`auto-upgrade: profile ${row.fleet}/${row.name} did not reconcile`, error);
      // Checked all the same, so a profile that keeps failing does not stay first in line.
      const why = error instanceof Error ? error.message : String(error);
      await noteAutoUpgradeCheck(
        db,
        row.fleet,
        row.name,
        `EXT-5: the last check failed (${why.slice(0, 200)}); it is tried again on the next tick`,
        now,
      ).catch(() => undefined);
    }
  });
  return due.length;
}
