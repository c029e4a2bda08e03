/**
 * The CLI's entry: bundled into dist/regatta.mjs (scripts/build.mjs), which
 * `npm run regatta -- <command>` runs through bin/regatta.mjs. docs/cli.md describes the
 * commands.
 */
import { processIo } from "./io.ts";
import { runCli } from "./program.ts";

process.exitCode = await runCli(process.argv.slice(2), processIo());
