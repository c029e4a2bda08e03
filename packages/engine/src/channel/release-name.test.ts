import { describe, expect, it } from "vitest";
import { compareReleaseNames, parseReleaseName } from "./release-name.ts";

describe("release names", () => {
  it("CH-1 parses 2022-R25 as year 2022, release 25", () => {
    expect(parseReleaseName("2022-R25")).toEqual({ ok: true, value: { year: 2022, number: 25 } });
  });

  it("CH-1 refuses names that are not YYYY-R<N> with a 400", () => {
    for (const name of [
      "R25",
      "2022-25",
      "2022-r25",
      "22-R25",
      "2022-R0",
      "2022-R025",
      "2022-R25 ",
    ]) {
      expect(parseReleaseName(name)).toMatchObject({
        ok: false,
        error: { rule: "CH-1", kind: "malformed" },
      });
    }
  });

  it("CH-1 orders releases by year then number: 2022-R9 < 2022-R25 < 2022-R26 < 2023-R1", () => {
    const names = ["2023-R1", "2022-R26", "2022-R9", "2022-R25"];
    expect(names.sort(compareReleaseNames)).toEqual(["2022-R9", "2022-R25", "2022-R26", "2023-R1"]);
  });

  it("CH-1 malformed names sort before every valid release", () => {
    expect(["2022-R1", "zzz", "aaa"].sort(compareReleaseNames)).toEqual(["aaa", "zzz", "2022-R1"]);
  });
});
