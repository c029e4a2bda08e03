import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "inventory",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    environment: "node",
  },
});
