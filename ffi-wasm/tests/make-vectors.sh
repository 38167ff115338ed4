#!/usr/bin/env bash
# ffi-wasm/tests/make-vectors.sh: the native games the package must play again, move for
# move (tests/vectors/<name>/g*.txt, committed). Rerun it only when the engine's play is
# meant to change, and look at the difference:
#
#   ffi-wasm/tests/make-vectors.sh
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(dirname "$(dirname "$HERE")")
tablic() { (cd "$ROOT" && cargo run --quiet --release -p tablic-cli -- "$@"); }

vectors() {
    local name=$1
    shift
    rm -rf "$HERE/vectors/$name"
    tablic match "$@" --save-records "$HERE/vectors/$name" >/dev/null
}

vectors greedy-minimax --players greedy,minimax:depth=2 --games 3 --seed 7
vectors three-random-greedy-pimc --players random,greedy,pimc:samples=6 --games 2 --seed 11
vectors pairs-last-player --players greedy,minimax,greedy,random --pairs \
    --leftovers last-player --games 2 --seed 5
vectors best-greedy --players best,greedy --games 1 --seed 3

# A hand's moves on a table, best first (api.test.mjs deals them with Game.fromDeck).
tablic rank --hand "5S 6C 8H KC 10D AS" --table "AD 2C 3D 5H" >"$HERE/rank.txt"

# A match's statistics (matches.test.mjs compares the deterministic ones).
tablic match --players greedy,minimax:depth=1,random --games 40 --seed 21 --json >"$HERE/match.json"

# Positions of a saved game and tablic's analysis of each (analysis.test.mjs): a seat's
# view over the PIMC bot's worlds, and one with everything known, solved exactly.
game="$HERE/vectors/greedy-minimax/g000000-r0.txt"
{
    tablic position "$game" --ply 31 --seat 0
    tablic position "$game" --ply 45 --all
    tablic position "$game" --ply 41 --all
} >"$HERE/positions.txt"
tablic analyze --jsonl --bot pimc:samples=16 --seed 5 <"$HERE/positions.txt" >"$HERE/analysis.jsonl"
