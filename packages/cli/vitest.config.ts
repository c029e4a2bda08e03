import { defineProject } from "vitest/config";

// The CLI runs in Node against a control plane the tests start (tests/harness).
export default defineProject({
  test: {
    name: "cli",
    include: ["test/**/*.test.ts"],
    environment: "node",
    // One control plane for every file (global-setup.ts): wrangler starts once, not once
    // per file. Each file works on names of its own (`names()` in helpers.ts), but the
    // files run one after another, because each moves the one sim clock (an operation a
    // test expects still RUNNING must not finish under another file's advance).
    globalSetup: ["./test/global-setup.ts"],
    fileParallelism: false,
    // Tests drive the sim clock in many steps, and hooks build the bundle or seed a hundred
    // clusters (bin.test.ts); CI's two cores are shared.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
