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

/** A DNS subdomain (RFC 1123): dot-separated DNS labels; at most 253 characters in all. */
const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
/** A label key's name part and a non-empty label value (Kubernetes' qualified name). */
const LABEL_NAME = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const LABEL_NAME_MAX = 63;
const LABEL_PREFIX_MAX = 253;
/** The most labels one object carries. */
export const MAX_CLUSTER_LABELS = 64;
const LABEL_NAME_RULE =
  "1 to 63 characters of A-Z, a-z, 0-9, '-', '_' and '.', starting and ending alphanumeric";

/** Why `key` is not a Kubernetes label key (`[prefix/]name`), or undefined when it is one. */
function labelKeyProblem(key: string): string | undefined {
  const quoted = JSON.stringify(key);
  const slash = key.indexOf("/");
  if (slash !== key.lastIndexOf("/")) return `label key ${quoted} has more than one '/'`;
  const prefix = slash === -1 ? undefined : key.slice(0, slash);
  const name = slash === -1 ? key : key.slice(slash + 1);
  if (prefix !== undefined && (prefix.length > LABEL_PREFIX_MAX || !DNS_SUBDOMAIN.test(prefix))) {
    return `label key ${quoted}: prefix ${JSON.stringify(prefix)} is not a DNS subdomain (a-z, 0-9, '-' and '.', at most 253 characters, each part starting and ending alphanumeric)`;
  }
  if (name.length > LABEL_NAME_MAX || !LABEL_NAME.test(name)) {
    return `label key ${quoted}: name ${JSON.stringify(name)} must be ${LABEL_NAME_RULE}`;
  }
  return undefined;
}

/** Why `value` is not a Kubernetes label value, or undefined when it is one. */
function labelValueProblem(value: string): string | undefined {
  if (value === "" || (value.length <= LABEL_NAME_MAX && LABEL_NAME.test(value))) return undefined;
  return `label value ${JSON.stringify(value)} must be empty or ${LABEL_NAME_RULE}`;
}

/** What the document says of a label key (the check itself is `labelKeyProblem`). */
const LABEL_KEY_DOC = {
  type: "string",
  minLength: 1,
  maxLength: LABEL_PREFIX_MAX + 1 + LABEL_NAME_MAX,
  pattern: `^(${DNS_SUBDOMAIN.source.slice(1, -1)}/)?${LABEL_NAME.source.slice(1, -1)}$`,
  description:
    "A Kubernetes label key: an optional prefix (a DNS subdomain, at most 253 characters) and '/', then a name of 1 to 63 characters of A-Z, a-z, 0-9, '-', '_' and '.', starting and ending alphanumeric.",
} as const;

/**
 * A Kubernetes label key: an optional prefix (a DNS subdomain of at most 253 characters)
 * and `/`, then a name of 1 to 63 characters. Cluster labels (SEQ-16) and the selectors
 * that match them use it; a bad key is a 400 that quotes it.
 *
 * @example ClusterLabelKey.parse("example.com/canary")
 */
export const ClusterLabelKey = z
  .string()
  .superRefine((key, ctx) => {
    const problem = labelKeyProblem(key);
    if (problem !== undefined) ctx.addIssue({ code: "custom", message: problem, input: key });
  })
  .openapi({ ...LABEL_KEY_DOC, example: "canary" });

/**
 * A Kubernetes label value: empty, or 1 to 63 characters shaped like a label key's name.
 *
 * @example ClusterLabelValue.parse("true")
 */
export const ClusterLabelValue = z
  .string()
  .superRefine((value, ctx) => {
    const problem = labelValueProblem(value);
    if (problem !== undefined) ctx.addIssue({ code: "custom", message: problem, input: value });
  })
  .openapi({
    maxLength: LABEL_NAME_MAX,
    pattern: `^(${LABEL_NAME.source.slice(1, -1)})?$`,
    description:
      "A Kubernetes label value: empty, or 1 to 63 characters of A-Z, a-z, 0-9, '-', '_' and '.', starting and ending alphanumeric.",
    example: "true",
  });

// The metadata type follows OpenAPI 3.0, which has no `propertyNames`; the document is
// 3.1 (JSON Schema 2020-12) and the generator copies it through, so keys are described too.
const LABELS_DOC = {
  propertyNames: LABEL_KEY_DOC,
  maxProperties: MAX_CLUSTER_LABELS,
  description: `Kubernetes labels, key → value, at most ${MAX_CLUSTER_LABELS}.`,
  example: { canary: "true", "example.com/tier": "web" },
};

/**
 * Labels as Kubernetes spells them, key → value, at most 64: a cluster's (SEQ-16), and
 * the `matchLabels` of a selector over them. A bad key or value is a 400 naming the key.
 * Inline in the document (no component), so each field that uses it keeps its own
 * description.
 *
 * @example ClusterLabels.parse({ canary: "true", "example.com/tier": "web" })
 */
export const ClusterLabels = z
  .record(ClusterLabelKey, ClusterLabelValue, {
    error: (issue) =>
      issue.code === "invalid_key"
        ? issue.issues.map((inner) => inner.message).join("; ")
        : undefined,
  })
  .refine((labels) => Object.keys(labels).length <= MAX_CLUSTER_LABELS, {
    error: (issue) =>
      `at most ${MAX_CLUSTER_LABELS} labels, not ${Object.keys(issue.input as object).length}`,
  })
  .openapi(LABELS_DOC);
