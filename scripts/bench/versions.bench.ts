/**
 * Version parse/compare throughput of the engine (VER-1..4) over a deterministic corpus
 * of GKE-style versions: what catalogue imports, channel target resolution and
 * update-run planning spend per version. Prints a table, then one key=value line.
 *
 * Run: `tsx scripts/bench/versions.bench.ts` (or `pnpm bench` for every benchmark).
 */
import {
  checkUpgradePath,
  compareVersions,
  formatVersion,
  parseVersion,
  tryParseVersion,
  type Version,
} from "../../packages/engine/src/index.ts";
import { Prng } from "./lib/prng.ts";
import { describeRuntime, formatInt, formatMs, printKeyValues, printTable } from "./lib/report.ts";
import { median } from "./lib/stats.ts";
import { checksum, type PassOptions, timePasses } from "./lib/timing.ts";

const SEED = 42;
const CORPUS_SIZE = 100_000;
const FAST: PassOptions = { warmup: 5, iterations: 21 };
const SLOW: PassOptions = { warmup: 2, iterations: 9 };

/** Minors seen in a fleet: mostly the supported window, a tail of stragglers. */
const MINOR_WEIGHTS: readonly (readonly [number, number])[] = [
  [21, 1],
  [24, 1],
  [27, 2],
  [29, 3],
  [30, 6],
  [31, 10],
  [32, 14],
  [33, 12],
  [34, 6],
  [35, 2],
];

/** `-gke.N` build numbers come in a few shapes: `.4300`, `.1019000`, `.1589018`, `.57`. */
function gkeBuild(rng: Prng): number {
  const shape = rng.weighted([
    ["hundreds", 5],
    ["release", 3],
    ["hotfix", 1],
    ["small", 1],
  ] as const);
  switch (shape) {
    case "hundreds":
      return rng.int(1, 99) * 100;
    case "release":
      return 1_000_000 + rng.int(0, 999) * 1000;
    case "hotfix":
      return 1_000_000 + rng.int(0, 999) * 1000 + rng.int(1, 999);
    case "small":
      return rng.int(1, 999);
    default:
      return shape satisfies never;
  }
}

function randomVersion(rng: Prng): Version {
  const minor = rng.weighted(MINOR_WEIGHTS);
  const patch = Math.min(rng.int(0, 9), rng.int(0, 16)); // low patches are more common
  // Upstream-style versions without a suffix show up in imported catalogues.
  const suffix = rng.chance(0.08) ? undefined : { word: "gke", number: gkeBuild(rng) };
  return { major: 1, minor, patch, suffix };
}

type PathCase = "NO_OP" | "PATCH" | "MINOR" | "DOWNGRADE" | "SKIP";

/** A target for `from` of the wanted kind; the engine decides what it really is. */
function targetFor(rng: Prng, from: Version, kind: PathCase): Version {
  switch (kind) {
    case "NO_OP":
      return from;
    case "PATCH": {
      // A later patch, or a later `-gke.N` build of the same patch.
      const patch = from.patch + rng.int(0, 2);
      const floor = patch === from.patch ? (from.suffix?.number ?? 0) : 0;
      return { ...from, patch, suffix: { word: "gke", number: floor + rng.int(1, 50) * 100 } };
    }
    case "MINOR":
      return { ...randomVersion(rng), minor: from.minor + 1 };
    case "DOWNGRADE":
      return from.patch > 0
        ? { ...from, patch: rng.int(0, from.patch - 1) }
        : { ...randomVersion(rng), minor: from.minor - 1 };
    case "SKIP":
      return { ...randomVersion(rng), minor: from.minor + rng.int(2, 3) };
    default:
      return kind satisfies never;
  }
}

interface Corpus {
  texts: string[];
  parsed: Version[];
  compareLeft: Version[];
  compareRight: Version[];
  pathFrom: string[];
  pathTo: string[];
}

function buildCorpus(rng: Prng): Corpus {
  const texts = Array.from({ length: CORPUS_SIZE }, () => formatVersion(randomVersion(rng)));
  // Compare and sort the engine's own objects, allocated the way a catalogue import would.
  const parsed = texts.map((text) => tryParseVersion(text)!);
  // Half random pairs (decided by the minor), half sort neighbours (decided by the patch
  // or the suffix), so every branch of compareVersions is exercised. Each pair is parsed
  // afresh, in order, so the loop measures the comparison rather than cache misses of
  // 100k scattered objects (the sort case has those).
  const sorted = parsed
    .map((_, i) => i)
    .sort((a, b) => compareVersions(parsed[a]!, parsed[b]!))
    .map((i) => texts[i]!);
  const compareLeft: Version[] = [];
  const compareRight: Version[] = [];
  for (let i = 0; i < CORPUS_SIZE; i++) {
    const near = rng.chance(0.5);
    const j = near ? rng.int(0, CORPUS_SIZE - 2) : rng.int(0, CORPUS_SIZE - 1);
    compareLeft.push(tryParseVersion(near ? sorted[j]! : texts[i]!)!);
    compareRight.push(tryParseVersion(near ? sorted[j + 1]! : texts[j]!)!);
  }
  const kinds: readonly (readonly [PathCase, number])[] = [
    ["NO_OP", 10],
    ["PATCH", 45],
    ["MINOR", 30],
    ["DOWNGRADE", 10],
    ["SKIP", 5],
  ];
  const pathFrom = texts;
  const pathTo = parsed.map((from) => formatVersion(targetFor(rng, from, rng.weighted(kinds))));
  return { texts, parsed, compareLeft, compareRight, pathFrom, pathTo };
}

/** Refuses a corpus the engine would not accept: the numbers would measure error paths. */
function checkCorpus(corpus: Corpus): void {
  for (const text of corpus.texts) {
    const version = tryParseVersion(text);
    if (version === undefined || formatVersion(version) !== text) {
      throw new Error(
        `corpus generator produced ${JSON.stringify(text)}, which does not round-trip`,
      );
    }
  }
}

/** Share of each outcome of checkUpgradePath over the pairs, e.g. `PATCH 44.9%`. */
function describeOutcomes(corpus: Corpus): string {
  const counts = new Map<string, number>();
  for (let i = 0; i < corpus.pathFrom.length; i++) {
    const result = checkUpgradePath(corpus.pathFrom[i]!, corpus.pathTo[i]!);
    const outcome = result.ok ? result.value.kind : result.error.rule;
    counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
  }
  return [...counts]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([outcome, count]) => `${outcome} ${((100 * count) / corpus.pathFrom.length).toFixed(1)}%`)
    .join(", ");
}

interface CaseResult {
  /** Prefix of its keys on the key=value line. */
  key: string;
  name: string;
  opsPerPass: number;
  times: number[];
}

function runCases(corpus: Corpus): CaseResult[] {
  const { texts, parsed, compareLeft, compareRight, pathFrom, pathTo } = corpus;
  const n = texts.length;
  let sortInput: Version[] = [];
  return [
    {
      key: "parse",
      name: "parseVersion (Result, VER-1)",
      opsPerPass: n,
      times: timePasses(() => {
        let sum = 0;
        for (let i = 0; i < n; i++) {
          const result = parseVersion(texts[i]!);
          sum += result.ok ? result.value.patch : -1;
        }
        return sum;
      }, FAST),
    },
    {
      key: "try_parse",
      name: "tryParseVersion",
      opsPerPass: n,
      times: timePasses(() => {
        let sum = 0;
        for (let i = 0; i < n; i++) sum += tryParseVersion(texts[i]!)?.patch ?? -1;
        return sum;
      }, FAST),
    },
    {
      key: "format",
      name: "formatVersion",
      opsPerPass: n,
      times: timePasses(() => {
        let sum = 0;
        for (let i = 0; i < n; i++) sum += formatVersion(parsed[i]!).length;
        return sum;
      }, FAST),
    },
    {
      key: "compare",
      name: "compareVersions",
      opsPerPass: n,
      times: timePasses(() => {
        let sum = 0;
        for (let i = 0; i < n; i++) sum += compareVersions(compareLeft[i]!, compareRight[i]!);
        return sum;
      }, FAST),
    },
    {
      key: "sort_100k",
      name: `sort ${formatInt(n)} (compareVersions)`,
      opsPerPass: 1,
      times: timePasses(
        () => {
          sortInput.sort(compareVersions);
          return sortInput[0]!.minor;
        },
        { ...SLOW, beforeEach: () => (sortInput = parsed.slice()) },
      ),
    },
    {
      key: "upgrade_path",
      name: "checkUpgradePath (VER-1..4)",
      opsPerPass: n,
      times: timePasses(() => {
        let sum = 0;
        for (let i = 0; i < n; i++) {
          const result = checkUpgradePath(pathFrom[i]!, pathTo[i]!);
          sum += result.ok ? 1 : result.error.detail.length;
        }
        return sum;
      }, SLOW),
    },
  ];
}

function opsPerSecond(result: CaseResult): number {
  return result.opsPerPass / (median(result.times) / 1000);
}

function main(): void {
  const rng = new Prng(SEED);
  const corpus = buildCorpus(rng);
  checkCorpus(corpus);
  const bare = corpus.parsed.filter((version) => version.suffix === undefined).length;
  console.log(describeRuntime());
  console.log(
    `corpus: ${formatInt(CORPUS_SIZE)} versions (seed ${SEED}), ${((100 * bare) / CORPUS_SIZE).toFixed(1)}% without suffix, ${new Set(corpus.texts).size.toLocaleString("en-US")} distinct`,
  );
  console.log(`upgrade pairs: ${describeOutcomes(corpus)}`);
  console.log("");

  const results = runCases(corpus);
  printTable(
    [
      { header: "case" },
      { header: "ops/pass", align: "right" },
      { header: "passes", align: "right" },
      { header: "median ms", align: "right" },
      { header: "min ms", align: "right" },
      { header: "max ms", align: "right" },
      { header: "ops/s (median)", align: "right" },
    ],
    results.map((result) => [
      result.name,
      formatInt(result.opsPerPass),
      String(result.times.length),
      formatMs(median(result.times)),
      formatMs(Math.min(...result.times)),
      formatMs(Math.max(...result.times)),
      result.opsPerPass === 1 ? "-" : formatInt(opsPerSecond(result)),
    ]),
  );
  console.log(`(checksum ${checksum()})`);

  const pairs: Record<string, number> = { corpus: CORPUS_SIZE, seed: SEED };
  for (const result of results) {
    if (result.opsPerPass === 1) pairs[`${result.key}_ms`] = median(result.times);
    else pairs[`${result.key}_ops_per_s`] = Math.round(opsPerSecond(result));
  }
  printKeyValues("versions", pairs);
}

main();
