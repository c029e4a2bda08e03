#!/usr/bin/env bash
# `npm test`: sets up whatever is missing, then typechecks, lints and runs every test.
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$REGATTA_ROOT"

echo "== static assets (the dashboard and the API reference → the worker's public/)"
tsx workers/control-plane/dashboard/build.ts

echo "== chromium for the browser tests (Debian's package, never a browser download)"
if [ ! -x /usr/bin/chromium ] && [ -z "${REGATTA_CHROMIUM:-}" ]; then
  sudo_if_needed() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
  sudo_if_needed apt-get update -qq
  DEBIAN_FRONTEND=noninteractive sudo_if_needed apt-get install -y -qq chromium >/dev/null
fi

echo "== typecheck"
# Every project listed in the root tsconfig.json's references.
tsc -b

echo "== bindings (worker-configuration.d.ts matches wrangler.toml)"
bash scripts/types.sh --check

echo "== lint and import cycles (biome; see biome.jsonc, suspicious/noImportCycles)"
biome ci --reporter=summary .

echo "== deploy builds (wrangler deploy --dry-run of each worker; docs/deploy.md)"
# The production configuration of both workers must bundle, offline and without telemetry,
# so a deploy never fails on what a test run could have caught.
build="$(mktemp -d)"
trap 'rm -rf "$build"' EXIT
dry_run() {
  if ! WRANGLER_SEND_METRICS=false wrangler deploy --dry-run --config "$1" --outdir "$build/$2" \
    >"$build/$2.log" 2>&1; then
    cat "$build/$2.log" >&2
    echo "regatta: wrangler deploy --dry-run failed for $2 ($1)" >&2
    exit 1
  fi
}
# The dry-run uploads no assets, but at debug level wrangler lists each file it read
# ("/app.js") and each it leaves out ("Ignoring asset: x", from .assetsignore): what a
# deploy would ship is the first list less the second.
shipped_assets() {
  awk '/from the assets directory/ { listing = 1; next }
    listing && /^\// { read[substr($0, 2)] = 1; next }
    { listing = 0 }
    /^Ignoring asset: / { ignored[substr($0, 17)] = 1 }
    END { for (f in read) if (!(f in ignored)) print f }' "$1" | sort
}
WRANGLER_LOG=debug dry_run wrangler.toml control-plane
assets="$(shipped_assets "$build/control-plane.log")"
# wrangler.toml's [build] makes them (workers/control-plane/dashboard/build.ts): a deploy
# without them serves a dashboard that never starts, or a /docs page that renders nothing.
for file in index.html app.css app.js api-reference/init.js api-reference/swagger-ui-bundle.js \
  api-reference/swagger-ui.css; do
  if ! grep -qxF "$file" <<<"$assets"; then
    printf 'regatta: the deploy would ship these assets:\n%s\n' "$assets" >&2
    echo "regatta: the deploy's assets lack $file (wrangler.toml [build] should make it)" >&2
    exit 1
  fi
done
if grep -E '\.map$' <<<"$assets" >&2; then
  echo "regatta: the deploy would publish the source maps above (keep them out of public/)" >&2
  exit 1
fi
dry_run workers/executor/wrangler.toml executor

echo "== tests"
# As strict as CI everywhere: a missing snapshot or golden file fails instead of being
# written (regenerate on purpose with `vitest run -u`).
# One worker per core: vitest leaves a core free by default, but the workerd tests mostly
# wait on workerd's own process (397 s → 215 s measured on 2 cores). A root-config
# `maxWorkers` did not reach the projects; the flag does.
workers="$(node -e 'console.log(Math.max(2, require("node:os").availableParallelism()))')"
if [ "$#" -gt 0 ]; then
  CI="${CI:-true}" vitest run --maxWorkers="$workers" "$@"
  exit 0
fi
# The browser project runs on its own after the rest: beside a workerd test file on two
# shared cores, a page's first paint took longer than a test waits (CI timed out on
# different pages in three runs). Both runs must pass.
CI="${CI:-true}" vitest run --maxWorkers="$workers" --project '!browser'
echo "== browser tests (Chromium against one control plane, alone on the machine)"
CI="${CI:-true}" vitest run --maxWorkers="$workers" --project browser
