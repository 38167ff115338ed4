#!/usr/bin/env bash
# ffi-wasm/tests/make-vectors.sh: the native games the package must play again, move for
# move (tests/vectors/<name>/g*.txt), and matches to a target (tests/match-to-target/*.json,
# made with the Python binding by match_to_target.py), all committed. Rerun it only when
# the engine's play is meant to change, and look at the difference:
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

# Matches to a target played by bots with the Python binding (match-to-target.test.mjs plays
# them again).
python=$("$HERE/../python-binding.sh")
to_target() {
    local name=$1
    shift
    "$python" "$HERE/match_to_target.py" "$@" >"$HERE/match-to-target/$name.json"
}
mkdir -p "$HERE/match-to-target"
to_target pairs-101 4 2026 101 "side-size=2 leftovers=last-player" \
    greedy,pimc:samples=4,minimax:depth=2,random ana,,bo
to_target two-61 2 9 61 "final-tabla=no" ismcts:iterations=200,minimax:depth=3
to_target three-best-41 3 5 41 "" best,greedy,pimc:samples=8
