/**
 * `npm start`'s note on the secrets it was given (scripts/start.sh): local development
 * runs with them, but a deployment refuses any weaker than 32 random bytes (SEC-9), so
 * say which before someone copies them to one. The same rule as the worker's.
 * Run: `REGATTA_ADMIN_TOKEN=… WEBHOOK_SECRET=… NOTIFICATIONS_KEY=… tsx scripts/local-state/weak-secrets.ts`
 */
import { keyRing, weakSecret } from "../../workers/control-plane/src/secret-strength.ts";

const given: [string, string][] = [
  ["REGATTA_ADMIN_TOKEN", process.env.REGATTA_ADMIN_TOKEN ?? ""],
  ["WEBHOOK_SECRET", process.env.WEBHOOK_SECRET ?? ""],
  ...keyRing(process.env.NOTIFICATIONS_KEY ?? "").map((key): [string, string] => [
    "NOTIFICATIONS_KEY",
    key,
  ]),
];
for (const [name, value] of given) {
  const weak = value === "" ? undefined : weakSecret(name, value);
  if (weak !== undefined) {
    console.error(`regatta: ${weak}. Fine here; a deployment refuses to start with it.`);
  }
}
