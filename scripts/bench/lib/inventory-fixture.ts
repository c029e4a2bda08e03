import type { Cell, ControlPlane } from "./control-plane.ts";
import { Prng } from "./prng.ts";

/**
 * A deterministic fleet inventory for benchmarks, as rows of the D1 tables (names and
 * columns of migrations/0000_init.sql). Same seed, same inventory, on every machine.
 */

/** Columns of `clusters` in the order the fixtures write them (migrations/0000_init.sql). */
export const CLUSTER_COLUMNS = [
  "name",
  "fleet",
  "role",
  "admin_cluster",
  "region",
  "release_channel",
  "autopilot",
  "spec_version",
  "status_version",
  "phase",
  "update_group",
  "maintenance",
  "deprecated_api_usage",
  "status_components",
  "created_at",
  "updated_at",
] as const;

/** What a standalone cluster's row says unless told otherwise: RUNNING on `version`. */
export interface ClusterRowOptions {
  name: string;
  fleet: string;
  region: string;
  version: string;
  at: number;
  updateGroup?: string | null;
}

/**
 * One standalone REGULAR-channel cluster's row, in {@link CLUSTER_COLUMNS} order.
 *
 * @example clusterRow({ name: "c1", fleet: "f", region: "europe-west1", version: "1.33.5-gke.1201000", at: 0 })
 */
export function clusterRow(options: ClusterRowOptions): Cell[] {
  const row: Record<(typeof CLUSTER_COLUMNS)[number], Cell> = {
    name: options.name,
    fleet: options.fleet,
    role: "standalone",
    admin_cluster: null,
    region: options.region,
    release_channel: "REGULAR",
    autopilot: 0,
    spec_version: options.version,
    status_version: options.version,
    phase: "RUNNING",
    update_group: options.updateGroup ?? null,
    maintenance: null,
    deprecated_api_usage: 0,
    status_components: "{}",
    created_at: options.at,
    updated_at: options.at,
  };
  return CLUSTER_COLUMNS.map((column) => row[column]);
}

/** Columns of `node_pools` as the fixture writes them (the later ones take their defaults). */
export const POOL_COLUMNS = [
  "cluster",
  "name",
  "machine_type",
  "zones",
  "node_count",
  "version",
  "node_image",
  "max_pods_per_node",
  "spot",
  "flex_start",
  "autopilot_managed",
  "tpu",
  "autoscaling",
  "upgrade_strategy",
  "created_at",
  "updated_at",
] as const;

/** Columns of `nodes` in the order the fixtures write them. */
export const NODE_COLUMNS = [
  "cluster",
  "name",
  "pool",
  "zone",
  "version",
  "node_image",
  "state",
  "color",
  "created_at",
  "updated_at",
] as const;

/** Rows of one table, in the column order given. */
export interface TableRows {
  table: string;
  columns: readonly string[];
  rows: Cell[][];
}

export interface InventoryFixture {
  /** Every table, parents before children (foreign keys are on in D1). */
  tables: TableRows[];
  fleets: string[];
  clusters: string[];
  nodePools: { cluster: string; pool: string }[];
  nodeCount: number;
}

export interface FixtureOptions {
  seed: number;
  fleets: number;
  clusters: number;
  /** Total nodes; spread over the clusters (3..27 each when the mean is 15). */
  nodes: number;
}

// A few regions × 3 zones, as GKE names them.
const REGIONS: readonly (readonly [string, readonly string[]])[] = [
  ["us-central1", ["a", "b", "c"]],
  ["us-east1", ["b", "c", "d"]],
  ["europe-west1", ["b", "c", "d"]],
  ["europe-west4", ["a", "b", "c"]],
  ["asia-northeast1", ["a", "b", "c"]],
];

// name, cpu millis, memory MiB, gpus, on-demand and spot $/hour (plausible, not quotes).
const MACHINE_TYPES: readonly (readonly [string, number, number, number, number, number])[] = [
  ["e2-standard-4", 4000, 16_384, 0, 0.134, 0.04],
  ["e2-standard-8", 8000, 32_768, 0, 0.268, 0.08],
  ["n2-standard-8", 8000, 32_768, 0, 0.388, 0.094],
  ["n2-standard-16", 16_000, 65_536, 0, 0.777, 0.188],
  ["n2-highmem-8", 8000, 65_536, 0, 0.524, 0.127],
  ["c3-standard-22", 22_000, 90_112, 0, 1.156, 0.278],
  ["t2d-standard-4", 4000, 16_384, 0, 0.169, 0.041],
  ["g2-standard-8", 8000, 32_768, 1, 0.854, 0.256],
];

const FLEET_NAMES = [
  "dev",
  "qa",
  "staging",
  "canary",
  "prod-us",
  "prod-eu",
  "prod-asia",
  "edge",
  "data",
  "ml",
];
const TEAMS = ["payments", "search", "checkout", "platform", "identity", "analytics", "ads"];
const CHANNEL_VERSIONS: Readonly<Record<string, readonly string[]>> = {
  STABLE: ["1.32.9-gke.1108000", "1.33.5-gke.1201000"],
  REGULAR: ["1.33.5-gke.1201000", "1.34.1-gke.1431000"],
  RAPID: ["1.34.1-gke.1431000", "1.35.0-gke.1182000"],
};
// Extra pools after `default-pool`, with the machine type each usually runs on.
const POOL_KINDS: readonly (readonly [string, string])[] = [
  ["general", "n2-standard-16"],
  ["highmem", "n2-highmem-8"],
  ["batch", "c3-standard-22"],
  ["spot", "e2-standard-8"],
  ["gpu", "g2-standard-8"],
  ["system", "t2d-standard-4"],
];
// Inventory timestamps are epoch ms; fixed so runs are identical.
const EPOCH = Date.UTC(2026, 10, 1);
const DAY_MS = 86_400_000;

/** Collects rows typed by the table's column names. */
function rowsOf<const C extends readonly string[]>(table: string, columns: C) {
  const target: TableRows = { table, columns, rows: [] };
  return {
    target,
    add(row: Readonly<Record<C[number], Cell>>): void {
      target.rows.push(columns.map((column: C[number]) => row[column]));
    },
  };
}

/** Splits a cluster's `total` nodes over 2–4 pools (fewer when it has under 4 nodes). */
function splitNodes(rng: Prng, total: number): number[] {
  const pools = Math.min(
    total,
    rng.weighted([
      [2, 1],
      [3, 2],
      [4, 1],
    ] as const),
  );
  const cuts = rng
    .shuffle(Array.from({ length: total - 1 }, (_, i) => i + 1))
    .slice(0, pools - 1)
    .sort((a, b) => a - b);
  const bounds = [0, ...cuts, total];
  return bounds.slice(1).map((bound, i) => bound - bounds[i]!);
}

/**
 * Nodes per cluster: neighbours get mean ± d (3..27 for a mean of 15), so clusters differ
 * in size while the total stays exactly `nodes`.
 */
function nodesPerCluster(rng: Prng, clusters: number, nodes: number): number[] {
  const base = Math.floor(nodes / clusters);
  const counts = Array.from({ length: clusters }, () => base);
  for (let i = 0; i + 1 < clusters; i += 2) {
    const d = rng.int(0, Math.max(0, base - 3));
    counts[i] = base + d;
    counts[i + 1] = base - d;
  }
  // What the even split leaves over goes one by one to the first clusters.
  for (let i = 0; i < nodes - base * clusters; i++) counts[i % clusters]! += 1;
  return counts;
}

/**
 * @example const inventory = generateInventory({ seed: 7, fleets: 10, clusters: 1000, nodes: 15_000 });
 */
export function generateInventory(options: FixtureOptions): InventoryFixture {
  if (options.clusters < options.fleets * 3) {
    throw new RangeError("every fleet needs at least its three admin clusters");
  }
  const rng = new Prng(options.seed);
  const stamp = (): { created_at: number; updated_at: number } => {
    const created = EPOCH - rng.int(30, 700) * DAY_MS;
    return { created_at: created, updated_at: created + rng.int(0, 29) * DAY_MS };
  };

  const zones = rowsOf("zones", [
    "name",
    "region",
    "quota_nodes",
    "quota_cpu_millis",
    "quota_ips",
    "created_at",
    "updated_at",
  ] as const);
  for (const [region, letters] of REGIONS) {
    for (const letter of letters) {
      zones.add({
        name: `${region}-${letter}`,
        region,
        quota_nodes: 5000,
        quota_cpu_millis: 40_000_000,
        quota_ips: rng.chance(0.3) ? null : 8192,
        ...stamp(),
      });
    }
  }

  const machineTypes = rowsOf("machine_types", [
    "name",
    "cpu_millis",
    "memory_mib",
    "gpus",
    "gpu_type",
    "price_per_hour",
    "spot_price_per_hour",
    "created_at",
    "updated_at",
  ] as const);
  for (const [name, cpu, memory, gpus, price, spot] of MACHINE_TYPES) {
    machineTypes.add({
      name,
      cpu_millis: cpu,
      memory_mib: memory,
      gpus,
      // CA-15: the one GPU family of the catalogue (g2 carries L4s).
      gpu_type: gpus > 0 ? "nvidia-l4" : null,
      price_per_hour: price,
      spot_price_per_hour: spot,
      ...stamp(),
    });
  }

  const reservations = rowsOf("reservations", [
    "id",
    "zone",
    "machine_type",
    "count",
    "created_at",
    "updated_at",
  ] as const);
  for (const [region, letters] of REGIONS) {
    for (const type of ["n2-standard-16", "g2-standard-8"]) {
      const zone = `${region}-${rng.pick(letters)}`;
      reservations.add({
        id: `res-${zone}-${type}`,
        zone,
        machine_type: type,
        count: rng.int(2, 40),
        ...stamp(),
      });
    }
  }

  const fleetNames = Array.from({ length: options.fleets }, (_, i) =>
    i < FLEET_NAMES.length ? FLEET_NAMES[i]! : `fleet-${i + 1}`,
  );
  const fleets = rowsOf("fleets", ["name", "created_at", "updated_at"] as const);
  const scopes = rowsOf("scopes", ["fleet", "name", "created_at", "updated_at"] as const);
  const fleetScopes = new Map<string, string[]>();
  for (const fleet of fleetNames) {
    fleets.add({ name: fleet, ...stamp() });
    const teams = rng.shuffle([...TEAMS]).slice(0, 3);
    fleetScopes.set(fleet, teams);
    for (const team of teams) scopes.add({ fleet, name: team, ...stamp() });
  }

  // Admin clusters go first: user clusters reference them.
  const adminClusters = rowsOf("clusters", CLUSTER_COLUMNS);
  const otherClusters = rowsOf("clusters", CLUSTER_COLUMNS);
  const memberships = rowsOf("scope_memberships", ["cluster", "fleet", "scope"] as const);
  const pools = rowsOf("node_pools", POOL_COLUMNS);
  const nodes = rowsOf("nodes", NODE_COLUMNS);

  const clusterNames: string[] = [];
  const nodePools: { cluster: string; pool: string }[] = [];
  const nodeCounts = nodesPerCluster(rng, options.clusters, options.nodes);
  let nodeCount = 0;
  for (let c = 0; c < options.clusters; c++) {
    const fleetIndex = c % options.fleets;
    const fleet = fleetNames[fleetIndex]!;
    const indexInFleet = Math.floor(c / options.fleets);
    const name = `${fleet}-${String(indexInFleet + 1).padStart(3, "0")}`;
    clusterNames.push(name);
    // Each fleet lives mostly in its home region; admin clusters are the first three.
    const homeRegion = REGIONS[fleetIndex % REGIONS.length]!;
    const [region, letters] = rng.chance(0.8) ? homeRegion : rng.pick(REGIONS);
    const isAdmin = indexInFleet < 3;
    const role = isAdmin
      ? "admin"
      : rng.weighted([
          ["user", 7],
          ["standalone", 2],
          ["hybrid", 1],
        ] as const);
    const admin = role === "user" ? `${fleet}-${String(rng.int(1, 3)).padStart(3, "0")}` : null;
    const channel = fleet.startsWith("prod")
      ? rng.weighted([
          ["STABLE", 3],
          ["REGULAR", 1],
        ] as const)
      : rng.weighted([
          ["REGULAR", 2],
          ["RAPID", 1],
        ] as const);
    const versions = CHANNEL_VERSIONS[channel]!;
    const version = rng.pick(versions);
    const windowStart = `${String(rng.pick([1, 2, 3, 22, 23])).padStart(2, "0")}:00`;
    const maintenance = rng.chance(0.7)
      ? JSON.stringify({
          windows: [{ start: windowStart, durationSeconds: 14_400, days: ["SAT", "SUN"] }],
          exclusions: rng.chance(0.15)
            ? [{ start: "2026-12-20T00:00:00Z", end: "2027-01-04T00:00:00Z", scope: "MINOR" }]
            : [],
        })
      : null;
    (isAdmin ? adminClusters : otherClusters).add({
      name,
      fleet,
      role,
      admin_cluster: admin,
      region,
      release_channel: channel,
      autopilot: rng.chance(0.1) ? 1 : 0,
      spec_version: version,
      status_version: version,
      phase: "RUNNING",
      update_group: rng.chance(0.8) ? `wave-${rng.int(1, 4)}` : null,
      maintenance,
      deprecated_api_usage: rng.chance(0.05) ? 1 : 0,
      status_components: "{}",
      ...stamp(),
    });
    const teams = fleetScopes.get(fleet)!;
    const scopeCount = isAdmin
      ? 0
      : rng.weighted([
          [0, 3],
          [1, 11],
          [2, 3],
        ] as const);
    for (const team of rng.shuffle([...teams]).slice(0, scopeCount)) {
      memberships.add({ cluster: name, fleet, scope: team });
    }

    const kinds = rng.shuffle([...POOL_KINDS]);
    splitNodes(rng, nodeCounts[c]!).forEach((share, p) => {
      const [pool, machineType] = p === 0 ? ["default-pool", "e2-standard-4"] : kinds[p - 1]!;
      // A share divisible by 3 spreads over the region's zones; the rest is zonal.
      const poolZones =
        share % 3 === 0 ? letters.map((l) => `${region}-${l}`) : [`${region}-${rng.pick(letters)}`];
      const perZone = share / poolZones.length;
      const poolVersion = rng.chance(0.85) ? version : versions[0]!;
      const image = `cos-${poolVersion}`;
      const created = stamp();
      pools.add({
        cluster: name,
        name: pool,
        machine_type: machineType,
        zones: JSON.stringify(poolZones),
        node_count: perZone,
        version: poolVersion,
        node_image: image,
        max_pods_per_node: 110,
        spot: pool === "spot" ? 1 : 0,
        flex_start: 0,
        autopilot_managed: 0,
        tpu: null,
        autoscaling: rng.chance(0.5)
          ? JSON.stringify({
              enabled: true,
              minNodes: 1,
              maxNodes: perZone * 3,
              locationPolicy: "BALANCED",
            })
          : null,
        upgrade_strategy: JSON.stringify(
          rng.chance(0.8)
            ? { type: "SURGE", maxSurge: 1, maxUnavailable: 0 }
            : {
                type: "BLUE_GREEN",
                batchPercent: 0.25,
                batchSoakSeconds: 300,
                nodePoolSoakSeconds: 3600,
              },
        ),
        ...created,
      });
      nodePools.push({ cluster: name, pool });
      for (const zone of poolZones) {
        for (let i = 0; i < perZone; i++) {
          nodes.add({
            cluster: name,
            // The inventory's node naming: <cluster>-<pool>-<zone>-<index, 4 digits>.
            name: `${name}-${pool}-${zone}-${String(i).padStart(4, "0")}`,
            pool,
            zone,
            version: poolVersion,
            node_image: image,
            state: rng.weighted([
              ["READY", 97],
              ["PROVISIONING", 1],
              ["CORDONED", 1],
              ["DRAINING", 1],
            ] as const),
            color: null,
            ...created,
          });
          nodeCount++;
        }
      }
    });
  }

  return {
    tables: [
      zones.target,
      machineTypes.target,
      reservations.target,
      fleets.target,
      scopes.target,
      adminClusters.target,
      otherClusters.target,
      memberships.target,
      pools.target,
      nodes.target,
    ],
    fleets: fleetNames,
    clusters: clusterNames,
    nodePools,
    nodeCount,
  };
}

/** Where an update-run benchmark upgrades from and to, and the instant its rows are dated. */
export interface RunUpgrade {
  from: string;
  to: string;
  at: number;
}

/**
 * What the update-run benchmarks start from: a REGULAR release publishing `from` and
 * `to` (the target of its minor), and a sim whose every command takes no time and no
 * jitter, so the control plane's own overhead is what is timed.
 */
export async function seedZeroDurationRuns(
  cp: Pick<ControlPlane, "insert">,
  upgrade: RunUpgrade,
): Promise<void> {
  const minor = upgrade.to.split(".").slice(0, 2).join(".");
  await cp.insert(
    "releases",
    ["name", "channel", "targets", "versions", "node_images", "regions", "created_at"],
    [
      [
        "bench-R1",
        "REGULAR",
        JSON.stringify({ [minor]: upgrade.to }),
        JSON.stringify([upgrade.from, upgrade.to]),
        "[]",
        "{}",
        upgrade.at,
      ],
    ],
  );
  const zero = Object.fromEntries(
    [
      "CREATE_NODE",
      "DELETE_NODE",
      "CORDON_NODE",
      "UNCORDON_NODE",
      "DRAIN_NODE",
      "UPGRADE_CONTROL_PLANE",
      "UPGRADE_COMPONENT",
      "RUN_PREFLIGHT",
      "HEALTH_CHECK",
    ].map((type) => [type, 0]),
  );
  await cp.insert(
    "sim_settings",
    ["id", "durations", "jitter", "rejection_delay_seconds"],
    [[1, JSON.stringify(zero), 0, 0]],
  );
}
