import { describe, expect, it } from "vitest";
import { CHANNELS, isChannel } from "./channel.ts";

describe("channels", () => {
  it("CH-1 there are exactly three channels: RAPID, REGULAR, STABLE", () => {
    expect(CHANNELS).toEqual(["RAPID", "REGULAR", "STABLE"]);
    expect(isChannel("REGULAR")).toBe(true);
    expect(isChannel("EXTENDED")).toBe(false);
    expect(isChannel("regular")).toBe(false);
  });
});
