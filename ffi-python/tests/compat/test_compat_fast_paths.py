"""The fast paths of ``tablic.compat`` against its general code: the same values and the same
iteration orders (what the original's players draw from).

``Tablic.moguciPotezi`` of exact ``Karta``s reads sums from weights; of cards of a subclass
it adds them with ``Karta``'s ``+`` as the original does. Both must file the same subsets
under the same ranks, every dict and set iterating in the same order.
"""

from __future__ import annotations

import copy
import itertools
import random
from typing import Any

import pytest

from tablic.compat import Karta, Tablic
from tablic.compat.karta import ZBROJEVI_TEZINE, kopijaKarata, tezinaKarte


class DrugaKarta(Karta):
    """A card of a subclass: the general paths."""

    __slots__ = ()


def redoslijed(M: dict[Karta.Znak, set[frozenset[Any]]]) -> list[Any]:
    """``M`` as its iteration order shows it: ranks, subsets and cards, by hash."""
    return [(znak, [[hash(x) for x in A] for A in skup]) for znak, skup in M.items()]


def stolovi(count: int) -> list[list[Karta]]:
    rng = random.Random(5)
    deck = sorted(Karta.noviSpil())
    return [rng.sample(deck, rng.randint(0, 9)) for _ in range(count)]


@pytest.mark.parametrize("stol", stolovi(150))
def test_moguci_potezi_of_cards_is_the_general_one(stol: list[Karta]) -> None:
    s = set(stol)
    general = Tablic.moguciPotezi(DrugaKarta(x) for x in s)
    fast = Tablic.moguciPotezi(s)
    assert redoslijed(fast) == redoslijed(general)
    for znak in Karta.Znak:
        one = Tablic._moguciPoteziZnaka(s, znak)
        assert (None if one is None else [[hash(x) for x in A] for A in one]) == (
            None if znak not in fast else [[hash(x) for x in A] for A in fast[znak]]
        )


def test_rank_only_and_repeated_cards_take_the_general_path() -> None:
    rank_only = [Karta(Karta.Znak.A), Karta(Karta.Znak.BR10), Karta("karo a")]
    assert Tablic.moguciPotezi(rank_only)[Karta.Znak.A] == {
        frozenset({rank_only[0]}),
        frozenset({rank_only[2]}),
        frozenset({rank_only[1], rank_only[0]}),  # 10 + 1 = 11, filed under A
        frozenset({rank_only[1], rank_only[2]}),
    }
    repeated = [Karta("pik 5"), Karta("pik 5"), Karta("herc 7")]
    assert redoslijed(Tablic.moguciPotezi(repeated)) == redoslijed(
        Tablic.moguciPotezi([DrugaKarta(x) for x in repeated])
    )


@pytest.mark.parametrize("size", range(1, 6))
def test_sums_of_weights_are_the_sums_of_cards(size: int) -> None:
    rng = random.Random(size)
    for ranks in itertools.combinations_with_replacement(list(Karta.Znak), size):
        cards = [Karta(rng.choice(list(Karta.Boja)), znak) for znak in ranks]
        sums: Any = sum(cards)  # Karta's +: the set of the sums
        want = tuple(1 if x == 11 else x for x in sums)
        assert ZBROJEVI_TEZINE[sum(map(tezinaKarte, cards))] == want, ranks


def test_a_copy_of_cards_is_deepcopys() -> None:
    rng = random.Random(1)
    for _ in range(200):
        s: set[Karta] = set()
        for karta in rng.sample(sorted(Karta.noviSpil()), rng.randint(0, 30)):
            s |= {karta}
        if s and rng.random() < 0.5:
            s.remove(next(iter(s)))
        kopija, duboka = kopijaKarata(s), copy.deepcopy(s)
        assert [hash(x) for x in kopija] == [hash(x) for x in duboka]
        assert all(type(x) is Karta for x in kopija)
        assert not {id(x) for x in kopija} & {id(x) for x in s}
    other = {DrugaKarta("pik 2")}
    assert type(next(iter(kopijaKarata(other)))) is Karta  # copy.deepcopy's, as before
    assert kopijaKarata(frozenset(other)) == frozenset(other)


def test_fast_constructor_and_comparisons_are_the_general_ones() -> None:
    for boja in Karta.Boja:
        for znak in Karta.Znak:
            fast = Karta(boja, znak)
            general = Karta(int(boja), int(znak))
            assert (fast.boja, fast.znak, hash(fast)) == (general.boja, general.znak, hash(general))
            assert fast == general and not fast != DrugaKarta(general)
    cards = sorted(Karta.noviSpil())
    assert [(x.znak, x.boja) for x in cards] == sorted((x.znak, x.boja) for x in cards)
    assert cards == sorted(DrugaKarta(x) for x in cards)


def test_sets_of_cards_are_valued_as_each_card() -> None:
    cards = {Karta("tref 2"), Karta("karo 10"), Karta("pik A"), Karta("herc 5")}
    assert Tablic.vrijednostKarata(cards) == 4
    assert Tablic.vrijednostKarata(frozenset(cards)) == 4
    assert Tablic.vrijednostKarata({DrugaKarta(x) for x in cards}) == 4
    assert Tablic.vrijednostKarata(set()) == 0
