#!/usr/bin/env bash
# ffi-wasm/test.sh: build the npm package (build.sh, which installs what it lacks) and run
# its tests in Node: the native engine's games and matches to a target move for move, cards,
# games, bots, the bot worker (tablic/worker, in a worker thread), every error's message,
# and the README's examples and typed.mts under tsc --strict.
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
