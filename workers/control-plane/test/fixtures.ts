import { env } from "cloudflare:test";
import { openInventory, putFleet, putMachineType, putRelease, putZone } from "@regatta/inventory";

/** The shared inventory most tests stand on: one fleet, two zones, a machine type, 2022-R25. */
export async function seedBasics(fleet = "prod"): Promise<void> {
  const db = openInventory(env.DB);
  const now = Date.parse("2026-01-01T00:00:00Z");
  await putFleet(db, fleet, now);
  for (const zone of ["europe-west1-b", "europe-west1-c"]) {
    await putZone(
      db,
      { name: zone, region: "europe-west1", quotaNodes: 100, quotaCpuMillis: null, quotaIps: null },
      now,
    );
  }
  await putMachineType(
    db,
    {
      name: "e2-standard-4",
      cpuMillis: 4000,
      memoryMiB: 16384,
      gpus: 0,
      pricePerHour: 0.134,
      spotPricePerHour: 0.04,
    },
    now,
  );
  await putRelease(
    db,
    {
      name: "2022-R25",
      channel: "REGULAR",
      targets: {
        "1.20": "1.21.14-gke.4300",
        "1.21": "1.21.14-gke.4300",
        "1.22": "1.23.8-gke.1900",
        "1.24": "1.24.5-gke.600",
      },
      versions: ["1.21.11-gke.1100", "1.22.3-gke.100"],
      nodeImages: [],
      regions: {},
    },
    now,
  );
}

export const clusterBody = (overrides: Record<string, unknown> = {}) => ({
  fleet: "prod",
  role: "standalone",
  region: "europe-west1",
  releaseChannel: "REGULAR",
  version: "1.21.11-gke.1100",
  ...overrides,
});

export const poolBody = (overrides: Record<string, unknown> = {}) => ({
  machineType: "e2-standard-4",
  zones: ["europe-west1-b", "europe-west1-c"],
  nodeCount: 2,
  version: "1.21.11-gke.1100",
  nodeImage: "cos-97",
  ...overrides,
});
