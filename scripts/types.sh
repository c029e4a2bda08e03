#!/usr/bin/env bash
# `npm run types`: regenerates each worker's binding types from its wrangler.toml into its
# worker-configuration.d.ts (committed): the control plane's from /wrangler.toml, the
# executor's from workers/executor/wrangler.toml. `--check` only verifies the committed
# files are current (run by `npm test`; offline).
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$REGATTA_ROOT"
# The runtime types come from @cloudflare/workers-types. Secrets are declared in
# each src/env.ts (the executor: src/config.ts), so no .dev.vars (which differs per machine) is read: --env-file=/dev/null.
wrangler_types() {
  wrangler types "$@" --env-interface GeneratedEnv --include-runtime=false --strict-vars=false \
    --env-file=/dev/null >/dev/null ||
    { echo "regatta: regenerate with \`npm run types\`" >&2; exit 1; }
}
wrangler_types workers/control-plane/worker-configuration.d.ts "$@"
wrangler_types workers/executor/worker-configuration.d.ts --config workers/executor/wrangler.toml "$@"
