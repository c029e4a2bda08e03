#!/usr/bin/env bash
# `npm run types`: regenerates the worker's binding types from wrangler.toml into
# workers/control-plane/worker-configuration.d.ts (committed). `--check` only verifies
# the committed file is current (run by `npm test`; offline).
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$REGATTA_ROOT"
# The runtime types come from @cloudflare/workers-types. Secrets are declared in
# src/env.ts, so no .dev.vars (which differs per machine) is read: --env-file=/dev/null.
wrangler types workers/control-plane/worker-configuration.d.ts \
  --env-interface GeneratedEnv --include-runtime=false --strict-vars=false \
  --env-file=/dev/null "$@" >/dev/null ||
  { echo "regatta: regenerate with \`npm run types\`" >&2; exit 1; }
