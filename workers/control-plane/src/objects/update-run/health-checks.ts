import type { UpdateRun } from "@regatta/engine";
import { urlPolicy } from "../../outbound/url-policy.ts";
import { boundCourier } from "../../runtime/capabilities.ts";
import { attemptDelivery, DELIVERY_TIMER } from "../../runtime/deliveries.ts";
import type { RunHealthReport } from "../fleet/run-members/index.ts";
import {
  callHealthUrl,
  HEALTH_CHECK_ATTEMPTS,
  type HealthAnswer,
  unreachable,
} from "../health-checks/url-check.ts";
import type { RunCapability, RunContext, RunCourier } from "./context.ts";
import { type CheckMemberHealth, isHealthDelivery } from "./health-requests.ts";
import { loadRun, takeHealthAnswer } from "./host.ts";

/**
 * EXT-7: carries out the health checks the run recorded (health-requests.ts). A URL check
 * is called from here (objects/health-checks/url-check.ts); a provider check is asked of
 * the member's fleet, which sends the provider's HEALTH_CHECK and reports its answer back
 * by `memberHealthChecked`, as it reports member ends. A transport error (the URL or the
 * fleet unreachable) is retried with the delivery's backoff; after
 * HEALTH_CHECK_ATTEMPTS the check counts as failed.
 */

/** `at`: the instant the attempt began — what the answer is dated (the call takes wall time). */
type Sent =
  | { kind: "answered"; answer: HealthAnswer; at: number }
  | { kind: "asked" }
  | { kind: "dropped" };

/** Whether the run still waits for this check (not answered, not retried since). */
function awaited(run: UpdateRun | undefined, message: CheckMemberHealth): boolean {
  const member = run?.stages
    .flatMap((s) => s.groups.flatMap((g) => g.members))
    .find((m) => m.cluster === message.owner.cluster);
  const record = member?.healthCheck;
  return record?.requestedAt === message.requestedAt && record.passed === undefined;
}

function report(message: CheckMemberHealth, answer: HealthAnswer, at: number): RunHealthReport {
  return { cluster: message.owner.cluster, requestedAt: message.requestedAt, ...answer, at };
}

const checks: RunCourier<CheckMemberHealth, Sent> = {
  maxAttempts: () => HEALTH_CHECK_ATTEMPTS,
  async send({ runtime, env }, message) {
    // Dated when the attempt began: at 86,400x, a 200 ms call would otherwise move the
    // member's end hours later than in one jump.
    const at = runtime.now();
    const wanted = await runtime.read((tx) => awaited(loadRun(tx), message));
    if (!wanted) return { kind: "dropped" };
    const { check } = message;
    if ("url" in check) {
      return { kind: "answered", answer: await callHealthUrl(check.url, urlPolicy(env)), at };
    }
    if (message.operation === undefined) {
      const detail = "the member has no operation to carry the provider's HEALTH_CHECK";
      return { kind: "answered", answer: { passed: false, detail }, at };
    }
    const fleet = env.FLEET.get(env.FLEET.idFromName(message.owner.fleet));
    await fleet.checkRunMemberHealth({
      owner: message.owner,
      requestedAt: message.requestedAt,
      operation: message.operation,
    });
    return { kind: "asked" };
  },
  taken(tx, message, sent) {
    if (sent.kind === "answered") takeHealthAnswer(tx, report(message, sent.answer, sent.at));
  },
  gaveUp(tx, message, lastError) {
    takeHealthAnswer(tx, report(message, unreachable(lastError), tx.now));
  },
  // An answer can end the member and start the next one at the same instant.
  settled: (run) => run.dispatch(),
};

/** EXT-7: the run's health checks, each a durable delivery of its own. */
export const memberHealthChecks: RunCapability = {
  name: "member health checks",
  deliveries: { "check-health": checks },
};

/**
 * Checks carried out at once: members that end together are checked together (each
 * answer dated when its own attempt began), not one URL's timeout after another's.
 */
const HEALTH_CHECKS_AT_ONCE = 8;

/** Attempts the checks due now (just recorded, or due again after their backoff). */
export async function dispatchHealthChecks(run: RunContext): Promise<void> {
  const { runtime } = run;
  // Not `settled`: this is part of the dispatch that would follow.
  const carrier = boundCourier(checks, run);
  const now = runtime.now();
  const due = runtime
    .timers()
    .filter((timer) => timer.kind === DELIVERY_TIMER && timer.due <= now)
    .map((timer) => timer.payload ?? "")
    .filter(isHealthDelivery);
  // A few workers take the checks in order; each answer commits on its own (the run
  // takes it at no earlier instant than its last decision).
  const workers = Array.from({ length: Math.min(HEALTH_CHECKS_AT_ONCE, due.length) }, async () => {
    for (let id = due.shift(); id !== undefined; id = due.shift()) {
      await attemptDelivery(runtime, id, carrier);
    }
  });
  await Promise.all(workers);
}

export { isHealthDelivery };
