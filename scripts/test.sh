#!/usr/bin/env bash
# `npm test`: the whole check. Formatting and lint, type check, unit and API tests (SQLite and
# PostgreSQL), integration suites against real services, the console build with its size budget,
# and the browser tests in Chromium. Starts on loopback what it needs and stops what it started.
set -euo pipefail
cd "$(dirname "$0")/.."
# Everything runs here: no suite is left out (`npm run test:unit` is the quick subset).
unset TEST_SCOPE
source scripts/services.sh

started=$(date +%s)
step() { printf '\n=== %s (%ss)\n' "$1" "$(($(date +%s) - started))"; }

trap services_stop EXIT
trap 'exit 130' INT TERM

step 'format and lint (biome)'
npx biome ci .

step 'type check (sources and tests)'
npm run --silent typecheck

step 'services'
services_start

step 'unit, API and integration tests'
npx vitest run

step 'console build and size budget'
node scripts/build.mjs
node apps/web/scripts/check-size.mjs

step 'browser tests (Chromium)'
npx vitest run --config e2e/vitest.config.ts

step "all checks passed in $(($(date +%s) - started)) s"
