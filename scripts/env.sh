# Sourced by the other scripts: brings the repo's own Node 22 and pnpm (the machine may
# only have Node 20, and wrangler needs Node >= 22.12), installs the workspace, and puts
# both first on PATH. Safe to source repeatedly; a no-op once everything is in place.
set -euo pipefail
REGATTA_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
REGATTA_TOOLS="$REGATTA_ROOT/.tools"
NODE_PIN="22.23.3"
PNPM_PIN="10.34.9"

export WRANGLER_SEND_METRICS=false
export WRANGLER_HIDE_BANNER=true
# No lookups of Cloudflare hosts from local dev: only the npm registry is reachable.
export CLOUDFLARE_CF_FETCH_ENABLED=false
export NO_UPDATE_NOTIFIER=1
export NPM_CONFIG_UPDATE_NOTIFIER=false
export CLOUDFLARE_ACCOUNT_ID="${CLOUDFLARE_ACCOUNT_ID:-}"
# wrangler dev keeps a trace of every invocation in .wrangler/state/v3/observability
# unless X_LOCAL_OBSERVABILITY=false: under the sim at 3600× that grew 2.5 GB in an hour
# and its SQLite writes made the server slow (SQLITE_BUSY). Off unless asked for.
case "${REGATTA_TRACES:-off}" in
  on) export X_LOCAL_OBSERVABILITY=true ;;
  off) export X_LOCAL_OBSERVABILITY=false ;;
  *)
    echo "regatta: REGATTA_TRACES must be on or off, got $REGATTA_TRACES" >&2
    exit 1
    ;;
esac
export PATH="$REGATTA_ROOT/node_modules/.bin:$REGATTA_TOOLS/node_modules/.bin:$PATH"

if [ "$(node --version 2>/dev/null)" != "v$NODE_PIN" ] || [ "$(pnpm --version 2>/dev/null)" != "$PNPM_PIN" ]; then
  echo "regatta: installing Node $NODE_PIN and pnpm $PNPM_PIN into .tools/ (one time)" >&2
  mkdir -p "$REGATTA_TOOLS"
  [ -f "$REGATTA_TOOLS/package.json" ] || echo '{"private":true}' >"$REGATTA_TOOLS/package.json"
  (cd "$REGATTA_TOOLS" && npm install --no-audit --no-fund --loglevel=error "node@$NODE_PIN" "pnpm@$PNPM_PIN" >&2)
  hash -r
fi

# Install the workspace when node_modules is missing or older than the lockfile.
stamp="$REGATTA_ROOT/node_modules/.regatta-installed"
if [ ! -f "$stamp" ] || [ "$REGATTA_ROOT/pnpm-lock.yaml" -nt "$stamp" ] || [ "$REGATTA_ROOT/package.json" -nt "$stamp" ]; then
  echo "regatta: installing workspace dependencies" >&2
  (cd "$REGATTA_ROOT" && pnpm install --frozen-lockfile --reporter=append-only >&2)
  touch "$stamp"
fi
