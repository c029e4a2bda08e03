import type { Tx } from "../../runtime/types.ts";

/**
 * Pages of a run's members (`GET …/update-runs/{run}?limit=&cursor=`): stages and groups
 * always, members in tree order from the cursor on. A cursor is the next member's place
 * sealed with AES-256-GCM under a key of this run's own (made when first needed, gone
 * with the run): it reveals nothing (no name, no position), a cursor of another run or
 * of a run since recreated under the name does not open, and anything else is refused.
 */

/** Members a page shows when the caller names no limit: every member of a run below it. */
export const DEFAULT_MEMBER_PAGE = 1_000;
/** The largest page: about 400 KB of JSON. */
export const MAX_MEMBER_PAGE = 1_000;

/** `?limit=&cursor=` of a status read. */
export interface RunPageRequest {
  limit?: number | undefined;
  cursor?: string | undefined;
}

const KEY_STATE = "run:cursor-key";
const IV_BYTES = 12;
/** What a cursor seals: a format byte, then the next member's index (uint32). */
const FORMAT = 1;

/** A cursor this run did not issue (the route answers 400). */
export class InvalidRunCursor extends Error {}

/** The run's cursor key, made at the first page that needs one. */
export function cursorKeyBytes(tx: Tx): string {
  const stored = tx.getState<string>(KEY_STATE);
  if (stored !== undefined) return stored;
  const made = toHex(crypto.getRandomValues(new Uint8Array(32)));
  tx.putState(KEY_STATE, made);
  return made;
}

/** Drops the key with the run: cursors of a forgotten run never open again. */
export function forgetCursorKey(tx: Tx): void {
  tx.deleteState(KEY_STATE);
}

/** An imported key per key text, so a page costs no import after the first. */
const imported = new Map<string, Promise<CryptoKey>>();

function cryptoKey(hex: string): Promise<CryptoKey> {
  let key = imported.get(hex);
  if (key === undefined) {
    key = crypto.subtle.importKey("raw", fromHex(hex)!, "AES-GCM", false, ["encrypt", "decrypt"]);
    // A handful of runs per isolate; forget the oldest past a bound.
    if (imported.size >= 256) imported.delete(imported.keys().next().value!);
    imported.set(hex, key);
  }
  return key;
}

/** Seals `index` (the first member of the next page). */
export async function sealCursor(keyHex: string, index: number): Promise<string> {
  const plain = new Uint8Array(5);
  plain[0] = FORMAT;
  new DataView(plain.buffer).setUint32(1, index);
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv },
    await cryptoKey(keyHex),
    plain,
  );
  const bytes = new Uint8Array(IV_BYTES + sealed.byteLength);
  bytes.set(iv);
  bytes.set(new Uint8Array(sealed), IV_BYTES);
  return toHex(bytes);
}

/** The member index a cursor of this run names; throws {@link InvalidRunCursor} otherwise. */
export async function openCursor(keyHex: string, cursor: string): Promise<number> {
  const bytes = fromHex(cursor);
  if (bytes === undefined || bytes.length <= IV_BYTES) throw new InvalidRunCursor();
  let plain: ArrayBuffer;
  try {
    plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: bytes.slice(0, IV_BYTES) },
      await cryptoKey(keyHex),
      bytes.slice(IV_BYTES),
    );
  } catch {
    throw new InvalidRunCursor();
  }
  const view = new DataView(plain);
  if (view.byteLength !== 5 || view.getUint8(0) !== FORMAT) throw new InvalidRunCursor();
  return view.getUint32(1);
}

/** Clamps a requested page size to 1..{@link MAX_MEMBER_PAGE}. */
export function memberPageLimit(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return DEFAULT_MEMBER_PAGE;
  return Math.min(MAX_MEMBER_PAGE, Math.max(1, Math.floor(limit)));
}

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

function fromHex(text: string): Uint8Array | undefined {
  if (text.length % 2 !== 0 || !/^[0-9a-f]*$/.test(text)) return undefined;
  const bytes = new Uint8Array(text.length / 2);
  for (let i = 0; i < bytes.length; i++)
    bytes[i] = Number.parseInt(text.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}
