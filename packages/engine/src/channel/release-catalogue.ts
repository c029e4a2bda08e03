import { tryParseVersion } from "../version/version.ts";
import type { ChannelTargets } from "./channel.ts";

/** What a release contributes to the VER-6 catalogue: its targets and listed versions. */
export interface ReleaseVersions {
  targets: ChannelTargets;
  versions?: readonly string[];
}

/**
 * VER-6: the release catalogue is every version some release publishes, as a target or in
 * its `versions` list, across all channels. Unparseable entries are left out so the
 * catalogue only holds canonical text (`checkInCatalogue` looks up by exact text).
 *
 * @example releaseCatalogue([{ targets: { "1.20": "1.21.14-gke.4300" }, versions: ["1.21.14-gke.900"] }])
 * // Set {"1.21.14-gke.4300", "1.21.14-gke.900"}
 */
export function releaseCatalogue(releases: readonly ReleaseVersions[]): Set<string> {
  const catalogue = new Set<string>();
  const add = (text: string) => {
    if (tryParseVersion(text) !== undefined) catalogue.add(text);
  };
  for (const release of releases) {
    for (const target of Object.values(release.targets)) add(target);
    for (const version of release.versions ?? []) add(version);
  }
  return catalogue;
}
