import { join } from "node:path";
import type { Browser, Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { ARTIFACTS } from "./chromium.ts";

/** What Chromium refused under the page's Content-Security-Policy (SEC-8), per test file. */
export const refusedByPolicy: string[] = [];

export function watchPolicy(page: Page): Page {
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) refusedByPolicy.push(message.text());
  });
  return watchResponses(page);
}

/**
 * Logs what the page met from the control plane that a wait cannot show (a 5xx, a request
 * that failed): the page reads again, and a test that timed out says whether they were why.
 */
export function watchResponses(page: Page): Page {
  page.on("response", (response) => {
    if (response.status() >= 500 && response.request().resourceType() !== "document") {
      console.warn(
        `browser: ${response.status()} for ${response.request().method()} ${response.url()}`,
      );
    }
  });
  page.on("requestfailed", (request) => {
    const why = request.failure()?.errorText ?? "";
    // A page closed or moved on aborts what it was still reading: not a failure.
    if (!why.includes("ERR_ABORTED")) {
      console.warn(`browser: ${request.method()} ${request.url()} failed: ${why}`);
    }
  });
  return page;
}

/** A new tab logged in with `token` (the link `npm start` prints), then at `route`. */
export async function open(
  browser: Browser,
  url: string,
  token: string,
  route: string,
  width = 1280,
): Promise<Page> {
  const page = watchPolicy(await browser.newPage({ viewport: { width, height: 900 } }));
  await signedIn(page, url, token, route);
  return page;
}

/**
 * `page` signed in as a `#token=…` link leaves it (the token kept for the tab), loaded
 * straight at `route`. Not the link and then the route: a second navigation right after
 * the first paint raced the page subscribing to route changes, and twice on CI a page
 * stayed on the overview. The link itself is tested where it matters (navigation,
 * dashboard's SEC-8, words-reach).
 */
export async function signedIn(
  page: Page,
  url: string,
  token: string,
  route: string,
): Promise<void> {
  await page.addInitScript((kept) => sessionStorage.setItem("regatta.token", kept), token);
  await page.goto(`${url}/${route}`);
}

/**
 * Asserted the way Playwright's own expect waits: retried until it holds, never a sleep.
 * 30 s: a first paint on CI's two busy cores has taken over 15 s.
 */
export const WAIT = { timeout: 30_000, interval: 50 };
export const see = (locator: Locator) => ({
  toBeVisible: () => locator.first().waitFor({ state: "visible", timeout: WAIT.timeout }),
  toBeHidden: () => locator.first().waitFor({ state: "hidden", timeout: WAIT.timeout }),
  toContainText: (text: string) =>
    expect.poll(async () => (await locator.first().textContent()) ?? "", WAIT).toContain(text),
  toHaveText: (text: string) =>
    expect.poll(async () => (await locator.first().textContent())?.trim(), WAIT).toBe(text),
  toHaveCount: (count: number) => expect.poll(() => locator.count(), WAIT).toBe(count),
});

export const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
