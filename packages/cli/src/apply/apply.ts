import type { Api } from "../api/client.ts";
import { additions, type Change, diff } from "./diff.ts";
import type { Resource } from "./kinds.ts";

export type Action = "created" | "configured" | "unchanged";

/** What apply did (or, dry, would do) to one resource. */
export interface Applied {
  kind: string;
  name: string;
  path: string;
  action: Action;
  changes: Change[];
}

/**
 * Applies resources in order: reads each, compares it field by field with its document,
 * and PUTs only those that differ. `onApplied` hears each as it is done, so a refusal
 * half-way still shows what came before it.
 */
export async function applyResources(
  api: Api,
  resources: Resource[],
  options: { dryRun: boolean; onApplied(applied: Applied): void },
): Promise<Applied[]> {
  const done: Applied[] = [];
  for (const resource of resources) {
    const current = await resource.read(api);
    const changes = changesOf(resource, current);
    const action: Action =
      current === undefined ? "created" : changes.length > 0 ? "configured" : "unchanged";
    if (action !== "unchanged" && !options.dryRun) await resource.write(api);
    const applied = {
      kind: resource.kind,
      name: resource.name,
      path: resource.path,
      action,
      changes,
    };
    options.onApplied(applied);
    done.push(applied);
  }
  return done;
}

function changesOf(resource: Resource, current: Record<string, unknown> | undefined): Change[] {
  const { serverDefaults, writeOnly } = resource.ignored;
  const desired = { ...resource.desired };
  for (const key of writeOnly) delete desired[key];
  if (current === undefined) return additions(desired);
  const seen = { ...current };
  for (const key of serverDefaults) if (!(key in desired)) delete seen[key];
  return diff(seen, desired);
}
