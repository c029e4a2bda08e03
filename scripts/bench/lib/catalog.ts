import type { ControlPlane } from "./control-plane.ts";

/** What a workerd benchmark's catalogue holds: its zones and one machine type. */
export interface BenchCatalog {
  region: string;
  zones: readonly string[];
  machineType: string;
  /** Row timestamps; fixed so runs are identical. */
  epoch: number;
}

/**
 * Zones with no node quota (the sim's capacity is unlimited) and the machine type,
 * inserted straight into D1.
 *
 * @example await loadCatalog(cp, { region: "us-central1", zones: ["us-central1-a"], machineType: "e2-standard-4", epoch })
 */
export async function loadCatalog(cp: ControlPlane, catalog: BenchCatalog): Promise<void> {
  const { region, zones, machineType, epoch } = catalog;
  await cp.insert(
    "zones",
    ["name", "region", "quota_nodes", "quota_cpu_millis", "quota_ips", "created_at", "updated_at"],
    zones.map((zone) => [zone, region, null, null, null, epoch, epoch]),
  );
  await cp.insert(
    "machine_types",
    [
      "name",
      "cpu_millis",
      "memory_mib",
      "gpus",
      "price_per_hour",
      "spot_price_per_hour",
      "created_at",
      "updated_at",
    ],
    [[machineType, 4000, 16_384, 0, 0.134, 0.04, epoch, epoch]],
  );
}

/** A response body as JSON, or an error naming what it was and how it starts. */
export function parseJson<T>(body: string, what: string): T {
  try {
    return JSON.parse(body) as T;
  } catch {
    throw new Error(`${what}: not JSON: ${body.slice(0, 200)}`);
  }
}
