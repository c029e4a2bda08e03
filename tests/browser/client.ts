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

/** The demo's community bank without its rollouts and upgrades: a quiet inventory. */
export async function seedBank(call: Call): Promise<void> {
  const demo = communityBank();
  for (const { name, ...body } of demo.zones) await call("PUT", `/v1/zones/${name}`, body);
  for (const { name, ...body } of demo.machineTypes) {
    await call("PUT", `/v1/machine-types/${name}`, body);
  }
  for (const { id, ...body } of demo.reservations)
    await call("PUT", `/v1/reservations/${id}`, body);
  for (const fleet of demo.fleets) await call("PUT", `/v1/fleets/${fleet}`, {});
  for (const { name, body } of demo.releases) await call("PUT", `/v1/releases/${name}`, body);
  for (const { name, body } of demo.clusters) await call("PUT", `/v1/clusters/${name}`, body);
  for (const { cluster, name, body } of demo.nodePools) {
    await call("PUT", `/v1/clusters/${cluster}/node-pools/${name}`, body);
  }
  for (const { fleet, name, body } of demo.updateStrategies) {
    await call("PUT", `/v1/fleets/${fleet}/update-strategies/${name}`, body);
  }
}
