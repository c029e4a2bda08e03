#!/usr/bin/env bash
# `npm run test:fast`: the inner loop, under two minutes on two cores — typecheck, lint and
# the Node unit projects. `npm test` (what CI runs) stays the whole suite: it adds the
# bindings and deploy-build checks, the workerd projects (control-plane, executor) and the
# end-to-end tier (cli, browser, tests/restart), each of which starts a real control plane.
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$REGATTA_ROOT"

echo "== typecheck"
tsc -b

echo "== lint and import cycles"
biome ci --reporter=summary .

echo "== unit tests (engine, contract, client, inventory, protocol, repo)"
workers="$(node -e 'console.log(Math.max(2, require("node:os").availableParallelism()))')"
CI="${CI:-true}" vitest run --maxWorkers="$workers" \
  --project engine --project contract --project client --project inventory --project protocol --project repo "$@"
