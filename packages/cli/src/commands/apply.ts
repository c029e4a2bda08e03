import type { Command } from "commander";
import type { Applied } from "../apply/apply.ts";
import { formatChange } from "../apply/diff.ts";
import { contextOf } from "../context.ts";
import type { Io } from "../io.ts";

const ACTION_WORDS = { created: "created", configured: "configured", unchanged: "unchanged" };
const DRY_WORDS = {
  created: "would be created",
  configured: "would be configured",
  unchanged: "unchanged",
};

/** `apply -f`: makes the control plane match documents, showing what changes. */
export function applyCommand(program: Command, io: Io): void {
  program
    .command("apply")
    .description(
      "create or update resources from YAML/JSON documents (kind/metadata/spec): shows each field that changes and writes only what differs",
    )
    .requiredOption(
      "-f, --filename <path...>",
      "files or directories of .yaml/.yml/.json documents",
    )
    .option("--dry-run", "show the differences, change nothing")
    .action(async (_options: object, command: Command) => {
      const o = command.opts<{ filename: string[]; dryRun?: boolean }>();
      // Loaded here, not at the top: the documents' schemas are the contract's zod, which
      // would cost every other command its start-up time (docs/cli.md "Running it").
      const [{ loadResources }, { applyResources }] = await Promise.all([
        import("../apply/documents.ts"),
        import("../apply/apply.ts"),
      ]);
      // Documents are checked before the token is even needed: a typo never reaches the API.
      const resources = await loadResources(o.filename, io.cwd);
      const c = contextOf(command, io);
      const dryRun = o.dryRun ?? false;
      const words = dryRun ? DRY_WORDS : ACTION_WORDS;
      const streamed = c.format === "table";
      const applied = await applyResources(c.api, resources, {
        dryRun,
        onApplied: (a: Applied) => {
          if (!streamed) return;
          io.out(`${a.kind} ${a.path}: ${words[a.action]}\n`);
          for (const change of a.changes) io.out(`  ${formatChange(change)}\n`);
        },
      });
      if (!streamed) c.print(applied, () => ({ columns: [], rows: [] }));
    });
}
