import type { TestProject } from "vitest/node";
import { startControlPlane } from "../../../tests/harness/control-plane.ts";

declare module "vitest" {
  interface ProvidedContext {
    /** The one control plane every cli file uses (see `useControlPlane()` in helpers.ts). */
    controlPlane: { url: string; token: string };
  }
}

/**
 * One control plane for the whole cli project: starting wrangler took each file tens of
 * seconds. Its sim clock is frozen; the files move it one file at a time
 * (`fileParallelism: false`) and each works on fleets and clusters of its own (`names()`).
 * Only where and how to reach it is provided, so no file can stop it under the others.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cp = await startControlPlane({ speed: 0 });
  project.provide("controlPlane", { url: cp.url, token: cp.token });
  return () => cp.stop();
}
