#!/usr/bin/env bash
# train-evaluation.sh — makes the learned evaluation again, from nothing but seeds:
#
#   1. the minimax bot plays itself: TRAIN_GAMES games from seed TRAIN_SEED and
#      HELD_OUT_GAMES others from HELD_OUT_SEED (`tablic match --save-records`);
#   2. `tablic dataset` turns every deal end of those games into a row: each seat's margin
#      over the rest of the game and the evaluation's features there;
#   3. scripts/train_evaluation.py fits the weights (ridge regression, numpy pinned below,
#      in a virtual environment of its own), measures them on the held-out games, and
#      writes core/src/bots/evaluation/weights.rs and core/tests/data/evaluation-vectors.txt.
#
# Usage: scripts/train-evaluation.sh           (the committed weights: about 10 minutes on
#                                               two cores)
#        scripts/train-evaluation.sh --smoke   (a few games, outputs in a temporary folder:
#                                               the pipeline works; the test command runs it)
#
# The same seeds give the same games, rows and weights on any machine (the games are
# deterministic; numpy's least squares is deterministic for one build of it).

set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

NUMPY_VERSION=2.4.6
PLAYERS=minimax,minimax
TRAIN_SEED=1801
HELD_OUT_SEED=1802
TRAIN_GAMES=20000
HELD_OUT_GAMES=4000
THREADS=2
WEIGHTS=core/src/bots/evaluation/weights.rs
VECTORS=core/tests/data/evaluation-vectors.txt

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [[ ${1:-} == --smoke ]]; then
    TRAIN_GAMES=60
    HELD_OUT_GAMES=30
    WEIGHTS=$work/weights.rs
    VECTORS=$work/evaluation-vectors.txt
elif [[ $# -gt 0 ]]; then
    echo "usage: scripts/train-evaluation.sh [--smoke]" >&2
    exit 2
fi

cargo build --quiet --release -p tablic-cli
tablic="${CARGO_TARGET_DIR:-$ROOT/target}/release/tablic"

venv="${CARGO_TARGET_DIR:-$ROOT/target}/training-venv"
if [[ "$("$venv/bin/python" -c 'import numpy; print(numpy.__version__)' 2>/dev/null)" != "$NUMPY_VERSION" ]]; then
    python3 -m venv --clear "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check "numpy==$NUMPY_VERSION"
fi

for part in train held-out; do
    if [[ $part == train ]]; then seed=$TRAIN_SEED games=$TRAIN_GAMES; else seed=$HELD_OUT_SEED games=$HELD_OUT_GAMES; fi
    "$tablic" match --players "$PLAYERS" --games "$games" --seed "$seed" --threads "$THREADS" \
        --save-records "$work/$part" >/dev/null
    "$tablic" dataset --with-states "$work/$part" >"$work/$part.txt"
done

provenance="Data: \`tablic match --players $PLAYERS --games $TRAIN_GAMES --seed $TRAIN_SEED --save-records\`
(held out: $HELD_OUT_GAMES games, seed $HELD_OUT_SEED), rows by \`tablic dataset\`; tablic $(git rev-parse --short HEAD)."
"$venv/bin/python" scripts/train_evaluation.py --train "$work/train.txt" \
    --held-out "$work/held-out.txt" --out "$WEIGHTS" --vectors "$VECTORS" --provenance "$provenance"
echo "wrote $WEIGHTS and $VECTORS"
