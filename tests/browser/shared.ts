import { inject } from "vitest";
import { type Call, client } from "./client.ts";

/**
 * The control plane the project's global setup started (global-setup.ts), for every file.
 * Apart from client.ts, which a benchmark outside vitest imports too.
 */
export function shared(): { url: string; token: string; call: Call } {
  const { url, token } = inject("controlPlane");
  return { url, token, call: client(url, token) };
}
