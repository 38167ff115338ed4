#!/usr/bin/env bash
# train-move-model.sh — makes the move model again, from nothing but seeds:
#
#   1. the minimax bot plays itself: TRAIN_GAMES games from seed TRAIN_SEED and
#      HELD_OUT_GAMES others from HELD_OUT_SEED (`tablic match --save-records`);
#   2. `tablic dataset --moves` turns every move of those games into rows: each choice the
#      mover's hand allowed, with the move model's features, the move made marked;
#   3. scripts/train_move_model.py fits the weights (conditional logit by Newton's method,
#      numpy pinned in scripts/training-setup.sh, in a virtual environment of its own),
#      measures them on the held-out games, and writes core/src/bots/move_model/weights.rs
#      and core/tests/data/move-model-vectors.txt.
#
# Usage: scripts/train-move-model.sh           (the committed weights: about 6 minutes on
#                                               two cores)
#        scripts/train-move-model.sh --smoke   (a few games, outputs in a temporary folder:
#                                               the pipeline works; the test command runs it)
#
# The same seeds give the same games, rows and weights on any machine (the games are
# deterministic; numpy's linear algebra is deterministic for one build of it).

set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

PLAYERS=minimax,minimax
TRAIN_SEED=1811
HELD_OUT_SEED=1812
TRAIN_GAMES=4000
HELD_OUT_GAMES=1000
SMOKE_TRAIN_GAMES=40
SMOKE_HELD_OUT_GAMES=20
DATASET_FLAGS=(--moves)
TRAINER=scripts/train_move_model.py
WEIGHTS=core/src/bots/move_model/weights.rs
VECTORS=core/tests/data/move-model-vectors.txt

# shellcheck source=scripts/training.sh
source scripts/training.sh
train "$@"
