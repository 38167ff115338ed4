#!/usr/bin/env bash
# train-evaluation.sh — makes the learned evaluation again, from nothing but seeds:
#
#   1. the minimax bot plays itself: TRAIN_GAMES games from seed TRAIN_SEED and
#      HELD_OUT_GAMES others from HELD_OUT_SEED (`tablic match --save-records`);
#   2. `tablic dataset` turns every deal end of those games into a row: each seat's margin
#      over the rest of the game and the evaluation's features there;
#   3. scripts/train_evaluation.py fits the weights (ridge regression, numpy pinned in
#      scripts/training.sh, in a virtual environment of its own), measures them on
#      the held-out games, and writes core/src/bots/evaluation/weights.rs and
#      core/tests/data/evaluation-vectors.txt.
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

PLAYERS=minimax,minimax
TRAIN_SEED=1801
HELD_OUT_SEED=1802
TRAIN_GAMES=20000
HELD_OUT_GAMES=4000
SMOKE_TRAIN_GAMES=60
SMOKE_HELD_OUT_GAMES=30
DATASET_FLAGS=()
TRAINER=scripts/train_evaluation.py
WEIGHTS=core/src/bots/evaluation/weights.rs
VECTORS=core/tests/data/evaluation-vectors.txt

# shellcheck source=scripts/training.sh
source scripts/training.sh
train "$@"
