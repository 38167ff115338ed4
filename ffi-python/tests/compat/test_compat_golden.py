"""Games on ``tablic.compat`` against the same games played by the original code.

``golden/games.jsonl`` was written by ``golden/make_golden.py`` on the original engine, with
the original's random, greedy and minimax players (see ``golden/README.md``). Here the same
``random.seed`` plays the same seats on this package and each game must come out identical:
the moves, the scores, the next ``random.random()`` and the digest of the whole transcript
(``zapisnik.py``: every callback's arguments in their iteration order, every log entry,
``spremi``'s text to a file and to a stream, the queries after the game).

- Random seats are ``Tablic.RandomIgrac``, which is this package's own.
- Greedy seats are the stand-in ``tablic.compat.PohlepniIgrac`` (the engine's greedy bot).
- Minimax seats replay the original minimax's recorded decisions (its search is the
  original's code, which is not here), returning them as the original does
  (``izvorniPotez``): so its draws from ``random`` and the set it returns are checked too.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tablic.compat import Karta, PohlepniIgrac, Tablic, izvorniPotez
from tablic.compat.engine import Ponovi

import zapisnik

GOLDEN = Path(__file__).resolve().parent / "golden" / "games.jsonl"


def _games() -> list[dict[str, Any]]:
    with GOLDEN.open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines]


GAMES = _games()


def _karta(text: str) -> Karta:
    boja, znak = text.split(".")
    return Karta(int(boja), int(znak))


def _potez(text: str) -> tuple[int, Karta, set[Karta]]:
    seat, move = text.split(":")
    card, capture = move.split(">")
    return int(seat), _karta(card), {_karta(c) for c in capture.strip("[]").split()}


def replaying(moves: list[str]) -> type[Tablic.Igrac]:
    """A player that makes the recorded moves of its seat, as the original players do."""

    class MinimaxIgrac(Tablic.RandomIgrac):
        def __init__(self, i: int, ime: str | None = None) -> None:
            super().__init__(i, ime)
            self.mine = [m for m in map(_potez, moves) if m[0] == i]

        def odigraj(
            self, ruka: set[Karta], stol: set[Karta], ponovi: Ponovi = False
        ) -> tuple[Karta, set[Karta]]:
            _, card, capture = self.mine.pop(0)
            karta, skupljeno = izvorniPotez(ruka, stol, card, capture)
            assert (karta, skupljeno) == (card, capture), "the draw from random differs"
            return karta, skupljeno

    return MinimaxIgrac


def test_the_golden_file_covers_every_game() -> None:
    expected = [(seats, seed) for seats, seeds in zapisnik.IGRE.items() for seed in seeds]
    assert [(game["seats"], game["seed"]) for game in GAMES] == expected
    assert {letter for game in GAMES for letter in game["seats"]} == {"r", "g", "m"}
    assert {len(game["seats"]) for game in GAMES} == {2, 3, 4}


@pytest.mark.parametrize(
    "game", GAMES, ids=[f"{game['seats']}-{game['seed']}" for game in GAMES]
)
def test_a_game_is_the_originals(game: dict[str, Any]) -> None:
    klase: dict[str, tuple[Any, dict[str, Any]]] = {
        "r": (Tablic.RandomIgrac, {}),
        "g": (PohlepniIgrac, {}),
        "m": (replaying(game["moves"]), {}),
    }
    played = zapisnik.odigraj(Tablic, game["seats"], klase, game["seed"])
    for i, (ours, theirs) in enumerate(zip(played["moves"], game["moves"])):
        assert ours == theirs, f"move {i} differs"
    assert played == game
