import type { ComponentChildren } from "preact";
import { useLive } from "../live.ts";
import { Failure, Loading } from "./ui.tsx";

type Rules = Record<string, { title: string; text: string }>;

let rules: Promise<Rules> | undefined;

/**
 * docs/rules.md by rule, built beside the page (build.ts), read once when first needed;
 * a failed read is forgotten, so the next try reads again.
 */
function loadRules(): Promise<Rules> {
  if (rules) return rules;
  const reading = fetch("/rules.json").then((res) => {
    if (!res.ok) throw new Error(`the rules could not be read (${res.status})`);
    return res.json() as Promise<Rules>;
  });
  rules = reading;
  reading.catch(() => {
    if (rules === reading) rules = undefined;
  });
  return reading;
}

/** `code`, **bold** and [links](…) of the markdown as text a person reads. */
function inline(text: string): ComponentChildren[] {
  return text
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
    .split(/(`[^`]+`)/)
    .map((part, i) =>
      part.startsWith("`") && part.endsWith("`") ? (
        <code key={i}>{part.slice(1, -1)}</code>
      ) : (
        part.replace(/\*\*|__|(?<!\w)_(?=\S)|(?<=\S)_(?!\w)/g, "")
      ),
    );
}

/** Paragraphs, lists and tables of one rule's section, plainly. */
function Blocks({ text }: { text: string }) {
  return (
    <>
      {text.split(/\n\s*\n/).map((block, i) => {
        const lines = block.split("\n");
        if (lines.every((line) => /^\s*(?:[-*]|\d+\.)\s|^\s{2,}\S/.test(line))) {
          const items = block.split(/\n(?=\s*(?:[-*]|\d+\.)\s)/);
          return (
            <ul key={i}>
              {items.map((item, j) => (
                <li key={j}>
                  {inline(item.replace(/^\s*(?:[-*]|\d+\.)\s+/, "").replace(/\s+/g, " "))}
                </li>
              ))}
            </ul>
          );
        }
        if (lines[0]?.startsWith("|") || lines[0]?.startsWith("```")) {
          return <pre key={i}>{block.replace(/^```\w*\n?|```$/gm, "")}</pre>;
        }
        return <p key={i}>{inline(block.replace(/\s+/g, " "))}</p>;
      })}
    </>
  );
}

/** What a rule says (docs/rules.md), where the page's rule links lead. */
export function RulePage({ id }: { id: string }) {
  const { data: all, error } = useLive("rules", loadRules, []);
  if (!all) return error ? <Failure error={error} /> : <Loading what={`rule ${id}`} />;
  const rule = all[id];
  if (!rule) return <Failure error={`There is no rule ${id}.`} />;
  return (
    <article class="rule-page">
      <h1>
        {id}: {rule.title}
      </h1>
      <Blocks text={rule.text} />
      <p class="muted">
        From the rules of Regatta (docs/rules.md in the repository).{" "}
        <a href="#/">Back to the fleets</a>
      </p>
    </article>
  );
}
