#!/usr/bin/env bash
# ffi-wasm/test.sh: build the npm package (build.sh, which installs what it lacks) and run
# its tests in Node: the native engine's games and matches to a target move for move, cards,
# games, bots, the bot worker (tablic/worker, in a worker thread), every error's message,
# the packed tarball installed offline into a new project, where the README's examples run
# and typed.mts compiles under the README's tsconfig.json (tsc --strict, no DOM), and which
# Rust build.sh picks (wasm-rust.sh, with a stand-in rustup).
#
#   ffi-wasm/test.sh
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(dirname "$HERE")
OUT=${TABLIC_NPM_DIR:-$ROOT/target/npm/tablic}

"$HERE/build.sh"
# The tests import the built package by its name, as a user does.
ln -sfn "$OUT" "$HERE/node_modules/tablic"
cd "$HERE/tests"
node --test ./*.test.mjs
