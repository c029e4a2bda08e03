import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { type Browser, chromium } from "playwright-core";

/** Debian's Chromium (scripts/test.sh installs it with apt-get); never a downloaded browser. */
export const CHROMIUM = process.env.REGATTA_CHROMIUM ?? "/usr/bin/chromium";

/** Where screenshots go (gitignored): look at them after a run. */
export const ARTIFACTS = join(import.meta.dirname, "artifacts");

export async function launch(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (scripts/test.sh does)`);
  }
  await mkdir(ARTIFACTS, { recursive: true });
  // As root (CI containers) Chromium refuses to start with its sandbox.
  return chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
}
