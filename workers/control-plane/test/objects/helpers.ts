import { env, runInDurableObject } from "cloudflare:test";
import type { FleetObject } from "../../src/objects/fleet/fleet-object.ts";
import type { ObjectWiring } from "../../src/objects/wiring.ts";
import type { ObjectRuntime } from "../../src/runtime/runtime.ts";

/** Works on the runtime of a fleet object that no test route reaches. */
export function inFleetRuntime<T>(
  name: string,
  work: (runtime: ObjectRuntime) => Promise<T>,
): Promise<T> {
  return runInDurableObject(
    env.FLEET.get(env.FLEET.idFromName(name)),
    async (instance: FleetObject) =>
      work(await (instance as unknown as { wiring: ObjectWiring }).wiring.ready()),
  );
}
