#!/usr/bin/env bash
# `npm start`: brings the toolchain, applies the D1 migrations locally, starts the control
# plane with `wrangler dev`, seeds the demo inventory and prints the URL and admin token.
# Honours PORT, REGATTA_ADMIN_TOKEN, REGATTA_PROVIDER, SIM_SPEED, REGATTA_DEMO (API.md).
set -euo pipefail
source "$(dirname "$0")/env.sh"
cd "$REGATTA_ROOT"

PORT="${PORT:-8787}"
PROVIDER="${REGATTA_PROVIDER:-sim}"
SPEED="${SIM_SPEED:-3600}"
DEMO="${REGATTA_DEMO:-on}"

# Fail closed before anything starts: a mistyped provider must never run the sim and
# report fake successes (the worker refuses it too, with a 503 on every route).
case "$PROVIDER" in
  sim | webhook) ;;
  *)
    echo "regatta: REGATTA_PROVIDER must be sim or webhook, got $PROVIDER" >&2
    exit 1
    ;;
esac
# Webhook settings come from the environment or from .dev.vars.
dev_var() { [ -n "${!1:-}" ] || { [ -f .dev.vars ] && grep -q "^$1=." .dev.vars; }; }
if [ "$PROVIDER" = webhook ] && ! { dev_var WEBHOOK_URL && dev_var WEBHOOK_SECRET; }; then
  echo "regatta: REGATTA_PROVIDER=webhook needs WEBHOOK_URL and WEBHOOK_SECRET" >&2
  exit 1
fi
TOKEN="${REGATTA_ADMIN_TOKEN:-rgt_admin_$(node -e 'process.stdout.write(require("node:crypto").randomBytes(18).toString("base64url"))')}"

echo "regatta: applying D1 migrations (local)"
wrangler d1 migrations apply regatta-inventory --local >/dev/null

vars=(--var "REGATTA_ADMIN_TOKEN:$TOKEN" --var "REGATTA_PROVIDER:$PROVIDER" --var "SIM_SPEED:$SPEED")
for name in WEBHOOK_URL WEBHOOK_SECRET; do
  if [ -n "${!name:-}" ]; then vars+=(--var "$name:${!name}"); fi
done
wrangler dev --ip 127.0.0.1 --port "$PORT" --show-interactive-dev-session=false "${vars[@]}" &
dev=$!
trap 'kill "$dev" 2>/dev/null || true' EXIT INT TERM

url="http://localhost:$PORT"
for _ in $(seq 1 120); do
  if node -e "fetch('$url/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"; then break; fi
  if ! kill -0 "$dev" 2>/dev/null; then echo "regatta: wrangler dev exited" >&2; exit 1; fi
  sleep 0.5
done

REGATTA_URL="$url" REGATTA_TOKEN="$TOKEN" REGATTA_PROVIDER="$PROVIDER" SIM_SPEED="$SPEED" \
  REGATTA_DEMO="$DEMO" tsx scripts/demo/seed.ts

cat <<MSG

  Regatta control plane: $url   (API docs: $url/docs, OpenAPI: $url/openapi.json)
  Admin token:           $TOKEN
  Provider:              $PROVIDER$([ "$PROVIDER" = sim ] && echo " (virtual clock x$SPEED)")
  Demo inventory:        $DEMO

  Try: curl -H "Authorization: Bearer $TOKEN" $url/v1/fleets

MSG
wait "$dev"
