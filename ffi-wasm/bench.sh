#!/usr/bin/env bash
# ffi-wasm/bench.sh: the figures of BENCHMARKS.md's WebAssembly section, in one run: the
# .wasm's size (raw from rustc, after wasm-bindgen, after wasm-opt -O3, gzipped), and
# greedy games per second natively (`tablic match`) and in Node, alternating, 3 rounds;
# then `best`'s time per move natively (the Python binding, python-binding.sh) and in Node
# on the same positions with the same seeds (bench-best.mjs: 20 games' positions, 3 rounds).
# Run ffi-wasm/build.sh first (same WASM_TOOLS / TABLIC_WASM_TARGET_DIR / TABLIC_NPM_DIR).
#
#   ffi-wasm/bench.sh [GAMES]
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(dirname "$HERE")
OUT=${TABLIC_NPM_DIR:-$ROOT/target/npm/tablic}
BINDGEN_VERSION=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print }' \
    "$ROOT/Cargo.lock")
TOOLS=${WASM_TOOLS:-${CARGO_HOME:-$HOME/.cargo}/tablic-tools/wasm-bindgen-$BINDGEN_VERSION}
WASM_TARGET_DIR=${TABLIC_WASM_TARGET_DIR:-$ROOT/target/wasm}
GAMES=${1:-20000}

raw="$WASM_TARGET_DIR/wasm32-unknown-unknown/release/tablic_wasm.wasm"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
"$TOOLS/bin/wasm-bindgen" --target web --out-dir "$scratch" --out-name tablic_wasm "$raw"
size() { stat -c %s "$1"; }
echo "size raw (rustc):            $(size "$raw") bytes"
echo "size after wasm-bindgen:     $(size "$scratch/tablic_wasm_bg.wasm") bytes"
echo "size after wasm-opt -O3:     $(size "$OUT/tablic_wasm_bg.wasm") bytes"
echo "size wasm-opt -O3, gzip -9:  $(gzip -9 -c "$OUT/tablic_wasm_bg.wasm" | wc -c) bytes"
echo "size tablic_wasm.js, gzip -9: $(gzip -9 -c "$OUT/tablic_wasm.js" | wc -c) bytes"

(cd "$ROOT" && cargo build --quiet --release -p tablic-cli)
tablic=${CARGO_TARGET_DIR:-$ROOT/target}/release/tablic
ln -sfn "$OUT" "$HERE/node_modules/tablic"
python=$("$HERE/python-binding.sh")
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
for round in 1 2 3; do
    native=$("$tablic" match --players greedy,greedy --games "$GAMES" --seed 1 --json)
    echo "round $round native: $(node -e 'const m = JSON.parse(process.argv[1]);
        console.log(JSON.stringify({games_per_s: Math.round(m.games_per_s),
            mean_points_bot0: m.bots[0].mean_points}))' "$native")"
    echo "round $round node:   $(cd "$HERE" && node bench.mjs "$GAMES")"
done
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "best per move: $(cd "$HERE" && node bench-best.mjs "$python" 20 3)"
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
