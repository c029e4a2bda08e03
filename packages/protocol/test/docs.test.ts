import { describe, expect, it } from "vitest";
import executorDoc from "../../../docs/executor.md?raw";
import { sign } from "../src/index.ts";

const root = new URL("../../../", import.meta.url).pathname;
// Every file in the repository a doc may name (the keys are paths; nothing is loaded).
const files = new Set(
  Object.keys(
    import.meta.glob([
      "../../../packages/*/src/**",
      "../../../packages/*/test/**",
      "../../../workers/*/src/**",
      "../../../workers/*/test/**",
      "../../../workers/*/*.{ts,toml,json}",
      "../../../docs/*.md",
      "../../../scripts/**",
    ]),
  ).map((path) => new URL(path, import.meta.url).pathname.slice(root.length)),
);
const folders = new Set(
  [...files].flatMap((f) => f.split("/").map((_, i, all) => all.slice(0, i).join("/"))),
);

/** The signed requests of the doc's example exchange: headers and body of each. */
function examples(
  doc: string,
): { path: string; timestamp: number; signature: string; body: string }[] {
  const found = [];
  for (const block of doc.matchAll(/```http\nPOST (\S+) HTTP\/1\.1\n([\s\S]*?)\n\n(.*)\n```/g)) {
    const [, path, headers, body] = block;
    const timestamp = /X-Regatta-Timestamp: (\d+)/.exec(headers!)?.[1];
    const signature = /X-Regatta-Signature: (\S+)/.exec(headers!)?.[1];
    found.push({ path: path!, timestamp: Number(timestamp), signature: signature!, body: body! });
  }
  return found;
}

describe("docs/executor.md", () => {
  it("its example batch and callback are signed as the protocol signs them (secret example-secret)", async () => {
    const signed = examples(executorDoc);
    expect(signed.map((e) => e.path)).toEqual([
      "/commands",
      "/v1/operations/op-00000000-0000-4000-8000-000000000001/events",
    ]);
    for (const example of signed) {
      expect(await sign("example-secret", { ...example, method: "POST" })).toBe(example.signature);
    }
  });

  it("names only files and folders that exist", () => {
    const named = [...executorDoc.matchAll(/`((?:packages|workers|docs|scripts)\/[\w./-]+)`/g)].map(
      (m) => m[1]!.replace(/\/$/, ""),
    );
    expect(named.length).toBeGreaterThan(5);
    expect(named.filter((path) => !files.has(path) && !folders.has(path))).toEqual([]);
  });
});
