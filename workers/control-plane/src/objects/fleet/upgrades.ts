import type { Instant } from "@regatta/engine";
import { allPages, listNodePools, type UpgradeReadings } from "@regatta/inventory";
import { isConflict, type Outcome } from "../../outcome.ts";
import type { Tx } from "../../runtime/types.ts";
import type { FleetContext } from "./capability.ts";
import { getClusterOperation, startClusterOperation, startReads } from "./cluster-upgrade/index.ts";
import {
  type ClusterStarter,
  type ClusterUpgradeInput,
  startIndexedClusterUpgrades,
} from "./cluster-upgrade/start.ts";
import { closeWatch, openWatch, sealWatch, watchOperation, watchReads } from "./ends.ts";
import { getOperation } from "./node-pool/index.ts";
import {
  type PoolStarter,
  type PoolUpgradeInput,
  startIndexedPoolUpgrade,
  startPoolUpgrade,
} from "./node-pool/start.ts";
import type { Waiter } from "./waiters.ts";

/**
 * Upgrades a capability of this fleet starts itself (a rollout phase, an update-run
 * member): started from inside the object, with the waiter's watch (ends.ts) recorded
 * in the transaction that starts each operation — no RPC into the same object, and no
 * end that could arrive before its waiter is known.
 */

/** A waiter and the watch its operations join. */
export interface Watching {
  watch: string;
  waiter: Waiter;
}

function poolStarter(fleet: FleetContext, watching: Watching): PoolStarter {
  return {
    start: (prepared) =>
      fleet.runtime.commit((tx) =>
        startPoolUpgrade(
          tx,
          prepared.request,
          {
            maintenance: prepared.maintenance,
            poolUid: prepared.poolUid,
            retentionMs: fleet.retentionMs,
          },
          (tx, operation) => watchOperation(tx, watching.watch, operation),
        ),
      ),
    find: (_fleet, id) => fleet.runtime.commit((tx) => getOperation(tx, id)),
  };
}

/**
 * Starts from inside the fleet in one transaction, each watched by its own waiter: the
 * watch opened, joined and sealed in the transaction that starts the upgrade (or dropped
 * when it did not start). `settled` learns each watch so handled once that transaction
 * committed.
 */
function clusterStarter(
  fleet: FleetContext,
  watchingOf: (cluster: string) => Watching | undefined,
  settled: Set<Watching>,
): ClusterStarter {
  return {
    start: async (_fleet, starts) => {
      const handled: Watching[] = [];
      const watchings = starts.map((start) => watchingOf(start.request.facts.cluster));
      const results = await fleet.runtime.commit((tx) => {
        // Most of what a batch of starts reads does not exist yet: one read asks for all.
        tx.prefetch(
          starts.flatMap((start, i) => {
            const watching = watchings[i];
            const id = start.request.operationId;
            return [...startReads(start), ...(watching ? watchReads(watching.watch, id) : [])];
          }),
        );
        return starts.map((start, i) => {
          const watching = watchings[i];
          if (watching) openWatch(tx, watching.watch, watching.waiter);
          const started = startClusterOperation(tx, { ...start, retentionMs: fleet.retentionMs });
          if (watching) {
            if (started.ok) watchOperation(tx, watching.watch, started.value.view.id);
            settle(tx, watching, started.ok);
            handled.push(watching);
          }
          return started;
        });
      });
      for (const watching of handled) settled.add(watching);
      return results;
    },
    find: async (_fleet, id) => {
      const view = await fleet.runtime.read((tx) => getClusterOperation(tx, id));
      return view && { view, adoptedPoolOperations: [] };
    },
  };
}

/** Opens the waiter's watch; operations join it as they start. */
function open(fleet: FleetContext, watching: Watching): Promise<void> {
  return fleet.runtime.commit((tx) => openWatch(tx, watching.watch, watching.waiter));
}

/**
 * A cluster upgrade (LIFE-3) watched by `watching`; its id, or why it did not start.
 * The watch is sealed: it is heard when this one operation ends.
 */
export async function upgradeCluster(
  fleet: FleetContext,
  cluster: string,
  input: ClusterUpgradeInput,
  watching: Watching,
): Promise<Outcome<string>> {
  const [outcome] = await upgradeClusters(fleet, [{ cluster, input, watching }]);
  return outcome!;
}

/**
 * {@link upgradeCluster} for many clusters at once (an update run's batch of members):
 * the upgrades started and their watches recorded in one transaction whatever their
 * number; answers at each index.
 */
export async function upgradeClusters(
  fleet: FleetContext,
  upgrades: readonly { cluster: string; input: ClusterUpgradeInput; watching: Watching }[],
  /** What the caller already read of these clusters. */
  readings?: UpgradeReadings,
): Promise<Outcome<string>[]> {
  if (upgrades.length === 0) return [];
  // Each start is told apart by the cluster it names; they reach the starter in the
  // order asked, so a cluster named twice takes its watches in that order too.
  const watchings = new Map<string, Watching[]>();
  for (const { cluster, watching } of upgrades) {
    watchings.set(cluster, [...(watchings.get(cluster) ?? []), watching]);
  }
  const settled = new Set<Watching>();
  const started = await startIndexedClusterUpgrades(
    fleet.inventory,
    upgrades.map(({ cluster, input }) => ({ cluster, input })),
    fleet.runtime.now(),
    clusterStarter(fleet, (cluster) => watchings.get(cluster)?.shift(), settled),
    readings,
  );
  // Refused before the fleet saw them (a missing cluster, a hand-over that failed): no
  // watch of theirs stays open. One found after a failed hand-over has its watch sealed
  // by the transaction that started it.
  const unsettled = upgrades.filter(({ watching }, i) => !settled.has(watching) && !started[i]!.ok);
  if (unsettled.length > 0) {
    await fleet.runtime.commit((tx) => {
      for (const { watching } of unsettled) closeWatch(tx, watching.watch);
    });
  }
  return started.map((outcome) =>
    outcome.ok ? { ok: true, value: outcome.value.view.id } : outcome,
  );
}

/** What upgrading a cluster's pools did. */
export interface PoolsUpgraded {
  started: string[];
  /** Pools that already had an upgrade of their own (409). */
  busy: string[];
  /** `pool: why` for each pool that refused. */
  refusals: string[];
  /** The first refusal, as the service answered it. */
  firstRefusal?: Extract<Outcome<unknown>, { ok: false }>;
}

/**
 * Every pool of `cluster` that `inputFor` gives an upgrade (undefined: the pool needs
 * none) upgrades to it (a rollout's node phase, a NodeImageOnly member with one image per
 * OS family), each watched by `watching`; the watch is sealed once all were tried, or
 * dropped when none started.
 */
export async function upgradePools(
  fleet: FleetContext,
  cluster: string,
  inputFor: (pool: {
    name: string;
    version: string;
    nodeImage: string;
  }) => PoolUpgradeInput | undefined,
  watching: Watching,
  options: { stopAtRefusal?: boolean } = {},
): Promise<PoolsUpgraded> {
  const pools = await allPages((page) => listNodePools(fleet.inventory, cluster, page));
  const result: PoolsUpgraded = { started: [], busy: [], refusals: [] };
  await open(fleet, watching);
  const starter = poolStarter(fleet, watching);
  for (const pool of pools) {
    const input = inputFor(pool);
    if (input === undefined) continue;
    const now: Instant = fleet.runtime.now();
    const started = await startIndexedPoolUpgrade(
      fleet.inventory,
      cluster,
      pool.name,
      input,
      now,
      starter,
    );
    if (started.ok) {
      result.started.push(started.value.id);
      continue;
    }
    result.firstRefusal ??= started;
    if (isConflict(started.error) && !options.stopAtRefusal) result.busy.push(pool.name);
    else result.refusals.push(`${pool.name}: ${started.error.detail}`);
    if (options.stopAtRefusal) break;
  }
  await fleet.runtime.commit((tx) => settle(tx, watching, result.started.length > 0));
  return result;
}

/** Seals a watch that has operations; drops one that has none (nothing will end). */
function settle(tx: Tx, watching: Watching, started: boolean): void {
  if (started) sealWatch(tx, watching.watch);
  else closeWatch(tx, watching.watch);
}
