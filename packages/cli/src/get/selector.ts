import { UsageError } from "../exit.ts";

/** One requirement of a selector, as kubectl spells them: `k=v`, `k==v`, `k!=v`, `k`, `!k`. */
export type Requirement =
  | { key: string; op: "equals" | "notEquals"; value: string }
  | { key: string; op: "exists" | "absent" };

/** Every requirement must hold (kubectl's comma is an AND). */
export type Selector = readonly Requirement[];

const KEY = /^[A-Za-z0-9]([A-Za-z0-9._/-]*[A-Za-z0-9])?$/;

/**
 * A selector from its text, refused with the flag's name when a requirement is malformed.
 * `in (…)`/`notin (…)` sets are not supported: they would need a real parser and the API
 * has no selector to agree with.
 * @example parseSelector("env=prod,tier!=web", "--selector") // two requirements
 */
export function parseSelector(text: string, flag: string): Selector {
  return text.split(",").map((part) => {
    const term = part.trim();
    const match = /^(!?)([^!=]+?)\s*(?:(==|=|!=)\s*(.*))?$/.exec(term);
    const [, not, key = "", op, value = ""] = match ?? [];
    if (match === null || !KEY.test(key) || (not === "!" && op !== undefined)) {
      throw new UsageError(
        `${flag}: cannot read "${term}": use k=v, k!=v, k or !k, comma-separated`,
      );
    }
    if (op === undefined) return { key, op: not === "!" ? "absent" : "exists" };
    return { key, op: op === "!=" ? "notEquals" : "equals", value: value.trim() };
  });
}

/**
 * Whether values looked up by key satisfy every requirement. As in Kubernetes, `k!=v`
 * holds when k is absent.
 */
export function matches(selector: Selector, lookup: (key: string) => string | undefined): boolean {
  return selector.every((requirement) => {
    const actual = lookup(requirement.key);
    switch (requirement.op) {
      case "equals":
        return actual === requirement.value;
      case "notEquals":
        return actual !== requirement.value;
      case "exists":
        return actual !== undefined;
      case "absent":
        return actual === undefined;
      default:
        return requirement satisfies never;
    }
  });
}

/**
 * A field of an API object by its dotted path (`status.phase`), as text; objects and
 * arrays have no text and count as absent, so a field selector compares scalars only.
 * @example fieldOf({ status: { phase: "RUNNING" } }, "status.phase") // "RUNNING"
 */
export function fieldOf(value: unknown, path: string): string | undefined {
  let current: unknown = value;
  for (const step of path.split(".")) {
    if (typeof current !== "object" || current === null || Array.isArray(current)) return;
    current = (current as Record<string, unknown>)[step];
  }
  if (typeof current === "string") return current;
  if (typeof current === "number" || typeof current === "boolean") return String(current);
  return undefined;
}
