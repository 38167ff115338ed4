# training.sh — sourced by the training scripts (train-evaluation.sh, train-move-model.sh),
# which set what to train and from which games, then call `train "$@"`:
#
#   PLAYERS, TRAIN_SEED, TRAIN_GAMES, HELD_OUT_SEED, HELD_OUT_GAMES   the self-play games
#   SMOKE_TRAIN_GAMES, SMOKE_HELD_OUT_GAMES                          their number with --smoke
#   DATASET_FLAGS      what `tablic dataset` is given besides the records (an array)
#   TRAINER            the Python script that fits the weights
#   WEIGHTS, VECTORS   the files it writes (with --smoke, in a temporary folder instead)
#
# `train` builds the `tablic` command and a virtual environment of its own with numpy
# pinned, plays the games (`tablic match --save-records`), turns them into rows (`tablic
# dataset`), and runs the trainer on them with where they came from.

NUMPY_VERSION=2.4.6
THREADS=2

train() {
    local script
    script="scripts/$(basename "$0")"
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    if [[ ${1:-} == --smoke ]]; then
        TRAIN_GAMES=$SMOKE_TRAIN_GAMES
        HELD_OUT_GAMES=$SMOKE_HELD_OUT_GAMES
        WEIGHTS=$work/$(basename "$WEIGHTS")
        VECTORS=$work/$(basename "$VECTORS")
    elif [[ $# -gt 0 ]]; then
        echo "usage: $script [--smoke]" >&2
        exit 2
    fi

    cargo build --quiet --release -p tablic-cli
    local tablic="${CARGO_TARGET_DIR:-$ROOT/target}/release/tablic"
    local venv="${CARGO_TARGET_DIR:-$ROOT/target}/training-venv"
    if [[ "$("$venv/bin/python" -c 'import numpy; print(numpy.__version__)' 2>/dev/null)" != "$NUMPY_VERSION" ]]; then
        python3 -m venv --clear "$venv"
        "$venv/bin/pip" install --quiet --disable-pip-version-check "numpy==$NUMPY_VERSION"
    fi

    local part seed games
    for part in train held-out; do
        if [[ $part == train ]]; then seed=$TRAIN_SEED games=$TRAIN_GAMES; else seed=$HELD_OUT_SEED games=$HELD_OUT_GAMES; fi
        "$tablic" match --players "$PLAYERS" --games "$games" --seed "$seed" --threads "$THREADS" \
            --save-records "$work/$part" >/dev/null
        "$tablic" dataset "${DATASET_FLAGS[@]}" --with-states "$work/$part" >"$work/$part.txt"
    done

    local provenance="Data: \`tablic match --players $PLAYERS --games $TRAIN_GAMES --seed $TRAIN_SEED --save-records\`
(held out: $HELD_OUT_GAMES games, seed $HELD_OUT_SEED), rows by \`tablic dataset${DATASET_FLAGS[*]:+ ${DATASET_FLAGS[*]}}\`; tablic $(git rev-parse --short HEAD)."
    "$venv/bin/python" "$TRAINER" --train "$work/train.txt" \
        --held-out "$work/held-out.txt" --out "$WEIGHTS" --vectors "$VECTORS" --provenance "$provenance"
    echo "wrote $WEIGHTS and $VECTORS"
}
