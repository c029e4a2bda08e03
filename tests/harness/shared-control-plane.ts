import type { TestProject } from "vitest/node";
import { startControlPlane } from "./control-plane.ts";

declare module "vitest" {
  interface ProvidedContext {
    /** The project's one control plane: where it is and its admin token, not its stop. */
    controlPlane: { url: string; token: string };
  }
}

/**
 * A vitest `globalSetup` that starts one control plane for a whole project (starting
 * wrangler took each file tens of seconds) and stops it after the last file. Its sim clock
 * is frozen; a project using it runs its files one at a time (`fileParallelism: false`),
 * because each moves the one clock, and each file works on objects of its own. Files get
 * it with `inject("controlPlane")`: only where and how to reach it, so none can stop it
 * under the others.
 */
export async function setupSharedControlPlane(project: TestProject): Promise<() => Promise<void>> {
  const cp = await startControlPlane({ speed: 0 });
  project.provide("controlPlane", { url: cp.url, token: cp.token });
  return () => cp.stop();
}
