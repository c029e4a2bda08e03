import { env } from "cloudflare:test";
import { openInventory, putCluster } from "@regatta/inventory";
import { beforeAll, describe, expect, it } from "vitest";
import { api, freezeClock, START } from "../helpers.ts";
import { tokenFor } from "../inventory/problems.ts";

/** The key a list cursor resumes after (cursors are base64url JSON `{after}`). */
function decodeCursor(cursor: string): string {
  const base64 = cursor.replaceAll("-", "+").replaceAll("_", "/");
  return (JSON.parse(atob(base64)) as { after: string }).after;
}

/** Every page of a list with `limit`, and every cursor it handed out, decoded. */
async function walk(path: string, limit: number, token: string) {
  const pages: string[][] = [];
  const cursors: string[] = [];
  let cursor: string | null = null;
  do {
    const sep = path.includes("?") ? "&" : "?";
    const query: string = cursor === null ? "" : `&cursor=${encodeURIComponent(cursor)}`;
    const res = await api("GET", `${path}${sep}limit=${limit}${query}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    pages.push(res.body.items.map((item: { name: string }) => item.name));
    cursor = res.body.nextCursor;
    if (cursor !== null) cursors.push(decodeCursor(cursor));
  } while (cursor !== null && pages.length < 100);
  return { pages, cursors };
}

async function addCluster(name: string, fleet: string, scopes: string[] = []): Promise<void> {
  await putCluster(
    openInventory(env.DB),
    {
      name,
      fleet,
      scopes,
      role: "standalone",
      region: "europe-west1",
      releaseChannel: "REGULAR",
      specVersion: "1.21.11-gke.1100",
    },
    START,
  );
}

beforeAll(async () => {
  await freezeClock();
  for (const fleet of ["lc-mine", "lc-other"]) await api("PUT", `/v1/fleets/${fleet}`);
  for (const scope of ["team-a", "team-b", "team-c", "team-d", "team-e"])
    await api("PUT", `/v1/fleets/lc-mine/scopes/${scope}`);
  // Interleaved by name, so a scan over every cluster passes the other fleet's between mine.
  await addCluster("lc-01-other", "lc-other");
  await addCluster("lc-02-mine", "lc-mine", ["team-a"]);
  await addCluster("lc-03-other", "lc-other");
  await addCluster("lc-04-mine", "lc-mine", ["team-b"]);
  await addCluster("lc-05-other", "lc-other");
  await addCluster("lc-06-mine", "lc-mine", ["team-a", "team-c"]);
  await addCluster("lc-07-other", "lc-other");
  await addCluster("lc-08-mine", "lc-mine");
  await addCluster("lc-09-other", "lc-other");
});

describe("list cursors reveal nothing the caller cannot read (issue 7 item 2)", () => {
  it("a fleet-bound viewer's cluster cursors each name a cluster it can read, and every page is full", async () => {
    const viewer = await tokenFor("lc-fleet-viewer", "viewer", { fleets: ["lc-mine"] });
    for (const path of ["/v1/clusters", "/v1/clusters?fleet=lc-mine"]) {
      const { pages, cursors } = await walk(path, 1, viewer);
      expect(pages.flat()).toEqual(["lc-02-mine", "lc-04-mine", "lc-06-mine", "lc-08-mine"]);
      expect(pages.every((page) => page.length === 1)).toBe(true);
      for (const name of cursors) {
        expect((await api("GET", `/v1/clusters/${name}`, { token: viewer })).status, name).toBe(
          200,
        );
      }
    }
  });

  it("a scope-bound viewer pages only over its scopes' clusters; every cursor names one of them", async () => {
    const viewer = await tokenFor("lc-scope-viewer", "viewer", { scopes: ["lc-mine/team-a"] });
    const { pages, cursors } = await walk("/v1/clusters", 1, viewer);
    expect(pages).toEqual([["lc-02-mine"], ["lc-06-mine"]]);
    expect(cursors).toEqual(["lc-02-mine"]);
    const inFleet = await walk("/v1/clusters?fleet=lc-mine", 1, viewer);
    expect(inFleet.pages.flat()).toEqual(["lc-02-mine", "lc-06-mine"]);
  });

  it("a scope-bound viewer's scope-list cursors each name a scope it holds", async () => {
    const viewer = await tokenFor("lc-scopes-viewer", "viewer", {
      scopes: ["lc-mine/team-b", "lc-mine/team-d"],
    });
    const { pages, cursors } = await walk("/v1/fleets/lc-mine/scopes", 1, viewer);
    expect(pages).toEqual([["team-b"], ["team-d"]]);
    expect(cursors).toEqual(["team-b"]);
    for (const scope of cursors) {
      expect(
        (await api("GET", `/v1/fleets/lc-mine/scopes/${scope}`, { token: viewer })).status,
      ).toBe(200);
    }
  });
});
