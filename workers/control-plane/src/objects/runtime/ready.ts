import type { Env } from "../../env.ts";
import { executorFor } from "../../providers/executor.ts";
import { objectClock } from "../clock-source.ts";
import type { PackedKeys } from "./packed-row.ts";
import { ObjectRuntime } from "./runtime.ts";

/**
 * The runtime of an object, ready for a request or an alarm: created once per object
 * instance, its clock refreshed (the sim clock can be re-anchored between calls) and its
 * executor prepared.
 */
export async function readyRuntime(
  existing: ObjectRuntime | undefined,
  env: Env,
  storage: DurableObjectStorage,
  packs?: PackedKeys,
): Promise<ObjectRuntime> {
  const clock = await objectClock(env);
  const runtime = existing ?? new ObjectRuntime(storage, clock, executorFor(env, storage), packs);
  runtime.clock = clock;
  await runtime.prepare();
  return runtime;
}
