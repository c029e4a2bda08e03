import { communityBank } from "../../scripts/demo/community-bank.ts";

/** The API as a test's automation uses it: JSON in and out, the answer's status checked. */
export function client(url: string, token: string) {
  return async function call<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<T> {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
}

export type Call = ReturnType<typeof client>;

/**
 * One file's copy of the bank's names: every file shares the control plane, so each works
 * on fleets and clusters of its own (`bank("nav").production` is `nav-production`).
 */
export function bank(prefix: string) {
  const fleet = (name: string) => `${prefix}-${name}`;
  return {
    prefix,
    fleet,
    testing: fleet("testing"),
    staging: fleet("staging"),
    production: fleet("production"),
    lab: fleet("lab"),
    /** A bank cluster's name in this copy: `cluster("production-asia-southeast2-1")`. */
    cluster: (name: string) => `${prefix}-${name}`,
  };
}

export type Bank = ReturnType<typeof bank>;

/**
 * The demo's community bank without its rollouts and upgrades, a quiet inventory, under
 * `names`' prefix. Zones, machine types, reservations and releases are the control
 * plane's, shared by every copy: the zones' quotas grow so five copies fit beside each other.
 */
export async function seedBank(call: Call, names: Bank): Promise<void> {
  const demo = communityBank();
  await seedShared(call);
  // Each fleet is an object of its own: its clusters and pools go in beside the others'.
  await Promise.all(
    demo.fleets.map(async (fleet) => {
      await call("PUT", `/v1/fleets/${names.fleet(fleet)}`, {});
      for (const { name, body } of demo.clusters.filter((c) => c.body.fleet === fleet)) {
        const cluster = names.cluster(name);
        await call("PUT", `/v1/clusters/${cluster}`, { ...body, fleet: names.fleet(fleet) });
        for (const pool of demo.nodePools.filter((p) => p.cluster === name)) {
          await call("PUT", `/v1/clusters/${cluster}/node-pools/${pool.name}`, pool.body);
        }
      }
      for (const strategy of demo.updateStrategies.filter((s) => s.fleet === fleet)) {
        const path = `/v1/fleets/${names.fleet(fleet)}/update-strategies/${strategy.name}`;
        await call("PUT", path, strategy.body);
      }
    }),
  );
}

/** The bank's zones, machine types, reservations and release: one set for every copy. */
export async function seedShared(call: Call): Promise<void> {
  const demo = communityBank();
  for (const { name, quota, ...body } of demo.zones) {
    const roomy = Object.fromEntries(Object.entries(quota).map(([k, v]) => [k, v * COPIES]));
    await call("PUT", `/v1/zones/${name}`, { ...body, quota: roomy });
  }
  for (const { name, ...body } of demo.machineTypes) {
    await call("PUT", `/v1/machine-types/${name}`, body);
  }
  for (const { id, ...body } of demo.reservations)
    await call("PUT", `/v1/reservations/${id}`, body);
  for (const { name, body } of demo.releases) await call("PUT", `/v1/releases/${name}`, body);
}

/** The bank's rollout sequence (testing → staging → production) over `names`' copy. */
export async function putRollouts(call: Call, names: Bank): Promise<void> {
  for (const { fleet, body } of communityBank().rollouts) {
    const upstream = body.upstreamFleet;
    await call("PUT", `/v1/fleets/${names.fleet(fleet)}/rollout`, {
      ...body,
      ...(typeof upstream === "string" ? { upstreamFleet: names.fleet(upstream) } : {}),
    });
  }
}

/** How many copies of the bank the browser files seed into the one control plane, at most. */
const COPIES = 6;
