#!/usr/bin/env bash
# `pnpm bench` / `npm run bench`: prints throughput and latency numbers (not asserted).
# Every bench runs even when one fails; the failures are named at the end and fail the
# command, so one broken bench neither hides the others' numbers nor passes unseen.
set -uo pipefail
source "$(dirname "$0")/env.sh"
cd "$REGATTA_ROOT"
failed=()
for bench in scripts/bench/*.bench.ts; do
  echo "== $bench"
  tsx "$bench" || failed+=("$bench")
done
if [ "${#failed[@]}" -gt 0 ]; then
  echo "pnpm bench: ${#failed[@]} failed: ${failed[*]}" >&2
  exit 1
fi
