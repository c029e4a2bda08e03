/**
 * Words and numbers as the page shows them to people (docs/dashboard.md): one date format
 * with a relative time, counts with the right plural, and the API's rule-prefixed
 * messages split into a sentence and the rules behind it. Pure: the caller passes `now`
 * (the control plane's clock, clock.ts), so every view formats alike.
 */

/** `count(1, "node")` → "1 node"; `count(3, "node")` → "3 nodes"; irregular: `count(2, "child", "children")`. */
export function count(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString("en")} ${n === 1 ? one : many}`;
}

const DATE = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "UTC",
});
const RELATIVE = new Intl.RelativeTimeFormat("en", { numeric: "always" });

// Formatting an instant is the costly part (Intl's parts); a page of 1,000 members shows
// 2,000 of them and re-renders as the clock moves, so each instant is formatted once.
const formatted = new Map<number, { year: string; text: string }>();

function parts(at: number): { year: string; text: string } {
  let known = formatted.get(at);
  if (!known) {
    const all = DATE.formatToParts(at);
    const of = (type: Intl.DateTimeFormatPartTypes) => all.find((p) => p.type === type)?.value;
    known = {
      year: of("year") ?? "",
      text: `${of("weekday")} ${of("day")} ${of("month")}|, ${of("hour")}:${of("minute")} UTC`,
    };
    if (formatted.size > 10_000) formatted.clear();
    formatted.set(at, known);
  }
  return known;
}

/** "Mon 7 Dec, 12:00 UTC" (with the year when it is not `now`'s). */
export function date(at: number, now: number): string {
  const { year, text } = parts(at);
  const thisYear = new Date(now).getUTCFullYear().toString();
  return text.replace("|", year === thisYear ? "" : ` ${year}`);
}

/** "in 3 days", "2 hours ago", "just now": the largest unit that is at least one. */
export function relative(at: number, now: number): string {
  const seconds = Math.round((at - now) / 1000);
  const size = Math.abs(seconds);
  if (size < 45) return "just now";
  for (const [unit, length] of [
    ["day", 86_400],
    ["hour", 3_600],
    ["minute", 60],
  ] as const) {
    if (size >= length) return RELATIVE.format(Math.round(seconds / length), unit);
  }
  return RELATIVE.format(Math.sign(seconds), "minute");
}

/** "Mon 7 Dec, 12:00 UTC (in 3 days)"; "—" for an instant the API did not give. */
export function when(iso: string | undefined, now: number): string {
  if (!iso) return "—";
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  return `${date(at, now)} (${relative(at, now)})`;
}

/** "3d 4h", "12m 5s": the largest two units. */
export function duration(ms: number): string {
  let seconds = Math.max(0, Math.round(ms / 1000));
  const parts: string[] = [];
  for (const [unit, size] of [
    ["d", 86_400],
    ["h", 3_600],
    ["m", 60],
    ["s", 1],
  ] as const) {
    const n = Math.floor(seconds / size);
    seconds -= n * size;
    if (n > 0 || (parts.length === 0 && unit === "s")) parts.push(`${n}${unit}`);
  }
  return parts.slice(0, 2).join(" ");
}

/** A rule ID of docs/rules.md: `RUN-8`, `MW-1`, `SEC-10`. */
export const RULE_ID = /\b(?:VER|CH|MW|NUP|SEQ|RUN|LIFE|CA|EXT|SEC)-\d+\b/g;
const LEADING_RULES = /^(?:\s*(?:VER|CH|MW|NUP|SEQ|RUN|LIFE|CA|EXT|SEC)-\d+\s*:)+\s*/;
const ISO_INSTANT = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z\b/g;

/** Where a rule is explained to people: the dashboard's rule page (docs/rules.md). */
export function ruleHref(rule: string): string {
  return `#/rules/${rule}`;
}

export interface Explained {
  /** The sentence for a person: no leading rule IDs, instants as `when` shows them. */
  sentence: string;
  /** Every rule the message names, first the ones it led with. */
  rules: string[];
}

/**
 * A message of the API ("RUN-8: MW-1: outside the maintenance windows; next opening
 * 2026-12-07T12:00:00.000Z") as a sentence ("Outside the maintenance windows; next
 * opening Mon 7 Dec, 12:00 UTC (in 3 days)") and its rules (RUN-8, MW-1). The server's
 * words stay as they are: automation reads them, and the rule leads for grep.
 */
export function explain(message: string, now: number): Explained {
  const lead = LEADING_RULES.exec(message)?.[0] ?? "";
  const rest = message.slice(lead.length);
  const rules = [...new Set([...(lead.match(RULE_ID) ?? []), ...(rest.match(RULE_ID) ?? [])])];
  const dated = rest.replace(ISO_INSTANT, (iso) => when(iso, now));
  const sentence = dated.charAt(0).toUpperCase() + dated.slice(1);
  return { sentence, rules };
}

/** One field the API refused, as problem+json `errors` lists it. */
export interface FieldError {
  path: string;
  message: string;
}

/**
 * A schema refusal for a person: "version: required" rather than zod's "Invalid input:
 * expected string, received undefined"; the path without the request part it came from.
 */
export function fieldError({ path, message }: FieldError): string {
  const field = path.replace(/^(?:json|query|param|header)\.?/, "") || "request";
  const expected = /expected (\w+), received (\w+)/i.exec(message);
  let said = message.replace(/^Invalid input:\s*/i, "");
  if (expected) {
    said = expected[2] === "undefined" ? "required" : `must be ${article(expected[1]!)}`;
  }
  return `${field}: ${said.charAt(0).toLowerCase()}${said.slice(1)}`;
}

function article(noun: string): string {
  return `${/^[aeiou]/i.test(noun) ? "an" : "a"} ${noun}`;
}
