import { uri } from "../api.ts";

const OPERATION_ID = /\bop-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g;

/** A message with every operation id in it a link to that operation's page. */
export function WithOperationLinks({ text }: { text: string }) {
  const parts: (string | { id: string })[] = [];
  let last = 0;
  for (const match of text.matchAll(OPERATION_ID)) {
    parts.push(text.slice(last, match.index), { id: match[0] });
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return (
    <>
      {parts.map((part) =>
        typeof part === "string" ? part : <a href={uri`#/operations/${part.id}`}>{part.id}</a>,
      )}
    </>
  );
}
