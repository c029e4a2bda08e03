/**
 * `pnpm regatta <command>` from the repo root (the root package.json's script), or this
 * file through tsx. docs/cli.md describes the commands.
 */
import { processIo } from "./io.ts";
import { runCli } from "./program.ts";

process.exitCode = await runCli(process.argv.slice(2), processIo());
