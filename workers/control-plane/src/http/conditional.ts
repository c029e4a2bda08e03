import { etag } from "hono/etag";

/**
 * `ETag` on every authenticated GET and `304 Not Modified` for a matching
 * `If-None-Match`: a watcher told "changed" (or a client polling without a watch)
 * re-reads at the cost of a hash, not of a body. A hash of the answer rather than an
 * object version, so a token that reads less of a fleet gets a tag of what it reads.
 */
export const conditionalGet = etag();
