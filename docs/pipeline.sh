#!/usr/bin/env bash
# The conformance gate as a plain shell recipe: the same steps as .github/workflows/conformance.yml, for any CI.
# Copy it into your project and call it from your pipeline:
#
#   EMS_BASE_URL=https://staging.example.net/v1 EMS_TOKEN=... bash pipeline.sh [extra run flags, e.g. --grep auth]
#
# Inputs (environment): EMS_BASE_URL and EMS_TOKEN (required; EMS_TOKEN_NO_GROUPS, EMS_TOKEN_NO_IMPORT,
# EMS_TOKEN_APP and every other EMS_* variable of `ems-conformance run --help` are passed through as they are);
# EMS_PACKAGE: what `npm i` installs (default ems-conformance; a tarball path or a registry spec also work);
# EMS_SHARDS: how many shards run side by side (default 2).
# Output: ./reports/ (conformance.json, conformance.html, junit.xml) merged over the shards.
# Exit: the merged run's code (0 no failing rule, 1 failing rules, 3 partial, 4 harness error); 2 when a
# shard found the configuration or the target unusable, or a token leaked into the reports.
set -euo pipefail

: "${EMS_BASE_URL:?set EMS_BASE_URL to the API under test, with its version segment (https://host/v1)}"
: "${EMS_TOKEN:?set EMS_TOKEN (a secret of your CI, never a file in the repository)}"
shards="${EMS_SHARDS:-2}"

# 1. Install the harness (its own Playwright comes with it; it needs no browser).
npm i --no-save --no-audit --no-fund "${EMS_PACKAGE:-ems-conformance}"

# 2. Run the shards side by side. Each keeps its own blob, report and scratch folders, so no shard erases another's.
rm -rf shards blob-report reports
mkdir -p shards
pids=()
for i in $(seq 1 "$shards"); do
  EMS_BLOB_DIR="shards/$i/blob-report" EMS_REPORT_DIR="shards/$i/reports" EMS_TEST_RESULTS_DIR="shards/$i/test-results" \
    npx ems-conformance run --shard "$i/$shards" "$@" >"shards/$i.log" 2>&1 &
  pids+=($!)
done
worst=0
for i in $(seq 1 "$shards"); do
  code=0
  wait "${pids[$((i - 1))]}" || code=$?
  echo "shard $i/$shards exited $code (log: shards/$i.log)"
  if [ "$code" -eq 2 ]; then worst=2; fi
done
if [ "$worst" -eq 2 ]; then
  cat shards/*.log >&2
  exit 2
fi

# 3. Merge the shards' blobs into one run: its summary, its reports in ./reports, its exit code.
mkdir -p blob-report
cp -r shards/*/blob-report/* blob-report/
code=0
npx ems-conformance merge blob-report || code=$?

# 4. No token may be in anything the run wrote (the reports are uploaded as artifacts next).
npx ems-conformance scan-secrets reports shards || exit 2
exit "$code"
