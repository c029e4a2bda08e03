import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ARTIFACTS, launch } from "./chromium.ts";
import { shared } from "./shared.ts";

const cp = shared();
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
});

const WAIT = { timeout: 20_000, interval: 100 };

/** /docs in Chromium, with what its policy refused and what the page logged as an error. */
async function openReference(): Promise<{ page: Page; refused: string[]; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const refused: string[] = [];
  const errors: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    // A failed load is reported with its URL by the response listener below.
    else if (message.type() === "error" && !message.text().startsWith("Failed to load resource"))
      errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("response", (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
  });
  const res = await page.goto(`${cp.url}/docs`);
  expect(res?.status()).toBe(200);
  return { page, refused, errors };
}

describe("the API reference at /docs", () => {
  it("SEC-8 renders every operation of /openapi.json grouped by tag, with no refusal under its strict policy", async () => {
    const { page, refused, errors } = await openReference();
    const doc = (await (await fetch(`${cp.url}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
      tags: { name: string; description: string }[];
    };
    const operations = Object.values(doc.paths).flatMap((item) => Object.values(item));
    await expect.poll(() => page.locator(".opblock").count(), WAIT).toBe(operations.length);
    // One section per tag, in the document's order, each with its description.
    const sections = page.locator(".opblock-tag-section h3");
    expect(await sections.evaluateAll((els) => els.map((e) => e.getAttribute("data-tag")))).toEqual(
      doc.tags.map((tag) => tag.name),
    );
    const updateRuns = doc.tags.find((tag) => tag.name === "update-runs")!;
    expect(await sections.filter({ hasText: updateRuns.description }).count()).toBe(1);
    await page.screenshot({ path: join(ARTIFACTS, "api-reference.png") });
    expect(refused).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("SEC-8 an operation's request body shows its schema resolved, fields by name, and an example", async () => {
    const { page, refused, errors } = await openReference();
    const operation = page.locator(".opblock-put", { hasText: "/v1/notifications/{name}" });
    await operation.locator(".opblock-summary").first().click();
    const body = operation.locator(".opblock-section-request-body");
    // The schema, resolved and open: its fields by name, no `$ref` left for the reader to chase.
    await expect
      .poll(async () => (await body.locator(".model-box").first().textContent()) ?? "", WAIT)
      .toMatch(/NotificationInput.*url.*secret.*events.*fleets/s);
    await operation.screenshot({ path: join(ARTIFACTS, "api-reference-notification-schema.png") });
    // The example: a whole body to start from, the schema's own example.
    await body.getByRole("tab", { name: "Example Value" }).click();
    await expect
      .poll(async () => (await body.locator(".body-param__example").textContent()) ?? "", WAIT)
      .toContain('"secret": "at-least-16-characters-of-secret"');
    expect(await operation.textContent()).not.toContain("$ref");
    await operation.screenshot({ path: join(ARTIFACTS, "api-reference-notification-example.png") });
    expect(refused).toEqual([]);
    expect(errors).toEqual([]);
  });
});
