import { mayAccess } from "@regatta/client";
import type { Self } from "./types.ts";

const KEY = "regatta.token";

/**
 * The token: taken from the fragment `#token=…` that `npm start` prints (a fragment never
 * reaches a server or a log), kept in sessionStorage for this tab only, and removed from
 * the address bar at once so it is not bookmarked or shared.
 */
export function takeToken(): string | undefined {
  const match = /^#token=([^&]+)/.exec(location.hash);
  if (match) {
    sessionStorage.setItem(KEY, decodeURIComponent(match[1]!));
    history.replaceState(null, "", `${location.pathname}#/`);
  }
  return sessionStorage.getItem(KEY) ?? undefined;
}

export function saveToken(token: string): void {
  sessionStorage.setItem(KEY, token);
}

export function forgetToken(): void {
  sessionStorage.removeItem(KEY);
}

export function token(): string {
  return sessionStorage.getItem(KEY) ?? "";
}

/**
 * Whether the token may act on `fleet` (and, for a cluster's operations, its team
 * scopes): the API's own rule (`mayAccess`, from the contract), not a copy of it. The page
 * hides what this refuses; the API still decides.
 */
export function mayWrite(self: Self | undefined, fleet: string, scopes: string[] = []): boolean {
  return self !== undefined && mayAccess(self, "write", { kind: "fleet", fleet, scopes });
}
