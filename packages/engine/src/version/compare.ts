import type { Version } from "./version.ts";

/**
 * VER-1 order: major, minor, patch numerically, then the suffix number numerically; no
 * suffix sorts before the same version with one. SPEC says nothing about two suffixes with
 * different words and the same number (`-gke.5` vs `-rc.5`); the word decides by code
 * unit order there so the order stays total (0 only for versions that print the same).
 * Allocation-free: it runs inside sorts and benchmarks.
 *
 * @example compareVersions(tryParseVersion("1.21.14-gke.4300")!, tryParseVersion("1.21.14-gke.900")!) // 1
 * @example compareVersions(tryParseVersion("1.21.14")!, tryParseVersion("1.21.14-gke.1")!) // -1
 */
export function compareVersions(a: Version, b: Version): -1 | 0 | 1 {
  if (a.major !== b.major) return a.major < b.major ? -1 : 1;
  if (a.minor !== b.minor) return a.minor < b.minor ? -1 : 1;
  if (a.patch !== b.patch) return a.patch < b.patch ? -1 : 1;
  const sa = a.suffix;
  const sb = b.suffix;
  if (sa === undefined) return sb === undefined ? 0 : -1;
  if (sb === undefined) return 1;
  if (sa.number !== sb.number) return sa.number < sb.number ? -1 : 1;
  if (sa.word === sb.word) return 0;
  return sa.word < sb.word ? -1 : 1;
}
