#!/usr/bin/env bash
# npm run depcheck: the one-way dependency rules (.dependency-cruiser.cjs) over every workspace's
# sources; a violation not in .dependency-cruiser-known-violations.json fails it. Also fails when a
# production file outside read-models/ names an rm_ table, a route file holds SQL, or an aggregate is
# folded outside domain/.
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

# Three rules dependency-cruiser cannot see (docs/decisions/0072, 0080), a grep each:
# (a) only read-models names an rm_ table (rm_ at the start of a name: form_drafts is not one): no production file elsewhere does (tests and testing/
#     helpers may, to set up or inspect tables; comment lines may, to point a reader at one);
# (b) route files hold a schema and a call: no SQL (a sql`/tx` template or .unsafe()) in */src/routes/;
# (c) every fold of an aggregate is the domain's: outside domain/ no production file defines an evolve
#     (`evolve: (`, `function evolveX`, `const evolveX =`) or reduces events with one by hand
#     (`.reduce(evolveX` / `.reduce(x.evolve`); a stream is folded with platform's load() (read + fold)
#     or domain's foldEvents() / foldX(). platform/src/command-handling.ts, where load() and the append
#     fold, is the one exception. Read models fold events into their own rows (read-models/*/projection.ts,
#     customer-fold.ts): that is a projection, not an evolve, and imports the domain's fold where it
#     keeps the aggregate's state (docs/decisions/0080).
failed=0
rm_named=$(grep -rnE --include='*.ts' --include='*.tsx' '(^|[^A-Za-z0-9_])rm_[a-z]' "${SOURCES[@]}" \
  | grep -vE '^[^:]+:[0-9]+:[[:space:]]*(\*|//|/\*)' | cut -d: -f1 | sort -u \
  | grep -vE '^read-models/|\.test\.tsx?$|/testing/' || true)
if [ -n "$rm_named" ]; then
  echo "✘ only read-models/ may name an rm_ table; call one of its queries instead:" >&2
  echo "$rm_named" | sed 's/^/    /' >&2
  failed=1
fi
routes_sql=$(find "${SOURCES[@]}" -path '*/src/routes/*' \( -name '*.ts' -o -name '*.tsx' \) ! -name '*.test.ts' ! -name '*.test.tsx' -print0 \
  | xargs -0 -r grep -lE '\b(sql|tx)(<[^`]*)?`|\.unsafe\(' | sort || true)
if [ -n "$routes_sql" ]; then
  echo "✘ route files hold a schema and a call, no SQL; move it to a read-models query or a module of the service:" >&2
  echo "$routes_sql" | sed 's/^/    /' >&2
  failed=1
fi
folds=$(grep -rnE --include='*.ts' --include='*.tsx' '(^|[^A-Za-z0-9_.])evolve: *\(|function evolve[A-Z]|(const|let) evolve[A-Z][A-Za-z0-9_]* *=|\.reduce(<[^>]*>)?\( *[A-Za-z0-9_.]*([.]evolve|\bevolve[A-Z])' "${SOURCES[@]}" \
  | grep -vE '^[^:]+:[0-9]+:[[:space:]]*(\*|//|/\*)' | cut -d: -f1 | sort -u \
  | grep -vE '^domain/|^platform/src/command-handling\.ts$|\.test\.tsx?$|/testing/' || true)
if [ -n "$folds" ]; then
  echo "✘ an aggregate is folded outside domain/; put its evolve in its domain folder and fold with load() or foldEvents():" >&2
  echo "$folds" | sed 's/^/    /' >&2
  failed=1
fi
tools/depcheck/node_modules/.bin/depcruise "${SOURCES[@]}" --config .dependency-cruiser.cjs --ignore-known "$KNOWN" --output-type err || failed=1
exit "$failed"
