import { type Inventory, openInventory, putWakeup, readSimWorld } from "@regatta/inventory";
import { SIGNATURE_WINDOW_MS } from "@regatta/protocol";
import type { Clock } from "../clock/clock.ts";
import { deploymentClock } from "../clock/deployment-clock.ts";
import { type Env, providerMode, retentionMs } from "../env.ts";
import { SimExecutor } from "../providers/sim/executor.ts";
import { WebhookExecutor } from "../providers/webhook-executor.ts";
import type { PackedKeys } from "../runtime/packed-row.ts";
import { ObjectRuntime } from "../runtime/runtime.ts";
import type { Executor, InTransactionExecutor, RuntimeHooks } from "../runtime/types.ts";
import { Watchers } from "../runtime/watchers.ts";
import type { WakeupKind } from "./wakeups.ts";

/**
 * Test-only substitutions, set on an object's wiring through `runInDurableObject` (no
 * route reaches them); production objects leave them empty.
 */
export interface WiringHooks extends RuntimeHooks {
  /** Another executor for the provider (a webhook endpoint stub). */
  executor?: (inventory: Inventory, storage: DurableObjectStorage) => Executor;
  /** The sim counts every command id handed to it (chaos test: nothing issued twice). */
  countSubmissions?: boolean;
  /**
   * The object's wall clock runs this far ahead of the platform's: retention (wall time)
   * is tested without waiting days.
   */
  wallShiftMs?: number;
}

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
  hooks: WiringHooks = {};
  /** Live watchers of the object (none for an object built without its state). */
  readonly watchers: Watchers | undefined;
  private runtime: ObjectRuntime | undefined;
  /** The runtime's executor when it is the embedded sim (its inputs are read with the clock). */
  private sim: SimExecutor | undefined;

  constructor(
    private readonly env: Env,
    private readonly storage: DurableObjectStorage,
    private readonly options: {
      /** Which state keys the runtime packs into one row (none when absent). */
      packs?: PackedKeys;
      /**
       * The object's namespace and name, under which it keeps its next wake-up in the
       * inventory (none for an object addressed without a name).
       */
      identity?: { kind: WakeupKind; name: string | undefined };
      /** The object's state, whose WebSockets watch it (runtime/watchers.ts). */
      watch?: DurableObjectState;
      /**
       * "none" for an object that sends no provider commands (the update-run object): it
       * then reads nothing of the provider's (faults, quotas, timing) on each call.
       */
      provider?: "deployment" | "none";
    } = {},
  ) {
    this.inventory = openInventory(env.DB);
    this.watchers = options.watch && new Watchers(options.watch);
  }

  /**
   * The runtime, ready for a request or an alarm: created once per object instance, its
   * clock refreshed (an operator can re-anchor the sim clock between calls) and its
   * executor prepared. A misconfigured deployment gets no runtime at all: it throws a
   * `ConfigurationError` rather than run a provider nobody asked for.
   */
  async ready(): Promise<ObjectRuntime> {
    // Built before any I/O, so a misconfigured deployment fails before it reads anything.
    const executor = this.runtime ? undefined : this.executor();
    const sim = this.runtime ? this.sim : executor instanceof SimExecutor ? executor : undefined;
    // The sim's inputs come in the clock's round trip: a fleet object reads D1 once per
    // call or alarm run before it decides, not five times.
    const world = sim && (await readSimWorld(this.inventory));
    const clock = shifted(
      await deploymentClock(this.env, this.inventory, world && { row: world.clock }),
      this.hooks.wallShiftMs,
    );
    const runtime = this.runtime ?? this.build(clock, executor ?? this.executor());
    this.runtime = runtime;
    this.sim = sim;
    runtime.clock = clock;
    if (world) sim?.readBeside(world);
    await runtime.prepare();
    return runtime;
  }

  private build(clock: Clock, executor: Executor): ObjectRuntime {
    const identity = this.options.identity;
    const name = identity?.name;
    return new ObjectRuntime(this.storage, clock, executor, {
      packs: this.options.packs,
      ...(identity && name !== undefined
        ? { onNextWake: (due) => putWakeup(this.inventory, identity.kind, name, due) }
        : {}),
      inboxRetentionMs: retentionMs(this.env.INBOX_RETENTION_HOURS, 24),
      // Executor callbacks are signed; one older than the signature window is refused.
      replayWindowMs: SIGNATURE_WINDOW_MS,
      onChange: (at) => this.watchers?.changed(at),
      hooks: {
        // A crash is a restart: the next call builds a fresh runtime, as after eviction.
        crash: (point) => {
          if (this.hooks.crash?.(point) !== true) return false;
          this.restart();
          return true;
        },
      },
    });
  }

  /** Forgets the runtime and everything it holds in memory, as after an eviction. */
  restart(): void {
    this.runtime = undefined;
    this.sim = undefined;
  }

  private executor(): Executor {
    if (this.hooks.executor) return this.hooks.executor(this.inventory, this.storage);
    if (this.options.provider === "none") return NO_PROVIDER;
    return providerMode(this.env) === "sim"
      ? new SimExecutor(this.inventory, this.storage, {
          countSubmissions: () => this.hooks.countSubmissions === true,
        })
      : new WebhookExecutor(this.env);
  }
}

function shifted(clock: Clock, wallShiftMs: number | undefined): Clock {
  if (!wallShiftMs) return clock;
  return { ...clock, wall: () => clock.wall() + wallShiftMs };
}

/** The executor of an object that sends no provider commands: one sent is a bug. */
const NO_PROVIDER: InTransactionExecutor = {
  executeInTransaction(commands) {
    throw new Error(`this object sends no provider commands (${commands.length} sent)`);
  },
};
