"""Fits the move model's weights to rows of `tablic dataset --moves`, and writes them as Rust.

The model scores each choice a mover's hand allowed by a linear function of the sparse
features the core computes (the rows hold them as `index:value`), and takes a choice's
chance to be its softmax over the move's choices (conditional logit). The weights maximise
the likelihood of the moves made, with a small ridge, by Newton's method with numpy.

The core counts scores in 1/SCALE of a doubling of the odds (a softmax in base 2, integer
arithmetic), so the weights are written as round(weight * SCALE / ln 2): `weights.rs`, with
where they came from and their held-out figures, and a file of test vectors: held-out
choices with the integer score the core must give exactly.

Run by scripts/train-move-model.sh; `--help` for the arguments.
"""

from __future__ import annotations

import argparse
import math
import platform
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

SCALE = 16
"""Units of the core's move score to a doubling of the odds."""

RIDGES = (0.1, 1.0, 10.0, 100.0)
"""Ridge strengths tried; the one with the best likelihood on the last fifth of the
training moves (a validation split) is kept and refitted on all of them."""

NEWTON_STEPS = 30
"""Newton steps at most; the fit stops sooner once a step gains almost nothing."""

VECTORS = 64
"""Held-out choices written as test vectors."""

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]


@dataclass
class Moves:
    """Rows of `tablic dataset --moves`: each choice's features and whether it was made,
    grouped by move (`starts[k]` is the first row of move k)."""

    features: Floats
    chosen: Floats
    starts: Ints
    states: list[str]

    def __len__(self) -> int:
        return len(self.starts)

    def part(self, first: int, stop: int) -> Moves:
        """Moves first..stop."""
        begin = int(self.starts[first])
        end = int(self.starts[stop]) if stop < len(self.starts) else len(self.chosen)
        return Moves(
            self.features[begin:end],
            self.chosen[begin:end],
            self.starts[first:stop] - begin,
            self.states[begin:end],
        )


def read_moves(path: Path) -> tuple[Moves, int]:
    """The rows of `path`, and the feature count its header names."""
    features = 0
    rows: list[list[tuple[int, int]]] = []
    chosen: list[float] = []
    starts: list[int] = []
    states: list[str] = []
    last_move = None
    with path.open() as lines:
        for line in lines:
            if line.startswith("#"):
                if "features" in line and not features:
                    features = int(line.split(" of ")[1].split()[0])
                continue
            data, _, state = line.partition("#")
            fields = data.split()
            move = fields[1]
            if move != last_move:
                starts.append(len(rows))
                last_move = move
            chosen.append(float(fields[0]))
            texts = [field.split(":") for field in fields[2:]]
            rows.append([(int(index), int(value)) for index, value in texts])
            states.append(state.strip())
    dense = np.zeros((len(rows), features))
    for row, pairs in enumerate(rows):
        for index, value in pairs:
            dense[row, index] = value
    return Moves(dense, np.array(chosen), np.array(starts, dtype=np.int64), states), features


def probabilities(moves: Moves, weights: Floats) -> Floats:
    """Each choice's chance under the softmax of its move's scores."""
    scores = moves.features @ weights
    group = np.repeat(np.arange(len(moves.starts)), np.diff(np.append(moves.starts, len(scores))))
    top = np.maximum.reduceat(scores, moves.starts)
    odds = np.exp(scores - top[group])
    return odds / np.add.reduceat(odds, moves.starts)[group]


def log_likelihood(moves: Moves, weights: Floats) -> float:
    """The mean log-likelihood of the moves made, in nats a move."""
    chance = probabilities(moves, weights)
    return float(np.sum(moves.chosen * np.log(chance)) / len(moves))


def fit(moves: Moves, features: int, ridge: float) -> Floats:
    """The weights of most likelihood less `ridge` / 2 times their squared norm."""
    weights = np.zeros(features)
    objective = log_likelihood(moves, weights) * len(moves)
    for _ in range(NEWTON_STEPS):
        chance = probabilities(moves, weights)
        gradient = moves.features.T @ (moves.chosen - chance) - ridge * weights
        expected = np.add.reduceat(moves.features * chance[:, None], moves.starts)
        hessian = (
            (moves.features * chance[:, None]).T @ moves.features
            - expected.T @ expected
            + ridge * np.eye(features)
        )
        step = np.linalg.solve(hessian, gradient)
        size = 1.0
        while True:
            trial = weights + size * step
            value = log_likelihood(moves, trial) * len(moves) - ridge / 2 * float(trial @ trial)
            if value >= objective or size < 1e-4:
                break
            size /= 2
        gained = value - objective
        weights, objective = trial, value
        if gained < 1e-6 * len(moves):
            break
    return weights


def integer_weights(weights: Floats) -> Ints:
    """The weights in the core's units: 1/SCALE of a doubling of the odds."""
    return np.rint(weights * SCALE / math.log(2)).astype(np.int64)


def integer_log_likelihood(moves: Moves, weights: Ints) -> float:
    """The mean log-likelihood of the moves made with the core's integer weights."""
    return log_likelihood(moves, weights.astype(np.float64) * math.log(2) / SCALE)


def accuracy(moves: Moves, weights: Floats) -> float:
    """The share of moves whose made choice scores highest (ties shared)."""
    scores = moves.features @ weights
    total = 0.0
    for move, begin in enumerate(moves.starts):
        end = moves.starts[move + 1] if move + 1 < len(moves.starts) else len(scores)
        group = scores[begin:end]
        best = group == group.max()
        total += float(np.sum(best * moves.chosen[begin:end]) / best.sum())
    return total / len(moves)


def uniform_log_likelihood(moves: Moves) -> float:
    """The mean log-likelihood of the moves made if every choice were alike."""
    sizes = np.diff(np.append(moves.starts, len(moves.chosen)))
    return float(-np.mean(np.log(sizes)))


def write_weights(path: Path, weights: Ints, header: list[str]) -> None:
    """`weights.rs`: the integer weights, with `header` as its documentation."""
    lines = [
        "//! The move model's weights, in 1/16ths of a doubling of a move's odds. Generated by",
        "//! `scripts/train-move-model.sh`: do not edit; run it again.",
        "//!",
    ]
    lines += [f"//! {line}".rstrip() for line in header]
    lines += [
        "",
        "/// One weight per feature (`features.rs`), in 1/16ths of a doubling of the odds.",
        "#[rustfmt::skip]",
        f"pub(super) const WEIGHTS: [i32; {len(weights)}] = [",
    ]
    for start in range(0, len(weights), 12):
        lines.append("    " + " ".join(f"{int(w)}," for w in weights[start : start + 12]))
    lines.append("];")
    path.write_text("\n".join(lines) + "\n")


def write_vectors(path: Path, moves: Moves, weights: Ints, provenance: str) -> None:
    """Test vectors: held-out choices, their state, features and the integer score."""
    chosen = np.linspace(0, len(moves.chosen) - 1, VECTORS).astype(np.int64)
    lines = [
        "# The move model's test vectors, written by scripts/train_move_model.py with the",
        "# weights in core/src/bots/move_model/weights.rs, from the held-out choices of",
    ]
    lines += [f"# {line}" for line in provenance.splitlines()]
    lines += [
        "# Each line: the integer score the core must give, the features as index:value,",
        "# then after `#` the choice (table, card played, capture, cards held, last deal).",
    ]
    for row in chosen:
        features = moves.features[row]
        score = int(np.rint(features).astype(np.int64) @ weights)
        pairs = " ".join(f"{index}:{int(value)}" for index, value in enumerate(features) if value)
        lines.append(f"{score} {pairs} # {moves.states[row]}")
    path.write_text("\n".join(lines) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--train", type=Path, required=True, help="rows to fit")
    parser.add_argument("--held-out", type=Path, required=True, help="rows to measure on")
    parser.add_argument("--out", type=Path, required=True, help="weights.rs to write")
    parser.add_argument("--vectors", type=Path, required=True, help="test vectors to write")
    parser.add_argument("--provenance", required=True, help="where the rows came from")
    args = parser.parse_args()

    train, features = read_moves(args.train)
    held, held_features = read_moves(args.held_out)
    if features != held_features or not features:
        sys.exit("the training and held-out rows have different feature counts")
    split = len(train) * 4 // 5
    fitting, validation = train.part(0, split), train.part(split, len(train))
    scores = {}
    for ridge in RIDGES:
        scores[ridge] = log_likelihood(validation, fit(fitting, features, ridge))
    ridge = max(RIDGES, key=lambda r: scores[r])
    weights = fit(train, features, ridge)
    integers = integer_weights(weights)

    def bits(nats: float) -> str:
        return f"{-nats / math.log(2):.4f}"

    header = args.provenance.splitlines() + [
        "Fit: conditional logit (softmax over each move's choices) by Newton's method, with",
        f"numpy {np.__version__} on Python {platform.python_version()}: {len(train)} moves.",
        "",
        f"Held out: {len(held)} moves. Bits a move (the lower, the better predicted), and the",
        "share of moves whose made choice the model ranks first:",
        f"  every choice alike: {bits(uniform_log_likelihood(held))}",
        f"  this model: {bits(log_likelihood(held, weights))},"
        f" first {accuracy(held, weights):.1%}",
        f"  this model in integers: {bits(integer_log_likelihood(held, integers))}",
        "Ridge "
        + f"{ridge} (validation bits a move: "
        + ", ".join(f"{r}: {bits(s)}" for r, s in scores.items())
        + ")",
    ]
    write_weights(args.out, integers, header)
    write_vectors(args.vectors, held, integers, args.provenance)
    print("\n".join(header))


if __name__ == "__main__":
    main()
