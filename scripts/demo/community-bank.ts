/**
 * The demo inventory: the community bank of seed 000. Three fleets (Testing, Staging,
 * Production) in a rollout sequence and a lab fleet outside it, on the REGULAR channel, clusters in two regions on one minor, node pools
 * using every upgrade strategy, maintenance windows after business hours, and release
 * 2022-R25 with its REGULAR targets.
 */
export interface DemoInventory {
  zones: {
    name: string;
    region: string;
    quota: { nodes: number; cpuMillis?: number; ips?: number };
  }[];
  machineTypes: {
    name: string;
    cpuMillis: number;
    memoryMiB: number;
    pricePerHour: number;
    spotPricePerHour?: number;
    gpus?: number;
    /** CA-15: the GPU model, as GKE's gke-accelerator label names it. */
    gpuType?: string;
  }[];
  reservations: { id: string; zone: string; machineType: string; count: number }[];
  fleets: string[];
  clusters: { name: string; body: Record<string, unknown> }[];
  nodePools: { cluster: string; name: string; body: Record<string, unknown> }[];
  releases: { name: string; body: Record<string, unknown> }[];
  /** SEQ: Testing → Staging → Production, soaking 14 and 7 days (seed 000). */
  rollouts: { fleet: string; body: Record<string, unknown> }[];
  /** Node-pool upgrades the demo starts so there is progress to watch. */
  upgrades: { cluster: string; pool: string; body: Record<string, unknown> }[];
  /** Cluster upgrades (LIFE-3) the demo starts: every component, then every pool. */
  clusterUpgrades: { cluster: string; version: string }[];
  /** Update strategies (RUN-4): per fleet, one stage per region, Jakarta first. */
  updateStrategies: { fleet: string; name: string; body: Record<string, unknown> }[];
}

const REGIONS = [
  {
    region: "asia-southeast2",
    zones: ["asia-southeast2-a", "asia-southeast2-b"],
    timeZone: "Asia/Jakarta",
  },
  {
    region: "europe-west3",
    zones: ["europe-west3-a", "europe-west3-b"],
    timeZone: "Europe/Berlin",
  },
];

const AFTER_HOURS = (timeZone: string) => ({
  windows: [
    {
      start: "19:00",
      durationSeconds: 10 * 3600,
      days: ["MON", "TUE", "WED", "THU", "FRI"],
      timeZone,
    },
  ],
  exclusions: [],
});

const STRATEGIES: Record<string, unknown>[] = [
  { type: "SURGE", maxSurge: 1, maxUnavailable: 0 },
  { type: "BLUE_GREEN", batchPercent: 0.25, batchSoakSeconds: 600, nodePoolSoakSeconds: 3600 },
  { type: "SURGE", maxSurge: 0, maxUnavailable: 1 },
  { type: "AUTOSCALED_BLUE_GREEN", waitSeconds: 3 * 86_400 },
];

export function communityBank(): DemoInventory {
  // The bank's three fleets, and a lab fleet outside the rollout sequence.
  const fleets = ["testing", "staging", "production", "lab"];
  const clustersPerRegion: Record<string, number> = {
    testing: 1,
    staging: 1,
    production: 2,
    lab: 1,
  };
  const clusters: DemoInventory["clusters"] = [];
  const nodePools: DemoInventory["nodePools"] = [];
  for (const fleet of fleets) {
    for (const { region, zones, timeZone } of REGIONS) {
      for (let i = 1; i <= clustersPerRegion[fleet]!; i++) {
        const name = `${fleet}-${region}-${i}`;
        clusters.push({
          name,
          body: {
            fleet,
            role: "standalone",
            region,
            releaseChannel: "REGULAR",
            version: "1.21.11-gke.1100",
            maintenance: AFTER_HOURS(timeZone),
            // RUN-3: the update group of the demo strategy (one per region).
            updateGroup: region,
          },
        });
        nodePools.push(
          pool(name, "default-pool", zones, 3, STRATEGIES[0]!),
          pool(name, "payments", zones, 2, STRATEGIES[1]!),
          pool(name, "batch", zones, 2, STRATEGIES[2]!),
          {
            ...pool(name, "spot-workers", zones, 1, { type: "SURGE" }),
            body: {
              ...pool(name, "spot-workers", zones, 1, { type: "SURGE" }).body,
              spot: true,
              // CA-10: ANY by default for spot; a 1.21 control plane cannot set a policy.
              autoscaling: { enabled: true, minNodes: 0, maxNodes: 5 },
            },
          },
          {
            ...pool(name, "flex-gpu", zones.slice(0, 1), 1, { type: "SHORT_LIVED" }),
            body: {
              ...pool(name, "flex-gpu", zones.slice(0, 1), 1, { type: "SHORT_LIVED" }).body,
              flexStart: true,
            },
          },
        );
      }
    }
  }
  return {
    zones: REGIONS.flatMap(({ region, zones }) =>
      zones.map((name) => ({ name, region, quota: { nodes: 200, cpuMillis: 800_000, ips: 500 } })),
    ),
    machineTypes: [
      {
        name: "e2-standard-4",
        cpuMillis: 4000,
        memoryMiB: 16_384,
        pricePerHour: 0.134,
        spotPricePerHour: 0.04,
      },
      {
        name: "n2-standard-8",
        cpuMillis: 8000,
        memoryMiB: 32_768,
        pricePerHour: 0.388,
        spotPricePerHour: 0.093,
      },
      {
        name: "g2-standard-8",
        cpuMillis: 8000,
        memoryMiB: 32_768,
        gpus: 1,
        gpuType: "nvidia-l4",
        pricePerHour: 0.85,
        spotPricePerHour: 0.3,
      },
    ],
    reservations: [
      { id: "payments-jakarta", zone: "asia-southeast2-a", machineType: "n2-standard-8", count: 6 },
    ],
    fleets,
    clusters,
    nodePools,
    // The lab fleet stays out of the sequence: its clusters take manual cluster upgrades.
    rollouts: [
      { fleet: "testing", body: { defaultSoakSeconds: 14 * 86_400 } },
      { fleet: "staging", body: { upstreamFleet: "testing", defaultSoakSeconds: 7 * 86_400 } },
      { fleet: "production", body: { upstreamFleet: "staging", defaultSoakSeconds: 0 } },
    ],
    // Staging's default pools move to the release's node image only (no version change).
    upgrades: clusters
      .filter((c) => c.name.startsWith("staging-"))
      .map((c) => ({
        cluster: c.name,
        pool: "default-pool",
        body: { nodeImage: "cos-105-17412-1", ignoreMaintenanceWindow: true },
      })),
    // The lab's clusters move to 2022-R25's target for 1.21 by hand (LIFE-3): every
    // component, then each pool by its own strategy.
    clusterUpgrades: clusters
      .filter((c) => c.name.startsWith("lab-"))
      .map((c) => ({ cluster: c.name, version: "1.21.14-gke.4300" })),
    updateStrategies: fleets.map((fleet) => ({
      fleet,
      name: "by-region",
      body: {
        stages: REGIONS.map(({ region }, i) => ({
          name: region,
          groups: [{ name: region }],
          ...(i < REGIONS.length - 1 ? { afterStageWaitSeconds: 3600 } : {}),
        })),
      },
    })),
    releases: [
      {
        name: "2022-R25",
        body: {
          channel: "REGULAR",
          targets: {
            "1.20": "1.21.14-gke.4300",
            "1.21": "1.21.14-gke.4300",
            "1.22": "1.23.8-gke.1900",
            "1.24": "1.24.5-gke.600",
          },
          versions: ["1.21.11-gke.1100", "1.21.14-gke.4300", "1.23.8-gke.1900", "1.24.5-gke.600"],
          nodeImages: [{ version: "cos-105-17412-1", regions: REGIONS.map((r) => r.region) }],
        },
      },
    ],
  };
}

function pool(
  cluster: string,
  name: string,
  zones: string[],
  nodeCount: number,
  upgradeStrategy: Record<string, unknown>,
) {
  const machineType =
    name === "payments" ? "n2-standard-8" : name === "flex-gpu" ? "g2-standard-8" : "e2-standard-4";
  return {
    cluster,
    name,
    body: {
      machineType,
      zones,
      nodeCount,
      version: "1.21.11-gke.1100",
      nodeImage: "cos-97-16919-1",
      upgradeStrategy,
    },
  };
}
