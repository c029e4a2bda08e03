import { describe, expect, it } from "vitest";
import { urlRefusal } from "../../src/services/notifications/url-policy.ts";

const production = { allowLoopback: false };
const localDev = { allowLoopback: true };

describe("notifications: where deliveries may go", () => {
  it("notifications: public https URLs pass", () => {
    for (const url of [
      "https://hooks.example.com/regatta",
      "https://8.8.8.8/x",
      "https://[2001:db8::1]/x",
    ]) {
      expect(urlRefusal(url, production), url).toBeUndefined();
    }
  });

  it("notifications: http, private, link-local, internal names and credentials are refused in production", () => {
    for (const url of [
      "http://hooks.example.com/x",
      "https://10.0.0.1/x",
      "https://172.20.1.1/x",
      "https://192.168.1.1/x",
      "https://100.64.0.1/x",
      "https://169.254.169.254/latest/meta-data",
      "https://0.0.0.0/x",
      "https://224.0.0.1/x",
      "https://[fe80::1]/x",
      "https://[fc00::1]/x",
      "https://[::ffff:10.0.0.1]/x",
      "https://[::]/x",
      "https://intranet/x",
      "https://printer.local/x",
      "https://metadata.google.internal/x",
      "https://a:b@hooks.example.com/x",
    ]) {
      expect(urlRefusal(url, production), url).toBeDefined();
    }
  });

  it("notifications: loopback in any spelling is refused unless the deployment runs for local development", () => {
    for (const url of [
      "http://localhost:8080/hook",
      "https://127.0.0.1/hook",
      "http://127.1/hook",
      "http://0x7f000001/hook",
      "http://[::1]:9000/hook",
      "http://api.localhost/hook",
    ]) {
      expect(urlRefusal(url, production), url).toMatch(/loopback/);
      expect(urlRefusal(url, localDev), url).toBeUndefined();
    }
    expect(urlRefusal("ftp://localhost/x", localDev)).toMatch(/https/);
  });
});
