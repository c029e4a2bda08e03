#!/usr/bin/env bash
# `npm test`: sets up whatever is missing, then typechecks, lints and runs every test.
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$REGATTA_ROOT"

echo "== typecheck"
# Every project listed in the root tsconfig.json's references.
tsc -b

echo "== bindings (worker-configuration.d.ts matches wrangler.toml)"
bash scripts/types.sh --check

echo "== lint and import cycles (biome; see biome.jsonc, suspicious/noImportCycles)"
biome ci --reporter=summary .

echo "== tests"
# As strict as CI everywhere: a missing snapshot or golden file fails instead of being
# written (regenerate on purpose with `vitest run -u`).
CI="${CI:-true}" vitest run "$@"
