import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// Pure packages run in Node; the control plane runs inside workerd (its own config).
export default defineConfig({
  test: {
    projects: ["packages/*", "workers/*"],
    // Vitest leaves one core free by default; the workerd tests mostly wait on workerd's
    // own process, so one worker per core halves the suite on a 2-core CI machine
    // (397 s → 215 s measured).
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
