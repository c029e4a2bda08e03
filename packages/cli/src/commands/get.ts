import type { Command } from "commander";
import { contextOf } from "../context.ts";
import { UsageError } from "../exit.ts";
import type { Kind, Scope, ScopeFlag } from "../get/kind.ts";
import { KINDS, kindNamed } from "../get/kinds.ts";
import { type Filters, readList } from "../get/read.ts";
import { parseSelector, type Selector } from "../get/selector.ts";
import type { Io } from "../io.ts";

const FLAGS: Record<ScopeFlag, string> = {
  cluster: "--cluster (-c)",
  fleet: "--fleet",
  pool: "--pool",
};

const SCOPE_FLAGS: readonly ScopeFlag[] = ["cluster", "fleet", "pool"];

const KIND_WIDTH = Math.max(...KINDS.map((k) => k.name.length)) + 2;

const KINDS_HELP = `
Kinds (and the flags that scope them):
${KINDS.map((k) => {
  const flags = k.accepts.map((f) => (k.requires.includes(f) ? FLAGS[f] : `[${FLAGS[f]}]`));
  return `  ${k.name.padEnd(KIND_WIDTH)}${[...flags, `aliases: ${k.aliases.join(", ")}`].join("  ")}`;
}).join("\n")}

Examples:
  regatta get clusters --fleet prod
  regatta get pools -c prod-a -l team=web -o yaml
  regatta get nodes -c prod-a --state READY
  regatta get runs --fleet prod --limit 5
  regatta get clusters --field-selector status.phase=RUNNING,region=europe-west1
  regatta get operation 7f0c…
  regatta get rollout-sequences`;

interface GetOptions {
  cluster?: string;
  fleet?: string;
  pool?: string;
  selector?: string;
  fieldSelector?: string;
  state?: string;
  limit?: string;
  cursor?: string;
}

/** The flags as a scope, refused when the kind needs one that is missing or takes none of them. */
function scopeOf(kind: Kind, o: GetOptions): Scope {
  const scope: Scope = { cluster: o.cluster, fleet: o.fleet, pool: o.pool };
  for (const flag of SCOPE_FLAGS) {
    if (scope[flag] !== undefined && !kind.accepts.includes(flag)) {
      throw new UsageError(`${FLAGS[flag]} does not apply to ${kind.name}`);
    }
    if (scope[flag] === undefined && kind.requires.includes(flag)) {
      throw new UsageError(`${kind.name} need ${FLAGS[flag]}: whose ${kind.name}?`);
    }
  }
  return scope;
}

function filtersOf(kind: Kind, o: GetOptions): Filters {
  const labels = o.selector === undefined ? [] : parseSelector(o.selector, "--selector");
  if (labels.length > 0 && !kind.hasLabels) {
    throw new UsageError(
      `${kind.name} carry no labels (pools do): use --field-selector to match their fields`,
    );
  }
  const fields: Selector[number][] =
    o.fieldSelector === undefined ? [] : [...parseSelector(o.fieldSelector, "--field-selector")];
  if (o.state !== undefined) {
    if (kind.stateField === undefined) throw new UsageError(`${kind.name} have no state`);
    fields.push({ key: kind.stateField, op: "equals", value: o.state });
  }
  return { labels, fields };
}

function limitOf(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const limit = Number(raw);
  if (!Number.isInteger(limit) || limit < 1) {
    throw new UsageError(`--limit takes a count of at least 1, got ${raw}`);
  }
  return limit;
}

/** `get <kind> [name]` (alias `list`): read resources, kubectl-style (docs/cli.md "get"). */
export function getCommand(program: Command, io: Io): void {
  program
    .command("get <kind> [name]")
    .alias("list")
    .description(
      "show fleets, clusters, pools, nodes, runs, operations, subscriptions or rollout sequences: one by name, or every one (all pages)",
    )
    .option("-c, --cluster <cluster>", "the cluster whose pools or nodes")
    .option("--fleet <fleet>", "the fleet whose runs; for clusters, only this fleet's")
    .option("--pool <pool>", "for nodes, only this pool's")
    .option("-l, --selector <selector>", "labels, e.g. team=web,tier!=batch (pools' labels)")
    .option("--field-selector <selector>", "fields by dotted path, e.g. status.phase=RUNNING")
    .option(
      "--state <state>",
      "only in this state: clusters' status.phase, the state of nodes, runs, operations",
    )
    .option("--limit <n>", "at most this many (else every page of the API's list is read)")
    .option("--cursor <cursor>", "start after a previous listing's nextCursor")
    .addHelpText("after", KINDS_HELP)
    .action(async (kindName: string, name: string | undefined, o: GetOptions, command: Command) => {
      const kind = kindNamed(kindName);
      if (kind === undefined) {
        throw new UsageError(
          `unknown kind ${kindName}: one of ${KINDS.map((k) => k.name).join(", ")}`,
        );
      }
      const scope = scopeOf(kind, o);
      const filters = filtersOf(kind, o);
      const limit = limitOf(o.limit);
      const table = (rows: string[][]) => ({ columns: [...kind.columns], rows });
      if (name !== undefined) {
        if (filters.labels.length + filters.fields.length > 0 || limit || o.cursor) {
          throw new UsageError(
            "a name reads one resource: leave out the selectors, --state, --limit and --cursor",
          );
        }
        const c = contextOf(command, io);
        const entry = await kind.get(c.api, scope, name);
        c.print(entry.value, () => table([entry.row]));
        return;
      }
      const c = contextOf(command, io);
      const listing = await readList(c.api, kind, scope, filters, { limit, cursor: o.cursor });
      if (c.format === "table" && listing.entries.length === 0) {
        // As kubectl: nothing on stdout, so a pipe sees no header without rows.
        io.err(`No ${kind.name} found.\n`);
        return;
      }
      c.print({ items: listing.entries.map((e) => e.value), nextCursor: listing.nextCursor }, () =>
        table(listing.entries.map((e) => e.row)),
      );
    });
}
