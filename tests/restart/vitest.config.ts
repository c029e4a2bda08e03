import { defineProject } from "vitest/config";

// A control plane stopped and started again over its state (tests/harness), in Node.
export default defineProject({
  test: {
    name: "restart",
    include: ["**/*.test.ts"],
    environment: "node",
  },
});
