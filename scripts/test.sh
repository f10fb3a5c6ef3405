#!/usr/bin/env bash
# npm test: the same set-up as npm start, then every suite (unit, integration, browser).
# Ends with one line "N passed, N failed" over all suites.
set -uo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/setup.sh
set -e
ensure_node_modules
ensure_postgres
ensure_redis
ensure_chromium
build_web
set +e
mkdir -p test-results
say "type-checking"
npx tsc -p tsconfig.json --noEmit
typecheck=$?

say "dependency rules"
bash scripts/depcheck.sh
depcheck=$?

say "unit and integration tests"
npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/unit.json
say "browser tests"
npx vitest run -c e2e/vitest.config.ts --reporter=default --reporter=json --outputFile.json=test-results/e2e.json

node -e '
const fs = require("fs");
let passed = 0, failed = 0, skipped = 0;
for (const f of ["test-results/unit.json", "test-results/e2e.json"]) {
  if (!fs.existsSync(f)) { failed += 1; console.error(`missing results: ${f}`); continue; }
  const r = JSON.parse(fs.readFileSync(f, "utf8"));
  passed += r.numPassedTests; failed += r.numFailedTests; skipped += r.numPendingTests + (r.numTodoTests || 0);
  if (r.numFailedTestSuites && r.numFailedTests === 0) failed += r.numFailedTestSuites;
}
if (Number(process.argv[1]) !== 0) { console.error("type-check failed"); failed += 1; }
if (Number(process.argv[2]) !== 0) { console.error("dependency rules failed (npm run depcheck)"); failed += 1; }
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed === 0 ? 0 : 1);
' "$typecheck" "$depcheck"
