import { apiPath } from "@regatta/client";
import { useEffect, useState } from "preact/hooks";
import { getAll, post } from "../api.ts";
import { count, duration } from "../format.ts";
import { refreshAll } from "../live.ts";
import type { ClusterView, NodePoolView, ReleaseView } from "../types.ts";
import { Dialog, Explained, problemText } from "./ui.tsx";

type Strategy = NonNullable<NodePoolView["upgradeStrategy"]>;

/** `1.21.14-gke.4300` → [1, 21, 14, 4300], to order versions as VER-1 does. */
function parts(version: string): number[] {
  return version.split(/[.-]/).map((p) => Number.parseInt(p.replace(/\D/g, ""), 10) || 0);
}

function compare(a: string, b: string): number {
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/**
 * What the catalogue offers this pool: versions from the pool's own up to its control
 * plane's (VER-2 no downgrade, VER-7 the control plane first), node images available in
 * the cluster's region; and what the API picks when nothing is chosen (the control
 * plane's version, the pool's image: NodePoolUpgradeInput).
 */
export function choices(cluster: ClusterView, pool: NodePoolView, releases: ReleaseView[]) {
  const controlPlane = cluster.status.version;
  const versions = new Set([controlPlane, pool.version]);
  for (const release of releases) {
    for (const v of [...release.versions, ...Object.values(release.targets)]) versions.add(v);
  }
  const images = new Set([pool.nodeImage]);
  for (const release of releases) {
    for (const image of release.nodeImages) {
      if (image.regions.length === 0 || image.regions.includes(cluster.region)) {
        images.add(image.version);
      }
    }
  }
  return {
    versions: [...versions]
      .filter((v) => compare(v, pool.version) >= 0 && compare(v, controlPlane) <= 0)
      .sort(compare)
      .reverse(),
    images: [...images].sort().reverse(),
    defaults: { version: controlPlane, nodeImage: pool.nodeImage },
  };
}

/** What the upgrade will do, in the pool's own strategy and numbers (NUP-2, 8, 10, 11). */
export function consequence(
  pool: NodePoolView,
  strategy: Strategy | undefined,
  nodes: number,
  target: string,
): string {
  const type = strategy?.type ?? "SURGE";
  switch (type) {
    case "SURGE": {
      const surge = strategy?.maxSurge ?? 1;
      const unavailable = strategy?.maxUnavailable ?? 0;
      return `Replaces each of the ${count(nodes, "node")} with a node on ${target}, zone by zone: per zone up to ${count(surge, "extra node")} at a time${unavailable > 0 ? ` and ${count(unavailable, "node")} taken down at once` : ", none taken down before its replacement is ready"}.`;
    }
    case "BLUE_GREEN": {
      const batch =
        strategy?.batchNodeCount ??
        (strategy?.batchPercent !== undefined
          ? Math.max(1, Math.floor(strategy.batchPercent * nodes))
          : 1);
      const batches = batch === 0 ? 0 : Math.ceil(nodes / batch);
      const batchSoak = strategy?.batchSoakSeconds ?? 0;
      const poolSoak = strategy?.nodePoolSoakSeconds ?? 3600;
      const total = Math.min(604_800, poolSoak + batchSoak * batches);
      const drain =
        batches === 0
          ? "skips the drain (batch size 0)"
          : `drains the blue nodes in ${count(batches, "batch", "batches")} of ${count(batch, "node")}${batchSoak > 0 ? `, waiting ${duration(batchSoak * 1000)} after each` : ""}`;
      return `Creates ${count(nodes, "new node")} in a green pool on ${target}, cordons the ${count(nodes, "blue node")}, ${drain}, soaks the pool ${duration(poolSoak * 1000)} (${duration(total * 1000)} of soak in all), then deletes blue. Until blue is deleted it can be cancelled and rolled back.`;
    }
    case "AUTOSCALED_BLUE_GREEN":
      return `Creates an empty green pool on ${target} and cordons the ${count(nodes, "blue node")}; for ${duration((strategy?.waitSeconds ?? 259_200) * 1000)} the autoscaler moves the workloads to green, then the remaining blue nodes are drained, up to 20 at a time, and deleted. It cannot be rolled back.`;
    case "SHORT_LIVED":
      return `Drains nothing now: each of the ${count(nodes, "node")} comes back on ${target} when the provider replaces it, and after at most 7 days none is left on ${pool.version}. It cannot be cancelled or rolled back.`;
    default:
      return type satisfies never;
  }
}

/**
 * The confirmation of a node-pool upgrade: names the cluster, pool and strategy, offers
 * the catalogue's versions and images (the API's own choice preselected), says what will
 * happen, and starts nothing until confirmed.
 */
export function UpgradeDialog(props: {
  cluster: ClusterView;
  pool: NodePoolView;
  nodes: number;
  onClose: () => void;
  onStarted: (operation: string) => void;
}) {
  const { cluster, pool } = props;
  const [releases, setReleases] = useState<ReleaseView[] | undefined>(undefined);
  const [version, setVersion] = useState<string | undefined>(undefined);
  const [nodeImage, setNodeImage] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  useEffect(() => {
    getAll<ReleaseView>(apiPath("/v1/releases", {})).then(setReleases, (failure: unknown) => {
      setReleases([]);
      setError(problemText(failure));
    });
  }, []);
  const offered = choices(cluster, pool, releases ?? []);
  const target = version ?? offered.defaults.version;
  const image = nodeImage ?? offered.defaults.nodeImage;
  const unchanged = target === pool.version && image === pool.nodeImage;
  const strategy = pool.upgradeStrategy?.type ?? "SURGE";
  const start = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const op = await post<{ id: string }>(
        apiPath("/v1/clusters/{cluster}/node-pools/{pool}/upgrade", {
          cluster: cluster.name,
          pool: pool.name,
        }),
        { version: target, nodeImage: image },
      );
      refreshAll();
      props.onStarted(op.id);
    } catch (failure) {
      setError(problemText(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      title={`Upgrade node pool ${pool.name}`}
      onClose={props.onClose}
      actions={
        <>
          <button type="button" class="secondary" onClick={props.onClose}>
            Back
          </button>
          <button
            type="button"
            class="primary"
            disabled={busy || unchanged || releases === undefined}
            onClick={() => void start()}
          >
            {busy ? "Starting…" : "Start the upgrade"}
          </button>
        </>
      }
    >
      <dl class="facts">
        <dt>Cluster</dt>
        <dd>
          {cluster.name} (fleet {cluster.fleet}, {cluster.region})
        </dd>
        <dt>Node pool</dt>
        <dd>
          {pool.name}: {count(props.nodes, "node")} on {pool.version}, image {pool.nodeImage}
        </dd>
        <dt>Strategy</dt>
        <dd>{strategy}</dd>
      </dl>
      <div class="pickers">
        <label>
          Target version
          <select
            value={target}
            onChange={(e) => setVersion(e.currentTarget.value)}
            disabled={releases === undefined}
          >
            {offered.versions.map((v) => (
              <option key={v} value={v}>
                {v}
                {v === offered.defaults.version ? " (the control plane's)" : ""}
              </option>
            ))}
          </select>
        </label>
        <label>
          Node image
          <select
            value={image}
            onChange={(e) => setNodeImage(e.currentTarget.value)}
            disabled={releases === undefined}
          >
            {offered.images.map((i) => (
              <option key={i} value={i}>
                {i}
                {i === pool.nodeImage ? " (current)" : ""}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p class="consequence">
        {unchanged
          ? `The pool already runs ${pool.version} with ${pool.nodeImage}: choose a newer version or node image.`
          : consequence(pool, pool.upgradeStrategy, props.nodes, `${target} (${image})`)}
      </p>
      {error && (
        <p class="error" role="alert">
          <Explained text={error} />
        </p>
      )}
    </Dialog>
  );
}
