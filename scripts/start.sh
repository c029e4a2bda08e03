#!/usr/bin/env bash
# `npm start`: brings the toolchain, applies the D1 migrations locally, starts the control
# plane with `wrangler dev` (whose `[build]` builds the dashboard and the API reference, and
# rebuilds the dashboard when its source changes), seeds the demo inventory and prints the
# URL and admin token. The provider is sim unless REGATTA_PROVIDER says otherwise: the
# deployed configuration names none (SEC-12).
# Honours PORT, REGATTA_ADMIN_TOKEN, REGATTA_PROVIDER, SIM_SPEED, REGATTA_DEMO (API.md) and,
# through env.sh, REGATTA_TRACES (wrangler's local trace store, off unless `on`).
# With REGATTA_PROVIDER=webhook it also starts the reference executor (workers/executor)
# on PORT+1, wired to the control plane with a generated secret, unless an executor of
# your own is given: REGATTA_WEBHOOK_URL and REGATTA_WEBHOOK_SECRET (or WEBHOOK_URL and
# WEBHOOK_SECRET, in the environment or .dev.vars).
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
# 32 random bytes: the floor a deployment enforces for its secrets (SEC-9, docs/security.md).
random_secret() { node -e 'process.stdout.write(require("node:crypto").randomBytes(32).toString("base64url"))'; }
EXECUTOR=none
if [ "$PROVIDER" = webhook ]; then
  if [ -n "${REGATTA_WEBHOOK_URL:-}${REGATTA_WEBHOOK_SECRET:-}" ]; then
    if [ -z "${REGATTA_WEBHOOK_URL:-}" ] || [ -z "${REGATTA_WEBHOOK_SECRET:-}" ]; then
      echo "regatta: REGATTA_WEBHOOK_URL and REGATTA_WEBHOOK_SECRET go together (your executor's URL and its secret)" >&2
      exit 1
    fi
    WEBHOOK_URL="$REGATTA_WEBHOOK_URL" WEBHOOK_SECRET="$REGATTA_WEBHOOK_SECRET"
    EXECUTOR=yours
  elif dev_var WEBHOOK_URL && dev_var WEBHOOK_SECRET; then
    EXECUTOR=yours
  elif dev_var WEBHOOK_URL || dev_var WEBHOOK_SECRET; then
    echo "regatta: REGATTA_PROVIDER=webhook needs WEBHOOK_URL and WEBHOOK_SECRET" >&2
    exit 1
  else
    # Nothing of yours: the reference executor, on the next port, with a fresh secret.
    EXECUTOR=reference
    EXECUTOR_PORT="${REGATTA_EXECUTOR_PORT:-$((PORT + 1))}"
    WEBHOOK_URL="http://localhost:$EXECUTOR_PORT/commands"
    WEBHOOK_SECRET="$(random_secret)"
  fi
fi
TOKEN="${REGATTA_ADMIN_TOKEN:-rgt_admin_$(random_secret)}"

echo "regatta: applying D1 migrations (local)"
wrangler d1 migrations apply regatta-inventory --local >/dev/null
# A state made on the other provider's clock (the sim's virtual one runs weeks ahead)
# shows soaks and windows computed from timestamps far off: say so before starting.
tsx scripts/local-state/check-clock.ts "$PROVIDER"

# Notifications (docs/notifications.md): local development may subscribe loopback URLs.
# Subscription secrets are sealed with NOTIFICATIONS_KEY; unless one is given, a key made
# once and kept beside the local D1 state, so subscriptions still work after a restart.
# The file holds a key ring (newest first): a key made before keys were 32 bytes stays
# behind a new one, so what it sealed still opens and is re-sealed on its next delivery.
key_file=.wrangler/regatta-notifications-key
if [ -z "${NOTIFICATIONS_KEY:-}" ] && ! dev_var NOTIFICATIONS_KEY; then
  mkdir -p .wrangler
  if [ ! -s "$key_file" ]; then
    random_secret >"$key_file"
  elif [ "$(head -c 43 "$key_file" | wc -c)" -lt 43 ]; then
    printf '%s %s' "$(random_secret)" "$(cat "$key_file")" >"$key_file"
  fi
  chmod 600 "$key_file"
  NOTIFICATIONS_KEY="$(cat "$key_file")"
fi
# Secrets reach wrangler in a private env file, never on its command line (where `ps`
# shows them to every user of the machine). wrangler reads .dev.vars only when no env file
# is given, so yours is copied in after ours: your values win, as before.
secrets_dir="$(mktemp -d)"
chmod 700 "$secrets_dir"
trap 'rm -rf "$secrets_dir"' EXIT
env_line() {
  case "$2" in
    *\"* | *\\* | *$'\n'*) echo "regatta: $1 must not contain quotes, backslashes or newlines" >&2; exit 1 ;;
  esac
  printf '%s="%s"\n' "$1" "$2"
}
{
  env_line REGATTA_ADMIN_TOKEN "$TOKEN"
  for name in WEBHOOK_URL WEBHOOK_SECRET NOTIFICATIONS_KEY; do
    if [ -n "${!name:-}" ]; then env_line "$name" "${!name}"; fi
  done
  if [ -f .dev.vars ]; then cat .dev.vars; echo; fi
} >"$secrets_dir/control-plane.env"
# A deployment refuses secrets weaker than 32 random bytes (SEC-9); local development
# allows yours and says which ones a deployment would refuse.
REGATTA_ADMIN_TOKEN="$TOKEN" WEBHOOK_SECRET="${WEBHOOK_SECRET:-}" NOTIFICATIONS_KEY="${NOTIFICATIONS_KEY:-}" \
  tsx scripts/local-state/weak-secrets.ts
vars=(--var "REGATTA_PROVIDER:$PROVIDER" --var "SIM_SPEED:$SPEED" --var "NOTIFICATIONS_ALLOW_LOOPBACK:on"
  --var "REGATTA_WEAK_SECRETS:allow")
wrangler dev --ip 127.0.0.1 --port "$PORT" --show-interactive-dev-session=false \
  --env-file "$secrets_dir/control-plane.env" "${vars[@]}" &
dev=$!
pids=("$dev")
trap 'kill "${pids[@]}" 2>/dev/null || true; rm -rf "$secrets_dir"' EXIT INT TERM

url="http://localhost:$PORT"
# Waits for a worker's /healthz (up to a minute), or for its wrangler dev to exit.
await_health() {
  for _ in $(seq 1 120); do
    if node -e "fetch('$1/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"; then return 0; fi
    if ! kill -0 "$2" 2>/dev/null; then echo "regatta: wrangler dev for $1 exited" >&2; exit 1; fi
    sleep 0.5
  done
  echo "regatta: $1 did not answer /healthz within a minute" >&2
  exit 1
}

await_health "$url" "$dev"
if [ "$EXECUTOR" = reference ]; then
  # Its own wrangler.toml and local state; it reports back to the control plane's port.
  # Started once the control plane listens, so each wrangler finds its own free inspector port.
  env_line WEBHOOK_SECRET "$WEBHOOK_SECRET" >"$secrets_dir/executor.env"
  wrangler dev --config workers/executor/wrangler.toml --ip 127.0.0.1 --port "$EXECUTOR_PORT" \
    --show-interactive-dev-session=false \
    --var "CONTROL_PLANE_URL:$url" --env-file "$secrets_dir/executor.env" &
  pids+=("$!")
  await_health "http://localhost:$EXECUTOR_PORT" "$!"
fi

REGATTA_URL="$url" REGATTA_TOKEN="$TOKEN" REGATTA_PROVIDER="$PROVIDER" SIM_SPEED="$SPEED" \
  REGATTA_DEMO="$DEMO" tsx scripts/demo/seed.ts

cat <<MSG

  Regatta control plane: $url   (API docs: $url/docs, OpenAPI: $url/openapi.json)
  Dashboard:             $url/#token=$TOKEN
  Admin token:           $TOKEN
  Provider:              $PROVIDER$([ "$PROVIDER" = sim ] && echo " (virtual clock x$SPEED)")
$(case "$EXECUTOR" in
  reference) echo "  Executor:              http://localhost:$EXECUTOR_PORT (reference executor, docs/executor.md; status: /status)" ;;
  yours) echo "  Executor:              yours, at $WEBHOOK_URL" ;;
esac)
  Demo inventory:        $DEMO

  Try: curl -H "Authorization: Bearer $TOKEN" $url/v1/fleets

MSG
# Either worker stopping stops both.
wait -n "${pids[@]}"
