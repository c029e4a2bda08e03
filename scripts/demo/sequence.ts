/**
 * `npm run demo:sequence`: rolls release 2022-R25 through the demo's Testing → Staging →
 * Production sequence (SEQ) in accelerated virtual time and prints the timeline as the
 * API reports it. Freezes the sim clock, advances it in steps (each step runs every due
 * timer), prints each upgrade's state changes, then gives the clock its speed back.
 * Env: REGATTA_URL (default http://localhost:8787), REGATTA_TOKEN (the admin token
 * `npm start` printed), DEMO_DAYS (default 45), DEMO_STEP_HOURS (default 3).
 */
const url = process.env.REGATTA_URL ?? "http://localhost:8787";
const token = process.env.REGATTA_TOKEN ?? "";
const FLEETS = ["testing", "staging", "production"];
const DAYS = Number(process.env.DEMO_DAYS ?? 45);
const STEP_HOURS = Number(process.env.DEMO_STEP_HOURS ?? 3);

interface Upgrade {
  type: string;
  version: string;
  tracking: string;
  state: string;
  soakEndsAt?: string;
  reason?: string;
  clusters: { cluster: string; state: string }[];
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

function line(now: string, fleet: string, upgrade: Upgrade): string {
  const done = upgrade.clusters.filter((c) => c.state === "COMPLETE").length;
  const soak = upgrade.soakEndsAt ? ` soak ends ${upgrade.soakEndsAt}` : "";
  const why = upgrade.reason ? ` — ${upgrade.reason}` : "";
  return `${now}  ${fleet.padEnd(10)} ${upgrade.type.padEnd(13)} ${upgrade.version} (${upgrade.tracking.toLowerCase()}) ${upgrade.state.padEnd(14)} ${done}/${upgrade.clusters.length} clusters${soak}${why}`;
}

async function main(): Promise<void> {
  const { speed } = await call<{ speed: number }>("GET", "/v1/sim");
  await call("PUT", "/v1/sim/speed", { speed: 0 });
  const seen = new Map<string, string>();
  try {
    for (let hour = 0; hour <= DAYS * 24; hour += STEP_HOURS) {
      const { now } = await call<{ now: string }>("GET", "/v1/sim");
      for (const fleet of FLEETS) {
        const status = await call<{ upgrades: Upgrade[] }>("GET", `/v1/fleets/${fleet}/rollout`);
        for (const upgrade of status.upgrades) {
          const key = `${fleet} ${upgrade.type} ${upgrade.version} ${upgrade.tracking}`;
          const value = `${upgrade.state} ${upgrade.reason ?? ""}`;
          if (seen.get(key) === value) continue;
          seen.set(key, value);
          console.log(line(now, fleet, upgrade));
        }
      }
      const production = await call<{ upgrades: Upgrade[] }>(
        "GET",
        "/v1/fleets/production/rollout",
      );
      if (
        production.upgrades.length > 0 &&
        production.upgrades.every((u) => u.state === "COMPLETE")
      ) {
        console.log(`${now}  2022-R25 rolled through testing → staging → production`);
        return;
      }
      await call("POST", "/v1/sim/advance", { seconds: STEP_HOURS * 3600 });
    }
    console.log(
      `stopped after ${DAYS} virtual days; GET /v1/fleets/{fleet}/rollout shows where it is`,
    );
  } finally {
    await call("PUT", "/v1/sim/speed", { speed });
  }
}

main().catch((error: unknown) => {
  console.error(`demo:sequence failed: ${String(error)}`);
  process.exit(1);
});
