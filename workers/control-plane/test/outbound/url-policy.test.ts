import { describe, expect, it } from "vitest";
import {
  urlPolicy as policyOf,
  type UrlPolicyVars,
  urlRefusal,
} from "../../src/outbound/url-policy.ts";
import { LOOPBACK, NOT_PUBLIC } from "./urls.ts";

/** The policy of a deployment that sets only `vars`. */
const urlPolicy = (vars: Partial<UrlPolicyVars>) =>
  policyOf({
    NOTIFICATIONS_ALLOW_LOOPBACK: undefined,
    REGATTA_OUTBOUND_PORTS: undefined,
    REGATTA_OUTBOUND_HOSTS: undefined,
    ...vars,
  });
const production = urlPolicy({});
const localDev = urlPolicy({ NOTIFICATIONS_ALLOW_LOOPBACK: "on" });

describe("SEC-1 the outbound URL policy", () => {
  it("SEC-1 public https URLs on port 443 pass, written any way the parser canonicalises", () => {
    for (const url of [
      "https://hooks.example.com/regatta",
      "https://HOOKS.Example.COM./regatta",
      "https://hooks.example.com:443/regatta",
      "https://8.8.8.8/x",
      "https://[2606:4700:4700::1111]/x",
      "https://bücher.example/x",
    ]) {
      expect(urlRefusal(url, production), url).toBeUndefined();
    }
  });

  it("SEC-1 every special-purpose address, internal name, other port, http and credentials is refused, in any spelling", () => {
    for (const url of [...NOT_PUBLIC, ...LOOPBACK]) {
      expect(urlRefusal(url, production), url).toBeDefined();
    }
    for (const url of NOT_PUBLIC) expect(urlRefusal(url, localDev), url).toBeDefined();
  });

  it("SEC-1 loopback in any spelling is refused unless the deployment runs for local development", () => {
    for (const url of [
      ...LOOPBACK,
      "http://localhost:8080/hook",
      "https://127.0.0.1/hook",
      "http://127.1/hook",
      "http://0x7f000001/hook",
      "http://2130706433/hook",
      "http://[::1]:9000/hook",
      "http://api.localhost./hook",
    ]) {
      expect(urlRefusal(url, production), url).toMatch(/loopback/);
      expect(urlRefusal(url, localDev), url).toBeUndefined();
    }
    expect(urlRefusal("ftp://localhost/x", localDev)).toMatch(/https/);
    // Local development opens loopback only: the rest of the policy still holds.
    expect(urlRefusal("https://10.0.0.1/x", localDev)).toBeDefined();
  });

  it("SEC-1 an operator widens the ports with REGATTA_OUTBOUND_PORTS; entries that are not ports are dropped", () => {
    const widened = urlPolicy({ REGATTA_OUTBOUND_PORTS: "443, 8443,http" });
    expect([...widened.ports]).toEqual([443, 8443]);
    expect(urlRefusal("https://hooks.example.com:8443/x", widened)).toBeUndefined();
    expect(urlRefusal("https://hooks.example.com:9443/x", widened)).toMatch(/port 9443/);
    expect([...urlPolicy({ REGATTA_OUTBOUND_PORTS: "nonsense" }).ports]).toEqual([443]);
  });

  it("SEC-1 with REGATTA_OUTBOUND_HOSTS set only the hosts it lists pass (exact, or *.suffix for names under it)", () => {
    const listed = urlPolicy({
      REGATTA_OUTBOUND_HOSTS: "hooks.example.com, *.Status.Example.NET.",
    });
    expect(urlRefusal("https://hooks.example.com/x", listed)).toBeUndefined();
    expect(urlRefusal("https://eu.status.example.net/x", listed)).toBeUndefined();
    expect(urlRefusal("https://status.example.net/x", listed)).toMatch(/REGATTA_OUTBOUND_HOSTS/);
    expect(urlRefusal("https://evilstatus.example.net/x", listed)).toMatch(
      /REGATTA_OUTBOUND_HOSTS/,
    );
    expect(urlRefusal("https://other.example.com/x", listed)).toMatch(/REGATTA_OUTBOUND_HOSTS/);
    // The list narrows; it never lets an internal target through.
    const internal = urlPolicy({ REGATTA_OUTBOUND_HOSTS: "*.internal,10.0.0.1" });
    expect(urlRefusal("https://metadata.google.internal/x", internal)).toMatch(/special-use/);
    expect(urlRefusal("https://10.0.0.1/x", internal)).toMatch(/private/);
    // Set but unusable: nothing passes, rather than everything.
    expect(
      urlRefusal("https://hooks.example.com/x", urlPolicy({ REGATTA_OUTBOUND_HOSTS: " , " })),
    ).toMatch(/REGATTA_OUTBOUND_HOSTS/);
    expect(
      urlRefusal("https://hooks.example.com/x", urlPolicy({ REGATTA_OUTBOUND_HOSTS: "[" })),
    ).toMatch(/REGATTA_OUTBOUND_HOSTS/);
  });
});
