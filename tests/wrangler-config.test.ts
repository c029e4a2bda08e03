import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const toml = readFileSync(new URL("../wrangler.toml", import.meta.url), "utf8");

describe("the deployment's configuration", () => {
  it("SEC-1 the control plane's fetch() is public-only (global_fetch_strictly_public) and outbound URLs keep to port 443", () => {
    expect(toml).toMatch(/^compatibility_flags = \[[^\]]*"global_fetch_strictly_public"/m);
    expect(toml).toMatch(/^REGATTA_OUTBOUND_PORTS = "443"$/m);
    expect(toml).toMatch(/^NOTIFICATIONS_ALLOW_LOOPBACK = "off"$/m);
  });

  it("SEC-12 the deployed configuration names no provider: a deploy must choose one, never falling back to the sim", () => {
    expect(toml).toMatch(/^REGATTA_PROVIDER = ""$/m);
  });

  it("deploy: wrangler runs the assets' build before every deploy and dev session, from the repository's own tools, and ships no source map", () => {
    expect(toml).toMatch(
      /^\[build\]\ncommand = "node --import tsx workers\/control-plane\/dashboard\/build\.ts"$/m,
    );
    expect(toml).toMatch(/^watch_dir = "workers\/control-plane\/dashboard\/src"$/m);
    const ignored = readFileSync(
      new URL("../workers/control-plane/public/.assetsignore", import.meta.url),
      "utf8",
    );
    expect(ignored).toMatch(/^\*\.map$/m);
  });
});
