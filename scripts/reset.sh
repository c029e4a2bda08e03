#!/usr/bin/env bash
# `npm run reset`: removes the local state of both workers, so the next `npm start` begins
# clean: the control plane's D1 and Durable Objects (.wrangler/state), the reference
# executor's (workers/executor/.wrangler/state: start.sh runs it from its own
# wrangler.toml) and the generated notifications key (.wrangler/regatta-notifications-key,
# useless without the subscriptions it sealed). Refuses while a server answers on PORT
# (8787): a running wrangler keeps its files open. `--force` removes them anyway.
# Needs only bash: no toolchain.
set -euo pipefail
cd "$(dirname "$0")/.."

PORT="${PORT:-8787}"
force=no
for arg in "$@"; do
  case "$arg" in
    --force) force=yes ;;
    *)
      echo "usage: npm run reset [-- --force]" >&2
      exit 2
      ;;
  esac
done

if [ "$force" = no ] && (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then
  echo "regatta: a server answers on port $PORT: stop npm start first (or: npm run reset -- --force)" >&2
  exit 1
fi

removed=0
for path in .wrangler/state workers/executor/.wrangler/state .wrangler/regatta-notifications-key; do
  [ -e "$path" ] || continue
  size="$(du -sh "$path" | cut -f1)"
  rm -rf -- "$path"
  echo "regatta: removed $path ($size)"
  removed=$((removed + 1))
done
[ "$removed" -gt 0 ] || echo "regatta: no local state to remove"
