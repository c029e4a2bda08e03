/**
 * Seeds the demo inventory through the HTTP API (so it passes the same validation as
 * any client) and re-anchors the sim clock. Idempotent: catalogue writes are PUTs, clusters
 * and pools are created only when missing.
 * Env: REGATTA_URL, REGATTA_TOKEN, REGATTA_DEMO (on|off), REGATTA_PROVIDER, SIM_SPEED.
 */
import { autoscalerDemo } from "./autoscaler.ts";
import { communityBank } from "./community-bank.ts";

const url = process.env.REGATTA_URL ?? "http://localhost:8787";
const token = process.env.REGATTA_TOKEN ?? "";

async function call(method: string, path: string, body?: unknown): Promise<void> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${path} → ${response.status} ${await response.text()}`);
}

/** Creates the resource unless it exists. */
async function ensure(path: string, body: unknown): Promise<void> {
  const found = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (found.status === 404) await call("PUT", path, body);
  else if (!found.ok) throw new Error(`GET ${path} → ${found.status} ${await found.text()}`);
}

/** A POST whose refusal is reported, not thrown (the demo goes on). */
async function post(path: string, body: unknown): Promise<{ id?: string; detail?: string }> {
  const response = await fetch(`${url}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { id?: string; detail?: string };
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
  // Clusters and pools the demo already upgraded keep their versions on a restart (a PUT
  // back to the old version would be a downgrade, VER-2): only missing ones are created.
  for (const { name, body } of demo.clusters) await ensure(`/v1/clusters/${name}`, body);
  for (const { cluster, name, body } of demo.nodePools) {
    await ensure(`/v1/clusters/${cluster}/node-pools/${name}`, body);
  }
  // The sequence (SEQ) starts with Testing's control planes; the lab fleet is outside it.
  for (const { fleet, body } of demo.rollouts)
    await call("PUT", `/v1/fleets/${fleet}/rollout`, body);
  // A restarted demo may already be upgrading (or done with) these: that is fine.
  for (const { cluster, version } of demo.clusterUpgrades) {
    const body = await post(`/v1/clusters/${cluster}/upgrade`, { version });
    console.log(
      body.id
        ? `regatta: upgrading cluster ${cluster} to ${version}: GET /v1/operations/${body.id}`
        : `regatta: cluster ${cluster} not upgraded now: ${body.detail}`,
    );
  }
  for (const { cluster, pool, body: request } of demo.upgrades) {
    const body = await post(`/v1/clusters/${cluster}/node-pools/${pool}/upgrade`, request);
    console.log(
      body.id
        ? `regatta: upgrading ${cluster}/${pool}: GET /v1/operations/${body.id}`
        : `regatta: ${cluster}/${pool} not upgraded now: ${body.detail}`,
    );
  }
  await seedAutoscaler();
  for (const { fleet, name, body } of demo.updateStrategies) {
    await call("PUT", `/v1/fleets/${fleet}/update-strategies/${name}`, body);
  }
  console.log(
    `regatta: demo inventory seeded: ${demo.fleets.length} fleets, ${demo.clusters.length} clusters, ${demo.nodePools.length} node pools, update strategy by-region in each fleet`,
  );
  printUpdateRunHowTo();
}

/** How to start an update run (RUN) across a demo fleet with its `by-region` strategy. */
function printUpdateRunHowTo(): void {
  const auth = `-H "Authorization: Bearer ${token}" -H "content-type: application/json"`;
  const runs = `${url}/v1/fleets/production/update-runs`;
  const body = JSON.stringify({
    name: "prod-2022-r25",
    strategy: "by-region",
    upgrade: { type: "ControlPlaneOnly", kubernetesVersion: "1.21.14-gke.4300" },
  });
  console.log(`
  Update run across the production fleet (stage asia-southeast2, 1 h wait, europe-west3;
  members upgrade in their after-hours windows: about 2.5 virtual days, a minute at x3600):
    curl ${auth} -X POST ${runs} -d '${body}'
    curl ${auth} -X POST ${runs}/prod-2022-r25/start
    curl ${auth} ${runs}/prod-2022-r25
  "type": "Full" also upgrades every node pool through its own strategy (short-lived
  pools take up to 7 days): about 6 virtual weeks, ~17 minutes at x3600.`);
}

/** CA: a burst of pods, then a quiet spell; the decisions list shows why each change. */
async function seedAutoscaler(): Promise<void> {
  const demo = autoscalerDemo();
  const cluster = demo.cluster.name;
  await ensure(`/v1/clusters/${cluster}`, demo.cluster.body);
  for (const { name, body } of demo.nodePools) {
    await ensure(`/v1/clusters/${cluster}/node-pools/${name}`, body);
  }
  for (const { pauseMs, body } of demo.snapshots) {
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
    await call("PUT", `/v1/clusters/${cluster}/workloads`, body);
  }
  console.log(
    `regatta: autoscaler demo: GET /v1/clusters/${cluster}/autoscaler/decisions shows its scale-ups and scale-downs`,
  );
}

main().catch((error: unknown) => {
  console.error(`regatta: demo seed failed: ${String(error)}`);
  process.exit(1);
});
