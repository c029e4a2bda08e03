import type { Instant } from "../time/instant.ts";
import { Effects, ended, isTerminal } from "./operation.ts";
import type { NodePoolOperation } from "./strategies/index.ts";
import { workInFlight } from "./view.ts";

/**
 * How an operation ends or is annotated from outside its machine: its pool went away,
 * or the host has something to add to its history. The machine itself never sees these.
 */

/**
 * Ends an operation whose pool no longer exists (deleted with or without its cluster):
 * FAILED with `reason` as its error, so nothing is left waiting. The host stops feeding
 * it events, so no further command is issued; what the provider still reports is ignored.
 * An operation that already ended keeps its state and only records why it stopped.
 *
 * @example abandonUpgrade(running, "node pool deleted", now).header // { state: "FAILED", error: "node pool deleted", … }
 */
export function abandonUpgrade(
  op: NodePoolOperation,
  reason: string,
  now: Instant,
): NodePoolOperation {
  const fx = new Effects(now);
  const header = isTerminal(op.header.state)
    ? op.header
    : { ...ended(op.header, "FAILED", now), error: reason };
  fx.log(`${reason}: the operation stops and writes nothing to the inventory`);
  return { ...op, header: fx.stamp(header) };
}

/**
 * The operation with one more line in its history (what the host did with it).
 *
 * @example noteOnOperation(op, "node pool replaced; nothing written", now).header.events.at(-1)
 */
export function noteOnOperation(
  op: NodePoolOperation,
  message: string,
  now: Instant,
): NodePoolOperation {
  const fx = new Effects(now);
  fx.log(message);
  return { ...op, header: fx.stamp(op.header) };
}

/**
 * NUP-7: a cancelled surge upgrade whose started nodes have all finished. Nothing moves
 * until it is resumed or rolled back, or a new upgrade of the pool supersedes it (seed
 * 004: after a cancel an upgrade can be scheduled again and upgrades the nodes left).
 * Blue-green and autoscaled blue-green are resumed or rolled back instead (NUP-9,
 * NUP-10), so they never rest this way.
 *
 * @example cancelledAtRest(cancelledWithNothingStarted) // true
 */
export function cancelledAtRest(op: NodePoolOperation): boolean {
  return op.kind === "SURGE" && op.header.state === "CANCELLED" && workInFlight(op) === 0;
}
