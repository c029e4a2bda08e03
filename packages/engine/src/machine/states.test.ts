import { describe, expect, it } from "vitest";
import { isOneOf } from "./states.ts";

describe("isOneOf", () => {
  it("RUN-8 a machine's terminal check is derived from its one list of states", () => {
    const ended = isOneOf(["Completed", "Skipped", "Failed"]);
    expect(ended("Skipped")).toBe(true);
    expect(ended("Running")).toBe(false);
    expect(ended("")).toBe(false);
  });
});
