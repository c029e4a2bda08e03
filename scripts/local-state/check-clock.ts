/**
 * `npm start`'s check before it starts wrangler (scripts/start.sh): reads the local D1
 * and prints on stderr why the state's timestamps will look wrong on the clock `mode`
 * runs on (scripts/local-state/clock-offset.ts). Never stops the start: a state it cannot
 * read is left to the control plane.
 * Run: `tsx scripts/local-state/check-clock.ts sim|webhook` (after the migrations).
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { clockWarning, LOCAL_STATE_QUERY, parseLocalState } from "./clock-offset.ts";

async function main(mode: string | undefined): Promise<void> {
  if (mode !== "sim" && mode !== "webhook") {
    console.error("usage: check-clock.ts sim|webhook");
    process.exit(2);
  }
  try {
    const { stdout } = await promisify(execFile)("wrangler", [
      ...["d1", "execute", "regatta-inventory", "--local", "--json"],
      ...["--command", LOCAL_STATE_QUERY],
    ]);
    const warning = clockWarning(parseLocalState(JSON.parse(stdout)), mode, Date.now());
    if (warning !== undefined) console.error(`\n${warning}\n`);
  } catch (error) {
    const why = String(error).split("\n")[0];
    console.error(`regatta: could not compare the local state's clock with ${mode} mode's: ${why}`);
  }
}

void main(process.argv[2]);
