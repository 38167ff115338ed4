#!/usr/bin/env bash
# fuzz.sh — runs every fuzz target of fuzz/ (see docs/FUZZING.md) for SECONDS each.
#
# Usage: scripts/fuzz.sh [SECONDS] [TARGET...]   (default 60 seconds, every target)
#
# Each target first fuzzes for SECONDS, starting from its committed seeds
# (fuzz/corpus/<target>/, only read) and what earlier runs found (fuzz/target/corpus/<target>/,
# where new inputs go); then every committed seed is replayed once (-runs=0). AddressSanitizer
# and debug assertions are on; leak detection is libFuzzer's default (on).
#
# Needs cargo-fuzz (`cargo install --locked cargo-fuzz`) and a Rust compiler; a stable one
# will do: RUSTC_BOOTSTRAP=1 lets it take the -Z flags the sanitizers need.
#
# Exits non-zero if any target crashed, timed out, leaked or ran out of memory; the input
# that did is in fuzz/artifacts/<target>/, to replay with
# `RUSTC_BOOTSTRAP=1 cargo fuzz run <target> fuzz/artifacts/<target>/<file>` in fuzz/.
# One line per target in fuzz/target/fuzz-summary.txt: executions, seconds, coverage.

set -euo pipefail

SECONDS_EACH=${1:-60}
shift || true
FUZZ_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/../fuzz" && pwd)"
cd "$FUZZ_DIR"
export RUSTC_BOOTSTRAP=1

# Per input: a hang is a bug (every reader is bounded), and so is a huge allocation.
LIBFUZZER_FLAGS=(-timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=1024 -print_final_stats=1)

if [[ $# -gt 0 ]]; then
    targets=("$@")
else
    mapfile -t targets < <(cargo fuzz list)
fi

echo "fuzz: building ${#targets[*]} targets (AddressSanitizer, debug assertions)"
cargo fuzz build --debug-assertions

mkdir -p target/corpus target/logs
summary=target/fuzz-summary.txt
: >"$summary"
failed=()
for target in "${targets[@]}"; do
    seeds="corpus/$target"
    found="target/corpus/$target"
    log="target/logs/$target.log"
    mkdir -p "$seeds" "$found"
    echo "fuzz: $target for ${SECONDS_EACH} s (log: fuzz/$log)"
    if ! cargo fuzz run --debug-assertions "$target" "$found" "$seeds" -- \
        "${LIBFUZZER_FLAGS[@]}" -max_total_time="$SECONDS_EACH" >"$log" 2>&1; then
        tail -n 30 "$log" >&2
        failed+=("$target")
        continue
    fi
    # The last status line: `#N DONE cov: E ft: F corp: C/S ...`; then the final stats.
    executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    coverage=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1 | cut -d' ' -f2)
    features=$(grep -o 'ft: [0-9]*' "$log" | tail -n 1 | cut -d' ' -f2)
    corpus=$(ls "$found" | wc -l)
    printf '%-14s executions %-10s seconds %-5s cov %-6s ft %-6s found-corpus %s\n' \
        "$target" "$executions" "$SECONDS_EACH" "$coverage" "$features" "$corpus" | tee -a "$summary"
    echo "fuzz: $target: replaying $(ls "$seeds" | wc -l) committed seeds"
    if ! cargo fuzz run --debug-assertions "$target" "$seeds" -- \
        "${LIBFUZZER_FLAGS[@]}" -runs=0 >"$log.replay" 2>&1; then
        tail -n 30 "$log.replay" >&2
        failed+=("$target (replay)")
    fi
done

if [[ ${#failed[@]} -gt 0 ]]; then
    echo "fuzz: FAILED: ${failed[*]}" >&2
    exit 1
fi
echo "fuzz: ${#targets[*]} targets passed, 0 failed"
