import type { z } from "@hono/zod-openapi";
import type { ReleaseInput } from "@regatta/contract";
import {
  classifyUpgrade,
  minorOf,
  parseReleaseName,
  parseVersion,
  tryParseVersion,
} from "@regatta/engine";
import { accepted, type Outcome, refused } from "../../outcome.ts";

const RULE_PREFIX = /^[A-Z]+-\d+: /;

/**
 * Refuses a release the engine could not use: a name outside `YYYY-R<N>` (CH-1 orders
 * releases by it), versions that do not parse canonically (VER-1), and targets a cluster
 * of that minor could never take (VER-2/VER-4).
 * @example checkRelease("2022-R25", { channel: "REGULAR", targets: { "1.20": "1.22.0" }, … }) // refused 422 VER-4
 */
export function checkRelease(name: string, input: z.infer<typeof ReleaseInput>): Outcome<void> {
  const releaseName = parseReleaseName(name);
  if (!releaseName.ok) return releaseName;
  for (const [minor, target] of Object.entries(input.targets)) {
    const checked = checkTarget(minor, target);
    if (!checked.ok) return checked;
  }
  for (const version of [...input.versions, ...Object.keys(input.regions)]) {
    const parsed = parseVersion(version);
    if (!parsed.ok) return parsed;
  }
  return accepted(undefined);
}

/**
 * CH-1 a target keyed by minor `M.N` is an upgrade some cluster on `M.N` takes, so it
 * must be a legal step from `M.N.0`: a patch of `M.N` or a version of `M.N+1` (VER-3,
 * VER-4); below `M.N` is a downgrade (VER-2).
 */
function checkTarget(minor: string, target: string): Outcome<void> {
  const lowest = tryParseVersion(`${minor}.0`);
  // The contract admits any digits; the engine keys channels by canonical minors only.
  if (lowest === undefined || minorOf(lowest) !== minor) {
    return refused(
      "malformed",
      `CH-1: target key ${JSON.stringify(minor)} is not a minor such as 1.21`,
      "CH-1",
    );
  }
  const to = parseVersion(target);
  if (!to.ok) return to;
  const step = classifyUpgrade(lowest, to.value);
  if (step.ok) return accepted(undefined);
  const { rule, detail } = step.error;
  return refused(
    "refused",
    `${rule}: target ${target} for minor ${minor} is refused (${detail.replace(RULE_PREFIX, "")}); a target for ${minor} must be a ${minor} or ${lowest.major}.${lowest.minor + 1} version`,
    rule,
  );
}
