import { readdir, readFile, stat } from "node:fs/promises";
import { extname, join, relative, resolve } from "node:path";
import { parseAllDocuments } from "yaml";
import { InvalidDocuments, UsageError } from "../exit.ts";
import { isRecord } from "./diff.ts";
import { isKindName, KIND_NAMES, KINDS, type Resource } from "./kinds.ts";

export const API_VERSION = "regatta.dev/v1";

const EXTENSIONS = new Set([".yaml", ".yml", ".json"]);

/**
 * The resources of every document in `paths` (files, or directories of .yaml/.yml/.json),
 * all validated before any is returned so a bad document never leaves a half-applied set.
 * YAML files may hold several documents (`---`); a JSON file one document or an array.
 */
export async function loadResources(paths: string[], cwd: string): Promise<Resource[]> {
  const files = (await Promise.all(paths.map((p) => expand(resolve(cwd, p))))).flat();
  const problems: string[] = [];
  const resources: { resource: Resource; where: string }[] = [];
  for (const file of files) {
    const shown = relative(cwd, file) || file;
    const text = await readFile(file, "utf8");
    const documents = parseAllDocuments(text);
    const list = Array.isArray(documents) ? documents : [];
    let index = 0;
    for (const document of list) {
      if (document.errors.length > 0) {
        index++;
        for (const error of document.errors) {
          problems.push(`${shown}: document ${index}: not YAML or JSON: ${error.message}`);
        }
        continue;
      }
      const value: unknown = document.toJS();
      for (const item of Array.isArray(value) ? value : [value]) {
        index++;
        if (item === null || item === undefined) continue;
        const where = `${shown}: document ${index}`;
        const checked = validateDocument(item);
        if (!checked.ok) {
          const label = checked.label ? ` (${checked.label})` : "";
          for (const p of checked.problems) problems.push(`${where}${label}: ${p}`);
          continue;
        }
        const twin = resources.find((r) => r.resource.path === checked.resource.path);
        if (twin) {
          problems.push(`${where}: ${checked.resource.path} is also ${twin.where}`);
          continue;
        }
        resources.push({ resource: checked.resource, where });
      }
    }
  }
  if (problems.length > 0) throw new InvalidDocuments(problems);
  if (resources.length === 0) throw new UsageError(`no documents in ${paths.join(", ")}`);
  // Stable: documents of one kind keep their order; kinds go in the table's order.
  const order: readonly string[] = KIND_NAMES;
  const rank = (r: Resource) => order.indexOf(r.kind);
  return resources.map((r) => r.resource).sort((a, b) => rank(a) - rank(b));
}

async function expand(path: string): Promise<string[]> {
  const info = await stat(path).catch(() => undefined);
  if (info === undefined) throw new UsageError(`no such file or directory: ${path}`);
  if (!info.isDirectory()) return [path];
  const names = (await readdir(path)).filter((n) => EXTENSIONS.has(extname(n))).sort();
  return names.map((n) => join(path, n));
}

type Checked = { ok: true; resource: Resource } | { ok: false; label?: string; problems: string[] };

/** The envelope (`apiVersion`, `kind`, `metadata`, `spec`), then the kind's own checks. */
function validateDocument(document: unknown): Checked {
  if (!isRecord(document)) return { ok: false, problems: ["a document must be a mapping"] };
  const { apiVersion, kind, metadata, spec, ...rest } = document;
  const problems: string[] = [];
  if (apiVersion !== API_VERSION) {
    problems.push(`apiVersion: must be ${API_VERSION}, got ${JSON.stringify(apiVersion)}`);
  }
  if (!isKindName(kind)) {
    problems.push(`kind: must be one of ${KIND_NAMES.join(", ")}, got ${JSON.stringify(kind)}`);
  }
  for (const key of Object.keys(rest)) problems.push(`${key}: unknown top-level field`);
  if (spec !== undefined && !isRecord(spec)) problems.push("spec: must be a mapping");
  const name = isRecord(metadata) && typeof metadata.name === "string" ? metadata.name : undefined;
  const label = [typeof kind === "string" ? kind : undefined, name].filter(Boolean).join(" ");
  if (!isKindName(kind) || problems.length > 0) return { ok: false, label, problems };
  const validated = KINDS[kind].validate(metadata, spec);
  if (!validated.ok) {
    return { ok: false, label, problems: validated.issues.map((i) => `${i.path}: ${i.message}`) };
  }
  return { ok: true, resource: validated.resource };
}
