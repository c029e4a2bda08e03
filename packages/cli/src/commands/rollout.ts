import type { components } from "@regatta/client";
import type { Command } from "commander";
import { ok } from "../api/client.ts";
import { contextOf } from "../context.ts";
import { UsageError } from "../exit.ts";
import type { Io } from "../io.ts";
import { cell, type TableView } from "../output/format.ts";
import { type WatchOptions, watch } from "../watch/poll.ts";
import { rolloutEnding, rolloutSnapshot } from "../watch/rollout-view.ts";
import { watchOptions } from "./watch-options.ts";

type RolloutStatus = components["schemas"]["RolloutStatus"];
type RolloutSequence = components["schemas"]["RolloutSequence"];
type SequenceRollout = components["schemas"]["SequenceRollout"];
type ClusterSelector = components["schemas"]["ClusterSelector"];
type SelectorRequirement = NonNullable<ClusterSelector["matchExpressions"]>[number];

function rolloutTable(status: RolloutStatus): TableView {
  return {
    columns: ["TYPE", "VERSION", "STATE", "STARTED", "SOAK ENDS", "CLUSTERS", "REASON"],
    rows: status.upgrades.map((u) => [
      u.type,
      u.version,
      u.state,
      cell(u.startedAt),
      cell(u.soakEndsAt),
      `${u.clusters.filter((c) => c.state === "COMPLETE").length}/${u.clusters.length}`,
      cell(u.reason),
    ]),
  };
}

function requirementText(r: SelectorRequirement): string {
  const values = `(${(r.values ?? []).join(",")})`;
  switch (r.operator) {
    case "In":
      return `${r.key} in ${values}`;
    case "NotIn":
      return `${r.key} notin ${values}`;
    case "Exists":
      return r.key;
    case "DoesNotExist":
      return `!${r.key}`;
    default:
      return r.operator satisfies never;
  }
}

/**
 * A stage's cluster selector as kubectl writes label selectors; `-` when the stage takes
 * every cluster of its fleets.
 * @example selectorText({ matchLabels: { canary: "true" }, matchExpressions: [{ key: "ring", operator: "In", values: ["0", "1"] }] }) // "canary=true, ring in (0,1)"
 */
export function selectorText(selector: ClusterSelector | undefined): string {
  const terms = [
    ...Object.entries(selector?.matchLabels ?? {}).map(([key, value]) => `${key}=${value}`),
    ...(selector?.matchExpressions ?? []).map(requirementText),
  ];
  return terms.length === 0 ? "-" : terms.join(", ");
}

/**
 * A soak as days, hours, minutes and seconds.
 * @example durationText(93_600) // "1d2h"
 */
export function durationText(seconds: number): string {
  const parts: [number, string][] = [
    [Math.floor(seconds / 86_400), "d"],
    [Math.floor((seconds % 86_400) / 3600), "h"],
    [Math.floor((seconds % 3600) / 60), "m"],
    [seconds % 60, "s"],
  ];
  const shown = parts.filter(([n]) => n > 0).map(([n, unit]) => `${n}${unit}`);
  return shown.length === 0 ? "0s" : shown.join("");
}

/** Names, comma-separated, with `…` when the API listed fewer than `count` of them. */
function namesText(names: readonly string[], count = names.length): string {
  if (names.length === 0) return "-";
  return `${names.join(",")}${count > names.length ? ",…" : ""}`;
}

/** `get rollout-sequences`: one row per sequence (lists carry no clusters). */
export const SEQUENCE_COLUMNS = ["NAME", "DISPLAY NAME", "STAGES", "FLEETS", "UPDATED"];
export const sequenceRow = (s: RolloutSequence): string[] => [
  s.name,
  cell(s.displayName),
  String(s.stages.length),
  namesText([...new Set(s.stages.flatMap((stage) => stage.fleets))]),
  s.updatedAt,
];

/** SEQ-16: each stage with what it selects now, then the clusters no stage selects. */
export function sequenceTable(sequence: RolloutSequence): TableView {
  const rows = sequence.stages.map((s) => [
    String(s.stage),
    s.fleets.join(","),
    selectorText(s.clusterSelector),
    durationText(s.soakSeconds),
    cell(s.clusterCount ?? s.clusters?.length),
    namesText(s.clusters ?? [], s.clusterCount),
  ]);
  const unselected = sequence.unselected;
  if (unselected !== undefined) {
    rows.push(["unselected", "-", "-", "-", String(unselected.length), namesText(unselected)]);
  }
  return { columns: ["STAGE", "FLEETS", "SELECTOR", "SOAK", "CLUSTERS", "SELECTED"], rows };
}

type Stage = SequenceRollout["stages"][number];
type RolloutCluster = Stage["clusters"][number];

const done = (clusters: readonly RolloutCluster[]) =>
  `${clusters.filter((c) => c.state === "COMPLETE").length}/${clusters.length}`;

/** When a stage's soak ended, else when it ends: its state says which. */
const endText = (s: Stage) => cell(s.endedAt ?? s.soakEndsAt);

/** SEQ-21: a row for each rollout and one for each of its stages. */
export function rolloutListTable(rollouts: readonly SequenceRollout[]): TableView {
  return {
    columns: ["ROLLOUT", "STAGE", "STATE", "STARTED", "ENDED/SOAK ENDS", "CLUSTERS", "REASON"],
    rows: rollouts.flatMap((r) => [
      [r.id, "-", r.state, "-", "-", done(r.stages.flatMap((s) => s.clusters)), cell(r.reason)],
      ...r.stages.map((s) => [
        r.id,
        String(s.stage),
        s.state,
        cell(s.startedAt),
        endText(s),
        done(s.clusters),
        cell(s.reason),
      ]),
    ]),
  };
}

/** One rollout: its own row, then each stage followed by its clusters. */
export function rolloutShowTable(r: SequenceRollout): TableView {
  return {
    columns: [
      "STAGE",
      "CLUSTER",
      "FLEET",
      "STATE",
      "STARTED",
      "ENDED/SOAK ENDS",
      "CLUSTERS",
      "REASON",
    ],
    rows: [
      [
        "-",
        `rollout ${r.id}`,
        "-",
        r.state,
        "-",
        "-",
        done(r.stages.flatMap((s) => s.clusters)),
        cell(r.reason),
      ],
      ...r.stages.flatMap((s) => [
        [
          String(s.stage),
          "-",
          "-",
          s.state,
          cell(s.startedAt),
          endText(s),
          done(s.clusters),
          cell(s.reason),
        ],
        ...s.clusters.map((c) => [
          String(s.stage),
          c.cluster,
          c.fleet,
          c.state,
          "-",
          "-",
          "-",
          cell(c.reason),
        ]),
      ]),
    ],
  };
}

const rolloutPath = (name: string, rollout: string) => ({ params: { path: { name, rollout } } });

/**
 * `rollout …`: a fleet's (or team scope's) place in its fleet chain (SEQ-13), and rollout
 * sequences with custom stages and their rollouts (SEQ-15 to SEQ-21).
 */
export function rolloutCommand(program: Command, io: Io): void {
  const rollout = program
    .command("rollout")
    .description("rollout sequencing (SEQ): fleet chains, and rollout sequences with stages");

  rollout
    .command("status <fleet>")
    .description("each upgrade of the group: state, soak, clusters complete")
    .option("--scope <scope>", "a team scope of the fleet instead of the fleet")
    .action(async (fleet: string, _options: object, command: Command) => {
      const c = contextOf(command, io);
      const { scope } = command.opts<{ scope?: string }>();
      const status =
        scope === undefined
          ? await ok(c.api.GET("/v1/fleets/{fleet}/rollout", { params: { path: { fleet } } }))
          : await ok(
              c.api.GET("/v1/fleets/{fleet}/scopes/{scope}/rollout", {
                params: { path: { fleet, scope } },
              }),
            );
      c.print(status, rolloutTable);
    });

  rollout
    .command("sequence <sequence>")
    .description(
      "a rollout sequence's stages: fleets, selector, soak, the clusters each selects now, and those none selects (SEQ-16)",
    )
    .action(async (name: string, _options: object, command: Command) => {
      const c = contextOf(command, io);
      const sequence = await ok(
        c.api.GET("/v1/rollout-sequences/{name}", { params: { path: { name } } }),
      );
      c.print(sequence, sequenceTable);
    });

  rollout
    .command("list <sequence>")
    .description("the sequence's rollouts, newest first, each with its stages (SEQ-21)")
    .option("--limit <n>", "at most this many rollouts (1..500)")
    .option("--cursor <cursor>", "the nextCursor of a previous page")
    .action(async (name: string, _options: object, command: Command) => {
      const c = contextOf(command, io);
      const o = command.opts<{ limit?: string; cursor?: string }>();
      const limit = o.limit === undefined ? undefined : Number(o.limit);
      if (limit !== undefined && (!Number.isInteger(limit) || limit < 1))
        throw new UsageError(`--limit takes a count of at least 1, got ${o.limit}`);
      const page = await ok(
        c.api.GET("/v1/rollout-sequences/{name}/rollouts", {
          params: { path: { name }, query: { limit, cursor: o.cursor } },
        }),
      );
      if (c.format === "table" && page.items.length === 0) {
        // As `get`: nothing on stdout, so a pipe sees no header without rows.
        io.err(`No rollouts of ${name} found.\n`);
        return;
      }
      c.print(page, (p) => rolloutListTable(p.items));
    });

  watchOptions(
    rollout
      .command("show <sequence> <rollout>")
      .description(
        "one rollout (control-plane-<version> or node-<version>): its stages and their clusters",
      )
      .option("-w, --watch", "then watch it until it is COMPLETED (a paused one is watched on)"),
  ).action(async (name: string, id: string, _options: object, command: Command) => {
    const c = contextOf(command, io);
    const read = () =>
      ok(c.api.GET("/v1/rollout-sequences/{name}/rollouts/{rollout}", rolloutPath(name, id)));
    const o = command.opts<WatchOptions & { watch?: boolean }>();
    if (!o.watch) {
      c.print(await read(), rolloutShowTable);
      return;
    }
    await watch({ read, view: rolloutSnapshot, ending: rolloutEnding }, c.io, c.format, o);
  });

  for (const verb of ["pause", "resume"] as const) {
    rollout
      .command(`${verb} <sequence> <rollout>`)
      .description(
        verb === "pause"
          ? "hold a rollout: no stage's turn comes, no upgrade of it starts (SEQ-20)"
          : "release a paused rollout (SEQ-20)",
      )
      .action(async (name: string, id: string, _options: object, command: Command) => {
        const c = contextOf(command, io);
        const path =
          verb === "pause"
            ? "/v1/rollout-sequences/{name}/rollouts/{rollout}/pause"
            : "/v1/rollout-sequences/{name}/rollouts/{rollout}/resume";
        c.print(await ok(c.api.POST(path, rolloutPath(name, id))), rolloutShowTable);
      });
  }
}
