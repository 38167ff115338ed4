"""The engine's bots as ``Tablic.Igrac`` players, in the compat engine and driven by
callbacks alone (as in another engine)."""

from __future__ import annotations

import copy
import enum
import math
import random
from collections.abc import Iterator
from typing import Any

import pytest

from tablic import Bot, Card, Game, Move
from tablic.compat import BotIgrac, Igrac, MinimaxIgrac, PohlepniIgrac, Tablic, napraviBota
from tablic.compat.karta import iz_carda, u_card

from compat_igraci import PotezLog


def game_log(players: list[type[Tablic.Igrac]], seed: int, n_seed: int = 5) -> list[Any]:
    random.seed(n_seed)
    igra = Tablic()
    for i, klasa in enumerate(players):
        if issubclass(klasa, BotIgrac):
            igra.dodajIgraca(klasa, seed=seed + i)
        else:
            igra.dodajIgraca(klasa)
    log = PotezLog()
    igra.igraj(log)
    return log.dohvatiLog() + [Tablic.Log.konacniRezultat(igra.dohvatiRezultat())]


def test_bot_classes() -> None:
    Pimc = napraviBota("pimc", samples=4)
    assert issubclass(Pimc, BotIgrac) and issubclass(Pimc, Tablic.Igrac)
    assert Pimc.__name__ == "PimcIgrac"
    igrac = Pimc(2, seed=9)
    assert igrac.dohvatiIme() == "PimcIgrac 3" and igrac.hocuRazlog() is True
    assert igrac.dohvatiBota().spec_string.startswith("pimc:samples=4")
    twin = copy.deepcopy(igrac)
    assert type(twin) is Pimc and twin._seed == 9 and twin.dohvatiIme() == "PimcIgrac 3"
    assert napraviBota("minimax", depth=2)(0, "M").dohvatiBota().spec_string.startswith("minimax:depth=2")
    with pytest.raises(ValueError):
        napraviBota("nobody")
    with pytest.raises(ValueError):
        napraviBota("pimc", samples=0)


@pytest.mark.parametrize(
    "make",
    [
        lambda zrcalo: napraviBota("greedy", zrcalo=zrcalo),
        lambda zrcalo: napraviBota("pimc", samples=6, nodes=3000, zrcalo=zrcalo),
        lambda zrcalo: napraviBota("minimax", depth=2, nodes=3000, zrcalo=zrcalo),
    ],
)
def test_rebuilt_game_decides_as_the_engines(make: Any) -> None:
    live, mirror = make(False), make(True)
    for players in ([live, Tablic.RandomIgrac], [Tablic.RandomIgrac, live, Tablic.RandomIgrac]):
        mirrored = [mirror if p is live else p for p in players]
        assert game_log(players, seed=3) == game_log(mirrored, seed=3)


def test_bots_beat_random() -> None:
    wins = 0
    for game in range(6):
        log = game_log([napraviBota("greedy"), Tablic.RandomIgrac], seed=game, n_seed=game)
        wins += log[-1][0] > log[-1][1]
    assert wins >= 5


@pytest.mark.parametrize("name", ["clairvoyant", "bestresponse"])
def test_bots_that_see_every_hand_need_the_compat_engine(name: str) -> None:
    assert len(game_log([napraviBota(name), Tablic.RandomIgrac], seed=1)) == 49
    with pytest.raises(RuntimeError, match=f"the {name} bot sees every hand"):
        game_log([napraviBota(name, zrcalo=True), Tablic.RandomIgrac], seed=1)


def test_stand_ins() -> None:
    random.seed(4)
    igra = Tablic()
    igra.dodajIgraca(MinimaxIgrac, ime="Marconi", maxDubina=3, maxT=15.0)
    igra.dodajIgraca(PohlepniIgrac, ime="Popeye")
    igra.igraj()
    assert [r["ime"] for r in igra.dohvatiRezultat()] == ["Marconi", "Popeye"]
    marconi = igra._igraci[0]
    assert isinstance(marconi, MinimaxIgrac)
    assert marconi.dohvatiBota().spec_string.startswith("minimax:depth=3")


@pytest.mark.parametrize(("depth", "spec"), [(math.inf, 6), (-math.inf, 1), (2.9, 2), (40, 6)])
def test_minimax_depth_is_clamped(depth: float, spec: int) -> None:
    bot = MinimaxIgrac(0, maxDubina=depth)
    assert bot.dohvatiBota().spec_string.startswith(f"minimax:depth={spec},")


@pytest.mark.parametrize(("seed", "text"), [(-1, "-1"), (2**64, "18446744073709551616")])
def test_a_seed_out_of_range_says_so(seed: int, text: str) -> None:
    message = f"^seed {text} is out of range \\(0 to 18446744073709551615\\)"
    with pytest.raises(ValueError, match=message):
        MinimaxIgrac(0, seed=seed)
    with pytest.raises(ValueError, match=message):
        PohlepniIgrac(0, seed=seed)
    with pytest.raises(ValueError, match=message):
        napraviBota("greedy", seed=seed)(0)
    with pytest.raises(TypeError):
        MinimaxIgrac(0, seed=1.5)  # type: ignore[arg-type]


def test_minimax_depth_must_be_a_number() -> None:
    with pytest.raises(ValueError, match="maxDubina is not a number"):
        MinimaxIgrac(0, maxDubina=math.nan)


# -- a bot driven by callbacks alone, with another engine's cards ---------------------------


class Boja(enum.IntEnum):
    NA, HERC, PIK, KARO, TREF = range(5)


class Znak(enum.IntEnum):
    NA, A, BR2, BR3, BR4, BR5, BR6, BR7, BR8, BR9, BR10 = range(11)
    J, Q, K = 12, 13, 14


class TudaKarta:
    """A card of another implementation (as the original's): a (boja, znak) pair."""

    def __init__(self, card: Card) -> None:
        karta = iz_carda(card)
        self.boja = Boja(int(karta.boja))
        self.znak = Znak(int(karta.znak))

    def __iter__(self) -> Iterator[int]:
        return iter((self.boja, self.znak))

    def __hash__(self) -> int:
        return int(self.boja) + 5 * int(self.znak)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TudaKarta) and (self.boja, self.znak) == (other.boja, other.znak)


def tudje(cards: frozenset[Card]) -> set[Any]:
    return {TudaKarta(card) for card in cards}


@pytest.mark.parametrize(("players", "seat", "name"), [(2, 1, "pimc"), (3, 0, "greedy"), (4, 2, "minimax")])
def test_bot_driven_by_callbacks_only(players: int, seat: int, name: str) -> None:
    options: dict[str, Any] = {"pimc": {"samples": 6, "nodes": 2000}, "minimax": {"depth": 2, "nodes": 2000}}.get(name, {})
    klasa = napraviBota(name, **options)
    igrac = klasa(seat, seed=21)
    reference = Bot(name, seed=21, **options)
    rng = random.Random(players)
    game = Game(players=players, seed=77)
    igrac.saznajBrojIgraca(players, [f"p{i}" for i in range(players)])

    def deal() -> None:
        igrac.saznajNovoDijeljenje(tudje(game.view(seat).hand), tudje(game.table))

    deal()
    while not game.is_finished:
        i = game.to_move
        assert i is not None
        if i == seat:
            ruka, stol = tudje(game.view(seat).hand), tudje(game.table)
            karta, skupljeno = igrac.odigraj(ruka, stol)
            vraceno: list[object] = [karta, *skupljeno]
            assert any(vraceno[0] is k for k in ruka)
            assert all(any(x is k for k in stol) for x in vraceno[1:])
            move = Move(u_card(karta), [u_card(x) for x in skupljeno])
            assert move == reference.choose(game.view(seat))
        else:
            move = rng.choice(game.legal_moves())
        igrac.vidiPotez(
            i, tudje(game.view(seat).hand), tudje(game.table), tudje(frozenset({move.card})).pop(),
            tudje(move.capture),
        )
        if game.play(move).new_deal:
            deal()


def test_a_rebuild_that_disagrees_raises() -> None:
    igrac = napraviBota("greedy")(0, seed=1)
    game = Game(players=2, seed=5)
    igrac.saznajBrojIgraca(2, ["a", "b"])
    igrac.saznajNovoDijeljenje(tudje(game.view(0).hand), tudje(game.table))
    wrong_hand = tudje(game.view(1).hand)
    with pytest.raises(RuntimeError, match="disagrees"):
        igrac.odigraj(wrong_hand, tudje(game.table))
    with pytest.raises(RuntimeError, match="rejected"):
        igrac.odigraj(tudje(game.view(0).hand), tudje(game.table), True)
