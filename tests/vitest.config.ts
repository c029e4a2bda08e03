import { defineProject } from "vitest/config";

// Checks over the repository itself (its docs against its code), in Node.
export default defineProject({
  test: {
    name: "repo",
    include: ["**/*.test.ts"],
    environment: "node",
  },
});
