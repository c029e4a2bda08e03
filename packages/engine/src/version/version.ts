import type { Result } from "../rules/violation.ts";
import { ok, refuse } from "../rules/violation.ts";

/** The `-<word>.N` part of `1.21.14-gke.4300`: word `gke`, number 4300. */
export interface VersionSuffix {
  readonly word: string;
  readonly number: number;
}

/**
 * A parsed `MAJOR.MINOR.PATCH[-<word>.N]` version (VER-1). `suffix` is always present as a
 * key (undefined when absent) so every Version has one shape and compare stays monomorphic.
 */
export interface Version {
  readonly major: number;
  readonly minor: number;
  readonly patch: number;
  readonly suffix: VersionSuffix | undefined;
}

const DOT = 46;
const DASH = 45;
const ZERO = 48;
const NINE = 57;
// 15 digits stay below Number.MAX_SAFE_INTEGER, so every accepted number is exact.
const MAX_DIGITS = 15;
// Keeps a 400 detail readable when someone posts a megabyte as a version.
const MAX_QUOTED = 64;

/**
 * Index just past the number starting at `from`, or -1 when there is none. Leading zeros
 * are refused so that parse and format are inverse (`01.2.3` would print as `1.2.3`).
 */
function numberEnd(text: string, from: number): number {
  let i = from;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c < ZERO || c > NINE) break;
    i++;
  }
  const length = i - from;
  if (length === 0 || length > MAX_DIGITS) return -1;
  if (length > 1 && text.charCodeAt(from) === ZERO) return -1;
  return i;
}

function numberValue(text: string, from: number, to: number): number {
  let value = 0;
  for (let i = from; i < to; i++) value = value * 10 + (text.charCodeAt(i) - ZERO);
  return value;
}

/** Index just past a suffix word (`[A-Za-z][A-Za-z0-9]*`) starting at `from`, or -1. */
function wordEnd(text: string, from: number): number {
  let i = from;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    const lower = c | 0x20; // folds A–Z onto a–z
    const letter = lower >= 97 && lower <= 122;
    const digit = c >= ZERO && c <= NINE && i > from;
    if (!letter && !digit) break;
    i++;
  }
  return i === from ? -1 : i;
}

/**
 * Parses without building an error: the hot path for catalogues and benchmarks.
 * A hand-written scanner instead of a regex avoids the match array and substrings.
 *
 * @example tryParseVersion("1.21.14-gke.4300") // {major: 1, minor: 21, patch: 14, suffix: {word: "gke", number: 4300}}
 * @example tryParseVersion("1.21") // undefined
 */
export function tryParseVersion(text: string): Version | undefined {
  const majorEnd = numberEnd(text, 0);
  if (majorEnd < 0 || text.charCodeAt(majorEnd) !== DOT) return undefined;
  const minorEnd = numberEnd(text, majorEnd + 1);
  if (minorEnd < 0 || text.charCodeAt(minorEnd) !== DOT) return undefined;
  const patchEnd = numberEnd(text, minorEnd + 1);
  if (patchEnd < 0) return undefined;
  const major = numberValue(text, 0, majorEnd);
  const minor = numberValue(text, majorEnd + 1, minorEnd);
  const patch = numberValue(text, minorEnd + 1, patchEnd);
  if (patchEnd === text.length) return { major, minor, patch, suffix: undefined };

  if (text.charCodeAt(patchEnd) !== DASH) return undefined;
  const wordStop = wordEnd(text, patchEnd + 1);
  if (wordStop < 0 || text.charCodeAt(wordStop) !== DOT) return undefined;
  const suffixEnd = numberEnd(text, wordStop + 1);
  if (suffixEnd !== text.length) return undefined;
  const suffix = {
    word: text.slice(patchEnd + 1, wordStop),
    number: numberValue(text, wordStop + 1, suffixEnd),
  };
  return { major, minor, patch, suffix };
}

/** Quotes user input for an error detail, shortened so the detail stays readable. */
function quoteVersionText(text: string): string {
  const shown = text.length > MAX_QUOTED ? `${text.slice(0, MAX_QUOTED)}…` : text;
  return JSON.stringify(shown);
}

/**
 * VER-1: parses `MAJOR.MINOR.PATCH` with an optional `-<word>.N` suffix. Anything else is
 * a 400 that quotes the offending string.
 *
 * @example parseVersion("1.24.5-gke.600") // {ok: true, value: {major: 1, minor: 24, patch: 5, suffix: {word: "gke", number: 600}}}
 * @example parseVersion("latest") // {ok: false, error: {rule: "VER-1", kind: "malformed", detail: 'VER-1: "latest" is not a version …'}}
 */
export function parseVersion(text: string): Result<Version> {
  const version = tryParseVersion(text);
  if (version !== undefined) return ok(version);
  return refuse(
    "VER-1",
    "malformed",
    `VER-1: ${quoteVersionText(text)} is not a version (expected MAJOR.MINOR.PATCH or MAJOR.MINOR.PATCH-<word>.N, e.g. 1.21.14-gke.4300)`,
  );
}

/**
 * The canonical text of a version; `parseVersion(formatVersion(v))` gives `v` back.
 *
 * @example formatVersion({major: 1, minor: 23, patch: 8, suffix: {word: "gke", number: 1900}}) // "1.23.8-gke.1900"
 */
export function formatVersion(version: Version): string {
  const base = `${version.major}.${version.minor}.${version.patch}`;
  const suffix = version.suffix;
  return suffix === undefined ? base : `${base}-${suffix.word}.${suffix.number}`;
}

/**
 * The `MAJOR.MINOR` key that release channels publish targets under (CH-1).
 *
 * @example minorOf(tryParseVersion("1.21.14-gke.4300")!) // "1.21"
 */
export function minorOf(version: Version): string {
  return `${version.major}.${version.minor}`;
}
