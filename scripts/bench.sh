#!/usr/bin/env bash
# npm run bench: every benchmark, printing figures and ratios (not timed tests).
#   1. event-store appends vs emmett-postgresql and pgbench (-M prepared), projection rebuild rate,
#      the slow 'any' append path with conflicts, appends while the projector and reactor run (bench/run.ts)
#   2. customer search over 1M customers / 3M ROs through the HTTP API vs a naive ILIKE scan (bench/search)
#   3. importing 100,000 ROs (bench/import)
#   4. the web client's first-load JavaScript + CSS (gzip) of the sign-in and sales pages, in Chromium (bench/bundle.ts)
#   5. coupon redemption vs customer create over HTTP (8 clients) and 20 concurrent redemptions of one coupon (bench/redemptions.ts)
#   6. the eight reports (one month, all of 20 locations, 300,000 sales / 1,000,000 redemptions) and a 100,000-row CSV export vs customer search (bench/reports.ts)
#   7. the whole product under load: a busiest-hour mix of staff and customers over HTTP (sessions,
#      anti-forgery) by autocannon, the DMS importer beside, stepped up in users, vs a bare fastify INSERT (bench/load)
# Needs PostgreSQL (BENCH_DATABASE_SERVER, default postgres://postgres@127.0.0.1:5432), Redis for
# the reactor (BENCH_REDIS_URL, else REDIS_URL, default redis://127.0.0.1:6379) and pgbench
# (BENCH_PGBENCH, default /usr/bin/pgbench). Run on a quiet machine: other load skews every figure.
# Quick run: BENCH_SECONDS=3 BENCH_EVENTS=100000 BENCH_SEARCH_CUSTOMERS=100000 BENCH_SEARCH_ROS=300000 BENCH_IMPORT_ROS=10000 npm run bench
# One part only: BENCH_ONLY=events|search|import|bundle|redemptions|reports|load npm run bench; sections of events: BENCH_SECTIONS=abcde
set -euo pipefail
cd "$(dirname "$0")/.."

PGBENCH_BIN="${BENCH_PGBENCH:-/usr/bin/pgbench}"
if [[ ! -x "$PGBENCH_BIN" ]] && ! command -v "$PGBENCH_BIN" >/dev/null 2>&1; then
  echo "bench: pgbench not found at $PGBENCH_BIN (set BENCH_PGBENCH)" >&2
  exit 1
fi

only="${BENCH_ONLY:-all}"
if [[ "$only" == all || "$only" == events ]]; then node --import tsx bench/run.ts "$@"; fi
if [[ "$only" == all || "$only" == search ]]; then node --import tsx bench/search/run.ts; fi
if [[ "$only" == all || "$only" == import ]]; then node --import tsx bench/import/run.ts; fi
if [[ "$only" == all || "$only" == bundle ]]; then node --import tsx bench/bundle.ts; fi
if [[ "$only" == all || "$only" == redemptions ]]; then node --import tsx bench/redemptions.ts; fi
if [[ "$only" == all || "$only" == reports ]]; then node --import tsx bench/reports.ts; fi
if [[ "$only" == all || "$only" == load ]]; then node --import tsx bench/load/run.ts; fi
