"""Fits the learned evaluation's weights to rows of `tablic dataset`, and writes them as Rust.

The model is linear over the sparse features the core computes (the rows hold them as
`index:value`), fitted by ridge regression with numpy to the rest of the game's margin,
less what the fixed horizon already counts (a card of lead at a third of a point): the
ridge pulls the weights toward that horizon, not toward nothing. The fixed horizon is then
added back to the weights of the lead's features, at the worth the file's header gives
each, so the core computes one sum.

Writes the weights in 1/SCALE points as `weights.rs` (with where they came from and their
held-out error) and a file of test vectors: held-out deal ends with the prediction the
core must give exactly (the same integers) and numpy's own, unrounded.

Run by scripts/train-evaluation.sh; `--help` for the arguments.
"""

from __future__ import annotations

import argparse
import platform
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

SCALE = 256
"""Units of the core's `DealEnd::rest_margin` to a point."""

RIDGES = (0.3, 3.0, 30.0, 300.0)
"""Ridge strengths tried; the one with the least error on the last fifth of the training
games (a validation split) is kept and refitted on all of them."""

CHUNK = 8192
"""Rows turned into a dense matrix at a time."""

VECTORS = 64
"""Held-out rows written as test vectors."""

Floats = npt.NDArray[np.float64]


@dataclass
class Rows:
    """Rows of `tablic dataset`: targets, the fixed horizon's values, sparse features."""

    target: Floats
    fixed: Floats
    indices: list[list[int]]
    values: list[list[int]]
    states: list[str]

    def __len__(self) -> int:
        return len(self.indices)

    def part(self, start: int, stop: int) -> Rows:
        return Rows(
            self.target[start:stop],
            self.fixed[start:stop],
            self.indices[start:stop],
            self.values[start:stop],
            self.states[start:stop],
        )

    def dense(self, start: int, stop: int, features: int) -> Floats:
        matrix = np.zeros((stop - start, features))
        for row in range(start, stop):
            matrix[row - start, self.indices[row]] = self.values[row]
        return matrix


FIXED_HORIZON_HEADER = "# fixed horizon on the lead's features: index:points"


@dataclass
class Header:
    """What a `tablic dataset` file's header says: its feature count, and the fixed
    horizon's worth on each of the lead's features (index, points)."""

    features: int
    fixed_horizon: dict[int, float]


def read_rows(path: Path) -> tuple[Rows, Header]:
    """The rows of a `tablic dataset` file, and its header."""
    targets: list[float] = []
    fixed: list[float] = []
    indices: list[list[int]] = []
    values: list[list[int]] = []
    states: list[str] = []
    features = 0
    fixed_horizon: dict[int, float] = {}
    with path.open() as file:
        for line in file:
            if line.startswith(FIXED_HORIZON_HEADER):
                for pair in line[len(FIXED_HORIZON_HEADER) :].split():
                    index, points = pair.split(":")
                    fixed_horizon[int(index)] = float(points)
                continue
            if line.startswith("#"):
                if " features;" in line:
                    features = int(line.split(" features;")[0].rsplit(" ", 1)[1])
                continue
            data, _, state = line.partition("#")
            fields = data.split()
            targets.append(float(fields[0]))
            fixed.append(float(fields[1]))
            pairs = [field.split(":") for field in fields[2:]]
            indices.append([int(index) for index, _ in pairs])
            values.append([int(value) for _, value in pairs])
            states.append(state.strip())
    if features == 0 or not fixed_horizon:
        sys.exit(f"error: {path}: no `tablic dataset` header")
    rows = Rows(np.array(targets), np.array(fixed), indices, values, states)
    return rows, Header(features, fixed_horizon)


def normal_equations(rows: Rows, features: int) -> tuple[Floats, Floats]:
    """XᵀX and Xᵀy for the residual target (the margin less the fixed horizon)."""
    gram = np.zeros((features, features))
    moment = np.zeros(features)
    residual = rows.target - rows.fixed
    for start in range(0, len(rows), CHUNK):
        stop = min(start + CHUNK, len(rows))
        matrix = rows.dense(start, stop, features)
        gram += matrix.T @ matrix
        moment += matrix.T @ residual[start:stop]
    return gram, moment


def fit(gram: Floats, moment: Floats, ridge: float) -> Floats:
    return np.asarray(np.linalg.solve(gram + ridge * np.eye(len(moment)), moment), dtype=np.float64)


def predict(rows: Rows, weights: Floats) -> Floats:
    """The float model's rest margin: the fixed horizon plus the fitted residual."""
    sums = [float(np.dot(weights[index], value)) for index, value in zip(rows.indices, rows.values)]
    return np.asarray(rows.fixed + np.array(sums), dtype=np.float64)


def mean_squared(error: Floats) -> float:
    return float(np.mean(error**2))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--train", type=Path, required=True, help="`tablic dataset` rows to fit")
    parser.add_argument("--held-out", type=Path, required=True, help="rows of other games, with --with-states")
    parser.add_argument("--out", type=Path, required=True, help="the weights.rs to write")
    parser.add_argument("--vectors", type=Path, required=True, help="the test vectors to write")
    parser.add_argument("--provenance", required=True, help="how the rows were made, for weights.rs")
    args = parser.parse_args()

    train, dataset = read_rows(args.train)
    held, held_dataset = read_rows(args.held_out)
    if held_dataset != dataset:
        sys.exit("error: the two files have different headers")
    features = dataset.features

    split = len(train) * 4 // 5
    split -= split % 6  # whole games: each game gives six rows
    fitting, checking = train.part(0, split), train.part(split, len(train))
    gram, moment = normal_equations(fitting, features)
    scores = {ridge: mean_squared(predict(checking, fit(gram, moment, ridge)) - checking.target) for ridge in RIDGES}
    ridge = min(scores, key=lambda strength: scores[strength])

    gram, moment = normal_equations(train, features)
    residual_weights = fit(gram, moment, ridge)
    float_weights = residual_weights.copy()
    for index, points in dataset.fixed_horizon.items():
        float_weights[index] += points
    integer_weights = np.rint(float_weights * SCALE).astype(np.int64)

    zero_rows = Rows(held.target, np.zeros(len(held)), held.indices, held.values, held.states)
    float_prediction = predict(zero_rows, float_weights)
    integer_sums = np.array(
        [int(np.dot(integer_weights[index], value)) for index, value in zip(held.indices, held.values)]
    )
    variance = float(np.var(held.target))
    errors = {
        "nothing (0)": mean_squared(held.target),
        "the fixed horizon": mean_squared(held.fixed - held.target),
        "this model": mean_squared(float_prediction - held.target),
        "this model in integers": mean_squared(integer_sums / SCALE - held.target),
    }
    report = [
        f"Held-out: {len(held)} rows ({len(held) // 6} games); the rest margin's variance {variance:.3f}.",
        "Mean squared error of the rest margin, in points squared (R² in brackets):",
        *(f"  {name}: {error:.3f} ({1 - error / variance:.4f})" for name, error in errors.items()),
        f"Ridge {ridge} (validation errors: "
        + ", ".join(f"{strength}: {score:.3f}" for strength, score in scores.items())
        + ")",
    ]
    print("\n".join(report))

    header = [
        "//! The learned evaluation's weights, in 1/256ths of a point. Generated by",
        "//! `scripts/train-evaluation.sh`: do not edit; run it again.",
        "//!",
        *(f"//! {line}" for line in args.provenance.split("\n")),
        f"//! Fit: ridge regression of the rest margin less the fixed horizon, with numpy {np.__version__}",
        f"//! on Python {platform.python_version()}: {len(train)} rows ({len(train) // 6} games).",
        "//!",
        *(f"//! {line}" for line in report),
    ]
    body = ",\n".join(
        "    " + ", ".join(str(weight) for weight in integer_weights[start : start + 12])
        for start in range(0, features, 12)
    )
    args.out.write_text(
        "\n".join(header)
        + "\n\n/// One weight per feature (`features.rs`), in 1/256ths of a point.\n"
        + "#[rustfmt::skip]\n"
        + f"pub(super) const WEIGHTS: [i32; {features}] = [\n{body},\n];\n"
    )
    vectors = [
        "# Held-out deal ends: the core's rest_margin (exactly), numpy's float prediction in points,",
        "# then the deal end. Generated with weights.rs by scripts/train-evaluation.sh.",
    ]
    for row in range(min(VECTORS, len(held))):
        vectors.append(f"{integer_sums[row]} {float_prediction[row]:.6f} {held.states[row]}")
    args.vectors.write_text("\n".join(vectors) + "\n")


if __name__ == "__main__":
    main()
