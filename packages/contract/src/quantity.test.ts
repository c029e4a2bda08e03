import { describe, expect, it } from "vitest";
import { cpuMillisOf, memoryMiBOf, quantityValue } from "./quantity.ts";

describe("Kubernetes quantities (CA-2)", () => {
  it("CA-2 CPU quantities become millis, rounded up", () => {
    expect(cpuMillisOf("250m")).toBe(250);
    expect(cpuMillisOf("1")).toBe(1000);
    expect(cpuMillisOf("0.5")).toBe(500);
    expect(cpuMillisOf("0.1")).toBe(100);
    expect(cpuMillisOf("1.5")).toBe(1500);
    expect(cpuMillisOf("100u")).toBe(1);
    expect(cpuMillisOf(2)).toBe(2000);
  });

  it("CA-2 memory quantities become MiB, rounded up", () => {
    expect(memoryMiBOf("128Mi")).toBe(128);
    expect(memoryMiBOf("1Gi")).toBe(1024);
    expect(memoryMiBOf("0.5Gi")).toBe(512);
    expect(memoryMiBOf("500M")).toBe(477);
    expect(memoryMiBOf("1e9")).toBe(954);
    expect(memoryMiBOf("1G")).toBe(954);
    expect(memoryMiBOf("134217728")).toBe(128);
    expect(memoryMiBOf("1k")).toBe(1);
  });

  it("CA-2 what is not a quantity, or is negative, has no value", () => {
    for (const bad of ["", "abc", "1x", "1.2.3", "-1", "1 Gi", "Mi", "1mi"]) {
      expect(quantityValue(bad), bad).toBeUndefined();
    }
    expect(quantityValue(-1)).toBeUndefined();
  });
});
