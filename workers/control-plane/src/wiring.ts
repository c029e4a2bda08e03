import { type Inventory, openInventory } from "@regatta/inventory";
import { deploymentClock } from "./clock/deployment-clock.ts";
import { type Env, providerMode } from "./env.ts";
import type { PackedKeys } from "./objects/runtime/packed-row.ts";
import { ObjectRuntime } from "./objects/runtime/runtime.ts";
import type { Executor } from "./objects/runtime/types.ts";
import { SimExecutor } from "./providers/sim/executor.ts";
import { WebhookExecutor } from "./providers/webhook-executor.ts";

/**
 * The composition root of a Durable Object: from the worker's bindings it builds what
 * the object runs on (the deployment's clock, the provider's executor, the inventory
 * handle and the runtime over the object's storage). Objects hold one; nothing it
 * builds knows the objects.
 *
 * @example
 * private readonly wiring = new ObjectWiring(this.env, this.ctx.storage);
 * const runtime = await this.wiring.ready();
 */
export class ObjectWiring {
  /** The inventory (D1), for what the object reads or writes back there. */
  readonly inventory: Inventory;
  private runtime: ObjectRuntime | undefined;

  constructor(
    private readonly env: Env,
    private readonly storage: DurableObjectStorage,
    /** Which state keys the runtime packs into one row (none when absent). */
    private readonly packs?: PackedKeys,
  ) {
    this.inventory = openInventory(env.DB);
  }

  /**
   * The runtime, ready for a request or an alarm: created once per object instance, its
   * clock refreshed (an operator can re-anchor the sim clock between calls) and its
   * executor prepared.
   */
  async ready(): Promise<ObjectRuntime> {
    const clock = await deploymentClock(this.env, this.inventory);
    this.runtime ??= new ObjectRuntime(this.storage, clock, this.executor(), this.packs);
    this.runtime.clock = clock;
    await this.runtime.prepare();
    return this.runtime;
  }

  private executor(): Executor {
    return providerMode(this.env) === "sim"
      ? new SimExecutor(this.inventory, this.storage)
      : new WebhookExecutor(this.env);
  }
}
