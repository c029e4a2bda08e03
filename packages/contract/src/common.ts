import { z } from "@hono/zod-openapi";

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;
const VERSION = /^\d+\.\d+\.\d+(-[A-Za-z]+\.\d+)?$/;

/**
 * A resource name: a DNS label (lowercase letters, digits and `-`, at most 63
 * characters, starting and ending alphanumeric). Clusters, pools, fleets, scopes,
 * zones, regions, machine types and tokens are named this way.
 *
 * @example Name.parse("prod-eu-1")
 */
export const Name = z
  .string()
  .regex(DNS_LABEL, {
    error: (issue) =>
      `${JSON.stringify(issue.input)} is not a DNS label (a-z, 0-9 and '-', at most 63 characters)`,
  })
  .openapi({ example: "prod-eu-1" });

/** A zone such as `europe-west1-b`. */
export const ZoneName = Name.openapi({ example: "europe-west1-b" });

/** A region such as `europe-west1`. */
export const RegionName = Name.openapi({ example: "europe-west1" });

/**
 * A Kubernetes version in the VER-1 shape `MAJOR.MINOR.PATCH[-word.N]`; the engine parses
 * it further. Unparseable versions are a 400 that quotes the string (VER-1).
 *
 * @example Version.parse("1.21.14-gke.4300")
 */
export const Version = z
  .string()
  .regex(VERSION, {
    error: (issue) =>
      `${JSON.stringify(issue.input)} is not a version MAJOR.MINOR.PATCH[-word.N] (VER-1)`,
  })
  .openapi({ example: "1.21.14-gke.4300" });

/** A node image name, e.g. `cos-1.21.14-gke.4300` or `ubuntu_containerd`. */
export const NodeImage = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,252}$/, {
    error: (issue) => `${JSON.stringify(issue.input)} is not a node image name`,
  })
  .openapi({ example: "cos-1.21.14-gke.4300" });

/** An RFC 3339 date-time with a zone designator (`Z` or an offset). */
export const Rfc3339 = z.iso
  .datetime({ offset: true })
  .openapi({ example: "2022-06-01T10:00:00Z" });

/** Release channels (CH-1). */
export const ReleaseChannel = z.enum(["RAPID", "REGULAR", "STABLE"]).openapi("ReleaseChannel");

/** True when no item occurs twice; used to refuse duplicate list entries. */
export function distinct(items: readonly unknown[]): boolean {
  return new Set(items).size === items.length;
}
