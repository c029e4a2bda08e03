import { Command, CommanderError, Option } from "commander";
import { stringify } from "yaml";
import { ApiError, formatProblem, UnreachableError } from "./api/problem.ts";
import { applyCommand } from "./commands/apply.ts";
import { auditCommand } from "./commands/audit.ts";
import { autoscalerCommand } from "./commands/autoscaler.ts";
import { getCommand } from "./commands/get.ts";
import { notificationsCommand } from "./commands/notifications.ts";
import { poolsCommand } from "./commands/pools.ts";
import { rolloutCommand } from "./commands/rollout.ts";
import { runsCommand } from "./commands/runs.ts";
import { DEFAULT_URL } from "./context.ts";
import { EXIT, type ExitCode, Failure, InvalidDocuments, UsageError } from "./exit.ts";
import type { Io } from "./io.ts";
import { OUTPUT_FORMATS } from "./output/format.ts";
import { VERSION } from "./version.ts";

const EPILOG = `
Environment:
  REGATTA_URL    the control plane (default ${DEFAULT_URL}); --server overrides it
  REGATTA_TOKEN  a bearer token (npm start prints the admin one); --token overrides it

Exit codes:
  0  success
  1  the API refused (its problem is printed), the control plane could not be reached,
     or a watched run or operation ended other than Completed / SUCCEEDED
  2  the command was not valid as given (flags, arguments, token, documents): nothing was sent

See docs/cli.md.`;

/** The whole command tree, writing through `io`. */
export function buildProgram(io: Io): Command {
  const program = new Command("regatta")
    .description("Regatta control plane: apply inventory, run and watch upgrades")
    .version(VERSION, "-V, --version", "print the CLI's version")
    // Not --url: `notifications put --url` names the subscriber, and a global flag of the
    // same name would take it.
    .option("--server <url>", "control plane URL (env REGATTA_URL)")
    .option("--token <token>", "bearer token (env REGATTA_TOKEN)")
    .addOption(
      new Option("-o, --output <format>", "how answers are printed")
        .choices(OUTPUT_FORMATS)
        .default("table"),
    )
    .addHelpText("after", EPILOG)
    .showHelpAfterError()
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.out(s), writeErr: (s) => io.err(s) });
  getCommand(program, io);
  applyCommand(program, io);
  runsCommand(program, io);
  rolloutCommand(program, io);
  poolsCommand(program, io);
  autoscalerCommand(program, io);
  notificationsCommand(program, io);
  auditCommand(program, io);
  // Sub-commands inherit the parent's overrides only when set on each of them.
  for (const command of allCommands(program)) {
    command
      .exitOverride()
      .configureOutput({ writeOut: (s) => io.out(s), writeErr: (s) => io.err(s) });
    command.showHelpAfterError();
  }
  return program;
}

function allCommands(command: Command): Command[] {
  return command.commands.flatMap((c) => [c, ...allCommands(c)]);
}

/**
 * Runs one command line and says how it ended; every error becomes a readable message on
 * stderr and an exit code (docs/cli.md "Exit codes").
 * @example process.exitCode = await runCli(process.argv.slice(2), processIo())
 */
export async function runCli(argv: string[], io: Io): Promise<ExitCode> {
  const program = buildProgram(io);
  try {
    await program.parseAsync(argv, { from: "user" });
    return EXIT.ok;
  } catch (error) {
    return report(error, io, wantsMachineOutput(argv));
  }
}

function report(error: unknown, io: Io, machine: "json" | "yaml" | undefined): ExitCode {
  if (error instanceof CommanderError) {
    // Help and version are answers, not errors; commander already printed what went wrong.
    return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
  }
  if (error instanceof InvalidDocuments) {
    for (const problem of error.problems) io.err(`error: ${problem}\n`);
    io.err(`${error.message}\n`);
    return EXIT.usage;
  }
  if (error instanceof UsageError) {
    io.err(`error: ${error.message}\n`);
    return EXIT.usage;
  }
  if (error instanceof ApiError) {
    io.err(formatProblem(error));
    // Scripts asking for JSON or YAML get the problem itself on stdout too.
    if (machine === "json") io.out(`${JSON.stringify(error.problem, null, 2)}\n`);
    if (machine === "yaml") io.out(stringify(error.problem));
    return EXIT.failure;
  }
  if (error instanceof Failure || error instanceof UnreachableError) {
    io.err(`error: ${error.message}\n`);
    return EXIT.failure;
  }
  throw error;
}

// The parsed options are gone once parsing threw; the flag is read from argv instead.
function wantsMachineOutput(argv: string[]): "json" | "yaml" | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    const value =
      arg === "-o" || arg === "--output" ? argv[i + 1] : arg.match(/^(?:-o|--output)=?(.+)$/)?.[1];
    if (value === "json" || value === "yaml") return value;
  }
  return undefined;
}
