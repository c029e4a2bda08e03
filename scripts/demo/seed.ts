/**
 * Seeds the demo inventory through the HTTP API (so it passes the same validation as
 * any client) and re-anchors the sim clock. Idempotent: every write is a PUT.
 * Env: REGATTA_URL, REGATTA_TOKEN, REGATTA_DEMO (on|off), REGATTA_PROVIDER, SIM_SPEED.
 */
import { communityBank } from "./community-bank.ts";

const url = process.env.REGATTA_URL ?? "http://localhost:8787";
const token = process.env.REGATTA_TOKEN ?? "";

async function call(method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${path} → ${response.status} ${await response.text()}`);
}

/**
 * A PUT of the demo's starting version; a restarted demo whose rollout already upgraded
 * the resource is refused by VER-2 (no downgrade), and keeps what it has.
 */
async function putStarting(path: string, body: unknown): Promise<void> {
  try {
    await call("PUT", path, body);
  } catch (error) {
    if (!String(error).includes('"rule":"VER-2"')) throw error;
    console.log(`regatta: ${path} keeps its upgraded version`);
  }
}

async function main(): Promise<void> {
  if (process.env.REGATTA_PROVIDER !== "webhook") {
    // A restart must not replay the downtime at sim speed: re-anchor the virtual clock.
    await call("PUT", "/v1/sim/speed", { speed: Number(process.env.SIM_SPEED ?? 3600) });
  }
  if ((process.env.REGATTA_DEMO ?? "on") === "off") return;
  const demo = communityBank();
  for (const { name, ...body } of demo.zones) await call("PUT", `/v1/zones/${name}`, body);
  for (const { name, ...body } of demo.machineTypes)
    await call("PUT", `/v1/machine-types/${name}`, body);
  for (const { id, ...body } of demo.reservations)
    await call("PUT", `/v1/reservations/${id}`, body);
  for (const fleet of demo.fleets) await call("PUT", `/v1/fleets/${fleet}`, {});
  for (const { name, body } of demo.releases) await call("PUT", `/v1/releases/${name}`, body);
  for (const { name, body } of demo.clusters) await putStarting(`/v1/clusters/${name}`, body);
  for (const { cluster, name, body } of demo.nodePools) {
    await putStarting(`/v1/clusters/${cluster}/node-pools/${name}`, body);
  }
  // SEQ: configuring the sequence starts Testing's control planes (inside their windows).
  for (const { fleet, body } of demo.rollouts)
    await call("PUT", `/v1/fleets/${fleet}/rollout`, body);
  for (const { cluster, pool } of demo.upgrades) {
    // A restarted demo may already be upgrading (or done with) this pool: that is fine.
    const started = await fetch(`${url}/v1/clusters/${cluster}/node-pools/${pool}/upgrade`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ ignoreMaintenanceWindow: true }),
    });
    const body = (await started.json()) as { id?: string; detail?: string };
    console.log(
      started.ok
        ? `regatta: upgrading ${cluster}/${pool}: GET /v1/operations/${body.id}`
        : `regatta: ${cluster}/${pool} not upgraded now: ${body.detail}`,
    );
  }
  console.log(
    `regatta: demo inventory seeded: ${demo.fleets.length} fleets, ${demo.clusters.length} clusters, ${demo.nodePools.length} node pools`,
  );
}

main().catch((error: unknown) => {
  console.error(`regatta: demo seed failed: ${String(error)}`);
  process.exit(1);
});
