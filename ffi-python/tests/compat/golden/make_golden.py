"""Writes golden/games.jsonl by playing the games of ``zapisnik.IGRE`` on the ORIGINAL code.

    python ffi-python/tests/compat/golden/make_golden.py ORIGINAL > ffi-python/tests/compat/golden/games.jsonl

ORIGINAL is a checkout of the original Python tablić engine (its ``engine.py``,
``pohlepni_igrac.py``, ``minimax_igrac.py`` …), which needs the ``six`` package. Nothing of
it is in this repository: this script only imports it and records what its games show
(``zapisnik.py``). See README.md beside this file for the version the file was made from.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import zapisnik  # noqa: E402


def main(original: str) -> None:
    sys.path.insert(0, original)
    from engine import Tablic  # type: ignore[import-not-found]
    from minimax_igrac import MinimaxIgrac  # type: ignore[import-not-found]
    from pohlepni_igrac import PohlepniIgrac  # type: ignore[import-not-found]

    klase = {
        "r": (Tablic.RandomIgrac, {}),
        "g": (PohlepniIgrac, {}),
        "m": (MinimaxIgrac, {"maxDubina": 2}),
    }
    for seats, seeds in zapisnik.IGRE.items():
        for seed in seeds:
            print(json.dumps(zapisnik.odigraj(Tablic, seats, klase, seed)), flush=True)


if __name__ == "__main__":
    main(sys.argv[1])
