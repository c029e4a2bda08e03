import type { components } from "@regatta/client";
import { type Command, Option } from "commander";
import { ok } from "../api/client.ts";
import { type Context, contextOf } from "../context.ts";
import { UsageError } from "../exit.ts";
import type { Io } from "../io.ts";
import { cell, type TableView } from "../output/format.ts";
import { type WatchOptions, watch } from "../watch/poll.ts";
import { runEnding, runSnapshot } from "../watch/run-view.ts";
import { watchOptions } from "./watch-options.ts";

type UpdateRun = components["schemas"]["UpdateRun"];
type UpgradeType = UpdateRun["upgrade"]["type"];
type NodeImageSelection = UpdateRun["nodeImageSelection"];

const UPGRADE_TYPES: UpgradeType[] = ["Full", "ControlPlaneOnly", "NodeImageOnly"];
const SELECTIONS: NodeImageSelection[] = ["Latest", "Consistent"];

/** A run's members, one row each: where they sit and how far they got. */
/** EXT-1: every gate of the run with the stage or group holding it. */
export function gateTable(run: UpdateRun): TableView {
  const rows = run.stages.flatMap((stage) => [
    ...(stage.gates ?? []).map((g) => [
      `stage ${stage.name}`,
      g.id,
      g.type,
      g.timing,
      g.state,
      cell(g.dueAt),
      cell(g.approvedBy),
    ]),
    ...stage.groups.flatMap((group) =>
      (group.gates ?? []).map((g) => [
        `group ${group.name}`,
        g.id,
        g.type,
        g.timing,
        g.state,
        cell(g.dueAt),
        cell(g.approvedBy),
      ]),
    ),
  ]);
  return { columns: ["SCOPE", "GATE", "TYPE", "TIMING", "STATE", "OPENS", "APPROVED BY"], rows };
}

export function runTable(run: UpdateRun): TableView {
  const rows = run.stages.flatMap((stage) =>
    stage.groups.flatMap((group) =>
      group.members.map((m) => [
        stage.name,
        group.name,
        m.cluster,
        m.state,
        cell(m.startedAt),
        cell(m.endedAt),
        cell(m.message),
      ]),
    ),
  );
  return {
    columns: ["STAGE", "GROUP", "MEMBER", "STATE", "STARTED", "ENDED", "MESSAGE"],
    rows: [
      [
        "-",
        "-",
        `run ${run.name}`,
        run.state,
        cell(run.startedAt),
        cell(run.endedAt),
        cell(run.message),
      ],
      ...rows,
    ],
  };
}

const runPath = (fleet: string, run: string) => ({ params: { path: { fleet, run } } });

async function watchRun(c: Context, fleet: string, run: string, options: WatchOptions) {
  await watch(
    {
      read: () => ok(c.api.GET("/v1/fleets/{fleet}/update-runs/{run}", runPath(fleet, run))),
      view: runSnapshot,
      ending: runEnding,
    },
    c.io,
    c.format,
    options,
  );
}

/** `runs …`: update runs (API.md "Update runs"). */
export function runsCommand(program: Command, io: Io): void {
  const runs = program.command("runs").description("update runs of a fleet (RUN)");

  runs
    .command("list <fleet>")
    .description("the fleet's update runs, newest first")
    .action(async (fleet: string, _options: object, command: Command) => {
      const c = contextOf(command, io);
      const page = await ok(
        c.api.GET("/v1/fleets/{fleet}/update-runs", { params: { path: { fleet } } }),
      );
      c.print(page, (p) => ({
        columns: ["NAME", "STATE", "CREATED"],
        rows: p.items.map((r) => [r.name, r.state, r.createdAt]),
      }));
    });

  runs
    .command("get <fleet> <run>")
    .description("a run's stages, groups and members")
    .action(async (fleet: string, run: string, _options: object, command: Command) => {
      const c = contextOf(command, io);
      c.print(
        await ok(c.api.GET("/v1/fleets/{fleet}/update-runs/{run}", runPath(fleet, run))),
        runTable,
      );
    });

  runs
    .command("create <fleet> <run>")
    .description("create a run (NotStarted) from a strategy, or one stage of every member without")
    .option("--strategy <name>", "an update strategy of the fleet, copied into the run")
    .addOption(
      new Option("--type <type>", "what the run upgrades").choices(UPGRADE_TYPES).default("Full"),
    )
    .option("--kubernetes-version <version>", "the target version (Full, ControlPlaneOnly)")
    .addOption(
      new Option("--node-image-selection <selection>", "RUN-6")
        .choices(SELECTIONS)
        .default("Latest"),
    )
    .action(async (fleet: string, run: string, _options: object, command: Command) => {
      const c = contextOf(command, io);
      const o = command.opts<{
        strategy?: string;
        type: string;
        kubernetesVersion?: string;
        nodeImageSelection: string;
      }>();
      const type = UPGRADE_TYPES.find((t) => t === o.type);
      const selection = SELECTIONS.find((s) => s === o.nodeImageSelection);
      if (type === undefined || selection === undefined) throw new UsageError("invalid --type");
      const created = await ok(
        c.api.POST("/v1/fleets/{fleet}/update-runs", {
          params: { path: { fleet } },
          body: {
            name: run,
            strategy: o.strategy,
            upgrade: { type, kubernetesVersion: o.kubernetesVersion },
            nodeImageSelection: selection,
          },
        }),
      );
      c.print(created, runTable);
    });

  for (const verb of ["start", "stop"] as const) {
    watchOptions(
      runs
        .command(`${verb} <fleet> <run>`)
        .description(verb === "start" ? "start a run, or resume a Stopped one" : "stop a run")
        .option("-w, --watch", "then watch it until it ends (exit 1 unless Completed)"),
    ).action(async (fleet: string, run: string, _options: object, command: Command) => {
      const c = contextOf(command, io);
      const o = command.opts<WatchOptions & { watch?: boolean }>();
      const path =
        verb === "start"
          ? "/v1/fleets/{fleet}/update-runs/{run}/start"
          : "/v1/fleets/{fleet}/update-runs/{run}/stop";
      const answer = await ok(c.api.POST(path, runPath(fleet, run)));
      if (o.watch) await watchRun(c, fleet, run, o);
      else c.print(answer, runTable);
    });
  }

  runs
    .command("skip <fleet> <run>")
    .description("skip members, groups or stages (RUN-12)")
    .option("--member <cluster...>", "members to skip")
    .option("--group <name...>", "groups to skip")
    .option("--stage <name...>", "stages to skip")
    .action(async (fleet: string, run: string, _options: object, command: Command) => {
      const c = contextOf(command, io);
      const o = command.opts<{ member?: string[]; group?: string[]; stage?: string[] }>();
      const targets = [
        ...(o.member ?? []).map((name) => ({ type: "Member" as const, name })),
        ...(o.group ?? []).map((name) => ({ type: "Group" as const, name })),
        ...(o.stage ?? []).map((name) => ({ type: "Stage" as const, name })),
      ];
      if (targets.length === 0)
        throw new UsageError("name something to skip: --member, --group or --stage");
      const answer = await ok(
        c.api.POST("/v1/fleets/{fleet}/update-runs/{run}/skip", {
          ...runPath(fleet, run),
          body: { targets },
        }),
      );
      c.print(answer, runTable);
    });

  runs
    .command("gates <fleet> <run>")
    .description("the run's gates and their states (EXT-1)")
    .action(async (fleet: string, run: string, _options: object, command: Command) => {
      const c = contextOf(command, io);
      const answer = await ok(
        c.api.GET("/v1/fleets/{fleet}/update-runs/{run}", runPath(fleet, run)),
      );
      c.print(answer, gateTable);
    });

  runs
    .command("approve <fleet> <run> <gate>")
    .description("approve a Pending Approval gate (EXT-1); final once accepted")
    .action(
      async (fleet: string, run: string, gate: string, _options: object, command: Command) => {
        const c = contextOf(command, io);
        const answer = await ok(
          c.api.POST("/v1/fleets/{fleet}/update-runs/{run}/gates/{gate}/approve", {
            params: { path: { fleet, run, gate } },
          }),
        );
        c.print(answer, gateTable);
      },
    );

  watchOptions(
    runs
      .command("watch <fleet> <run>")
      .description("follow a run until it ends: exit 0 when Completed, 1 when Failed or Stopped"),
  ).action(async (fleet: string, run: string, _options: object, command: Command) => {
    const c = contextOf(command, io);
    await watchRun(c, fleet, run, command.opts<WatchOptions>());
  });
}
