#!/usr/bin/env bash
# The conformance gate as a plain shell recipe: the same steps as the GitHub Actions workflow of the ems-conformance
# repository (.github/workflows/conformance.yml), for any CI. Copy it into your project and call it from your pipeline:
#
#   EMS_BASE_URL=https://staging.example.net/v1 EMS_TOKEN=... bash pipeline.sh [extra run flags, e.g. --grep auth]
#
# Inputs (environment): EMS_BASE_URL and EMS_TOKEN (required; EMS_TOKEN_NO_GROUPS, EMS_TOKEN_NO_IMPORT,
# EMS_TOKEN_APP, EMS_ALLOW_WRITES and every other EMS_* variable of `ems-conformance run --help` are passed through
# as they are); EMS_PACKAGE: what to install (default: the one ems-conformance-*.tgz in the working directory, as
# `npm pack` writes it; a tarball path or URL, or a registry spec such as @your-scope/ems-conformance@0.1.0);
# EMS_SHARDS: how many shards run side by side (default 2); EMS_PIPELINE_DIR: its working folder (default
# ./ems-conformance-run).
# Everything it writes, and everything it removes, is inside that working folder: the package is installed there
# (never into your project's node_modules), and each run starts by emptying it.
# Output: EMS_PIPELINE_DIR/reports/ (conformance.json, conformance.html, junit.xml) merged over the shards.
# Exit: the merged run's code (0 no failing rule, 1 failing rules, 3 partial, 4 harness error); 2 when a shard
# found the configuration or the target unusable, or a token leaked into the reports. On SIGINT or SIGTERM it
# stops its shards (each writes the report of what it judged) and exits 130 or 143.
set -euo pipefail

: "${EMS_BASE_URL:?set EMS_BASE_URL to the API under test, with its version segment (https://host/v1)}"
: "${EMS_TOKEN:?set EMS_TOKEN (a secret of your CI, never a file in the repository)}"
shards="${EMS_SHARDS:-2}"
dir="${EMS_PIPELINE_DIR:-ems-conformance-run}"
case "$shards" in '' | *[!0-9]* | 0) echo "pipeline: EMS_SHARDS=$shards: give a whole number greater than 0" >&2; exit 2 ;; esac
case "$dir" in '' | / | . | .. | ~) echo "pipeline: EMS_PIPELINE_DIR=$dir: give a folder of its own" >&2; exit 2 ;; esac

# What to install: EMS_PACKAGE, else the one tarball `npm pack` left in the working directory.
package="${EMS_PACKAGE:-}"
if [ -z "$package" ]; then
  tarballs=(ems-conformance-*.tgz)
  if [ ! -f "${tarballs[0]}" ] || [ "${#tarballs[@]}" -ne 1 ]; then
    echo "pipeline: set EMS_PACKAGE (a tarball made by npm pack, its URL, or a registry spec), or put one ems-conformance-*.tgz in $(pwd)" >&2
    exit 2
  fi
  package="${tarballs[0]}"
fi
# A local tarball by its full path: npm installs from the working folder.
if [ -f "$package" ]; then package="$(cd "$(dirname "$package")" && pwd)/$(basename "$package")"; fi

# 1. The working folder, emptied (only what this recipe puts there), and the harness installed in it (its own
#    Playwright comes with it; it needs no browser).
rm -rf "${dir:?}/shards" "${dir:?}/blob-report" "${dir:?}/reports"
mkdir -p "$dir/shards"
[ -f "$dir/package.json" ] || echo '{ "private": true }' >"$dir/package.json"
npm i --prefix "$dir" --no-save --no-audit --no-fund "$package"
bin="$(cd "$dir" && pwd)/node_modules/.bin/ems-conformance"

# 2. The shards side by side, each with its own blob, report and scratch folders, so that no shard erases
#    another's. The command itself, not npx: a signal reaches it, and its exit code reaches `wait`.
pids=()
stop() {
  trap - INT TERM
  echo "pipeline: $1: stopping the shards" >&2
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  exit "$2"
}
trap 'stop SIGINT 130' INT
trap 'stop SIGTERM 143' TERM
for i in $(seq 1 "$shards"); do
  EMS_BLOB_DIR="$dir/shards/$i/blob-report" EMS_REPORT_DIR="$dir/shards/$i/reports" EMS_TEST_RESULTS_DIR="$dir/shards/$i/test-results" \
    "$bin" run --shard "$i/$shards" "$@" >"$dir/shards/$i.log" 2>&1 &
  pids+=($!)
done
worst=0
for i in $(seq 1 "$shards"); do
  code=0
  wait "${pids[$((i - 1))]}" || code=$?
  echo "shard $i/$shards exited $code (log: $dir/shards/$i.log)"
  if [ "$code" -eq 2 ]; then worst=2; fi
done
trap - INT TERM
if [ "$worst" -eq 2 ]; then
  cat "$dir"/shards/*.log >&2
  exit 2
fi
# 3. Merge the shards' blobs into one run: its summary (with a line on the rules skipped when writes are not
#    allowed), its reports in $dir/reports, its exit code.
mkdir -p "$dir/blob-report"
cp -r "$dir"/shards/*/blob-report/* "$dir/blob-report/"
code=0
EMS_REPORT_DIR="$dir/reports" EMS_TEST_RESULTS_DIR="$dir/test-results" "$bin" merge "$dir/blob-report" || code=$?

# 4. No token may be in anything the run wrote (the reports are uploaded as artifacts next).
"$bin" scan-secrets "$dir/reports" "$dir/shards" || exit 2
exit "$code"
