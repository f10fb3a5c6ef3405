#!/usr/bin/env bash
# npm run depcheck: the one-way dependency rules (.dependency-cruiser.cjs) over every workspace's
# sources; a violation not in .dependency-cruiser-known-violations.json fails it.
# npm run depcheck -- --baseline: rewrites that list (only ever to remove entries, in review).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/setup.sh
ensure_node_modules
ensure_depcheck_tool
SOURCES=(contracts/src domain/src platform/src dms/src read-models/src command-api/src query-api/src projector/src workers/src web/src launcher/src)
KNOWN=.dependency-cruiser-known-violations.json
if [ "${1:-}" = "--baseline" ]; then
  tools/depcheck/node_modules/.bin/depcruise-baseline "${SOURCES[@]}" --config .dependency-cruiser.cjs --output-to "$KNOWN"
  exit 0
fi
tools/depcheck/node_modules/.bin/depcruise "${SOURCES[@]}" --config .dependency-cruiser.cjs --ignore-known "$KNOWN" --output-type err
