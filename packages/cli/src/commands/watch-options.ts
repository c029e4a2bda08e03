import type { Command } from "commander";
import { DEFAULT_INTERVAL_SECONDS } from "../watch/poll.ts";

/** `--interval` and `--timeout`, the same on every command that watches. */
export function watchOptions(command: Command): Command {
  return command
    .option(
      "--interval <seconds>",
      "seconds between polls (0.05..60)",
      String(DEFAULT_INTERVAL_SECONDS),
    )
    .option("--timeout <seconds>", "give up (exit 1) when it has not ended by then");
}
