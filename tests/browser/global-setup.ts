import type { TestProject } from "vitest/node";
import { startControlPlane } from "../harness/control-plane.ts";

declare module "vitest" {
  interface ProvidedContext {
    /** The one control plane every browser file uses (see `shared()` in client.ts). */
    controlPlane: { url: string; token: string };
  }
}

/**
 * One control plane for the whole browser project: starting wrangler took each file tens
 * of seconds (issue 28 item 5). Its sim clock is frozen; the files move it one file at a
 * time (`fileParallelism: false`) and each works on its own copy of the bank (`seedBank`).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cp = await startControlPlane({ speed: 0 });
  project.provide("controlPlane", { url: cp.url, token: cp.token });
  return () => cp.stop();
}
