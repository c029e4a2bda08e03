#!/usr/bin/env bash
# `pnpm bench` / `npm run bench`: prints throughput and latency numbers (not asserted).
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$REGATTA_ROOT"
for bench in scripts/bench/*.bench.ts; do
  echo "== $bench"
  tsx "$bench"
done
