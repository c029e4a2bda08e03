import type { Result } from "../rules/violation.ts";
import { ok, refuse } from "../rules/violation.ts";

/** `2022-R25` read as year 2022, release 25 of that year. */
export interface ReleaseName {
  year: number;
  number: number;
}

const RELEASE_NAME = /^(\d{4})-R([1-9]\d{0,5})$/;

/**
 * Parses a release name `YYYY-R<N>` (CH-1); anything else is a 400.
 *
 * @example parseReleaseName("2022-R25") // ok({year: 2022, number: 25})
 * @example parseReleaseName("R25") // malformed 'CH-1: release name "R25" is not YYYY-R<N> …'
 */
export function parseReleaseName(name: string): Result<ReleaseName> {
  const match = RELEASE_NAME.exec(name);
  if (match === null) {
    return refuse(
      "CH-1",
      "malformed",
      `CH-1: release name ${JSON.stringify(name.slice(0, 64))} is not YYYY-R<N> (e.g. 2022-R25)`,
    );
  }
  return ok({ year: Number(match[1]), number: Number(match[2]) });
}

/**
 * Release order: by year, then by release number, so `2022-R9 < 2022-R25 < 2023-R1`
 * (text order would put R25 before R9). Names that do not parse sort before every valid
 * one, among themselves by text, so a stored malformed release can never override a
 * valid one.
 *
 * @example ["2023-R1", "2022-R25", "2022-R9"].sort(compareReleaseNames) // ["2022-R9", "2022-R25", "2023-R1"]
 */
export function compareReleaseNames(a: string, b: string): number {
  const ra = parseReleaseName(a);
  const rb = parseReleaseName(b);
  if (ra.ok && rb.ok) {
    return ra.value.year - rb.value.year || ra.value.number - rb.value.number;
  }
  if (ra.ok !== rb.ok) return ra.ok ? 1 : -1;
  return a < b ? -1 : a > b ? 1 : 0;
}
