#!/usr/bin/env bash
# npm start: set up a fresh machine and run the whole product on http://localhost:${PORT:-3000}.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/setup.sh
ensure_node_modules
if [[ "${DATABASE_URL:-}" == "" ]]; then ensure_postgres; fi
if [[ "${REDIS_URL:-}" == "" ]]; then ensure_redis; fi
build_web
say "migrating and loading demo data (demo mode only)"
npx tsx launcher/src/cli/prepare.ts
say "starting on http://localhost:${PORT:-3000}"
exec npx tsx launcher/src/server.ts
