/** One field that differs between what the control plane has and what a document asks. */
export interface Change {
  /** Dotted path inside `spec`, e.g. `upgradeStrategy.maxSurge`. */
  path: string;
  op: "add" | "remove" | "change";
  from?: unknown;
  to?: unknown;
}

/**
 * Field-level differences from `current` to `desired`, recursing into objects; arrays
 * and scalars compare whole. An absent field and `null` are the same: a PUT replaces the
 * resource, and either leaves the field unset.
 * @example diff({ nodeCount: 2 }, { nodeCount: 3 }) // [{ path: "nodeCount", op: "change", from: 2, to: 3 }]
 */
export function diff(current: unknown, desired: unknown, path = ""): Change[] {
  if (isRecord(current) && isRecord(desired)) {
    const keys = [...new Set([...Object.keys(current), ...Object.keys(desired)])].sort();
    return keys.flatMap((key) =>
      diff(current[key], desired[key], path === "" ? key : `${path}.${key}`),
    );
  }
  const before = current ?? undefined;
  const after = desired ?? undefined;
  if (before === undefined && after === undefined) return [];
  if (before === undefined) return [{ path, op: "add", to: after }];
  if (after === undefined) return [{ path, op: "remove", from: before }];
  return canonical(before) === canonical(after)
    ? []
    : [{ path, op: "change", from: before, to: after }];
}

/** Every field of a resource about to be created. */
export function additions(desired: Record<string, unknown>): Change[] {
  return diff({}, desired);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// Key order carries no meaning in JSON objects; nulls inside arrays and objects do not either.
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    isRecord(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .filter((k) => v[k] !== null && v[k] !== undefined)
            .map((k) => [k, v[k]]),
        )
      : v,
  );
}

/** A change as one line, kubectl-diff style: `~ nodeCount: 2 → 3`. */
export function formatChange(change: Change): string {
  switch (change.op) {
    case "add":
      return `+ ${change.path}: ${show(change.to)}`;
    case "remove":
      return `- ${change.path}: ${show(change.from)}`;
    case "change":
      return `~ ${change.path}: ${show(change.from)} → ${show(change.to)}`;
    default:
      return change.op satisfies never;
  }
}

const show = (value: unknown): string =>
  typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
