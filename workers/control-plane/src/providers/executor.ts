import { type Env, providerMode } from "../env.ts";
import type { Executor } from "../objects/runtime/runtime.ts";
import { SimExecutor } from "./sim-executor.ts";
import { WebhookExecutor } from "./webhook-executor.ts";

/** The provider adapter this deployment runs commands through. */
export function executorFor(env: Env, storage: DurableObjectStorage): Executor {
  return providerMode(env) === "sim" ? new SimExecutor(env.DB, storage) : new WebhookExecutor(env);
}
