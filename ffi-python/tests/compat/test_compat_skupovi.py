"""``partitivniSkup``, ``unijeDisjunktnih`` and ``Tablic.moguciPotezi``, against the oracle
of the original implementation and against the original's own algorithm."""

from __future__ import annotations

import json
import random
from collections.abc import Iterable
from typing import Any

import pytest

from tablic import Card, capture_groups
from tablic.compat import Karta, Tablic, partitivniSkup, unijeDisjunktnih
from tablic.compat.karta import iz_carda, u_card

from compat_igraci import ORACLE


def k(text: str) -> Karta:
    """A card as the oracle writes it (``10D``, ``AS``)."""
    return iz_carda(Card(text))


def karte(texts: Iterable[str]) -> frozenset[Karta]:
    return frozenset(k(t) for t in texts)


def test_partitivni_skup() -> None:
    assert partitivniSkup(set()) == {frozenset()}
    P = partitivniSkup({1, 2, 3})
    assert len(P) == 8 and frozenset({1, 3}) in P and frozenset() in P
    assert all(isinstance(A, frozenset) for A in P)
    assert len(partitivniSkup(range(10))) == 1024


def test_unije_disjunktnih() -> None:
    assert unijeDisjunktnih([]) == {frozenset()}
    assert unijeDisjunktnih([{1}]) == {frozenset(), frozenset({1})}
    U = unijeDisjunktnih([{1, 2}, {2, 3}, {4}])
    assert U == {frozenset(s) for s in ([], [1, 2], [2, 3], [4], [1, 2, 4], [2, 3, 4])}
    # RULES.md: table {3H, 3S, 4D, 4C}, a 7 is played: 6 legal captures.
    stol = karte(["3H", "3S", "4D", "4C"])
    M = Tablic.moguciPotezi(stol)
    assert len(unijeDisjunktnih(M[Karta.Znak.BR7])) == 6
    assert stol in unijeDisjunktnih(M[Karta.Znak.BR7])
    M = Tablic.moguciPotezi(karte(["3H", "4D", "4C"]))
    assert unijeDisjunktnih(M[Karta.Znak.BR7]) == {
        frozenset(),
        karte(["3H", "4D"]),
        karte(["3H", "4C"]),
    }


def _oracle_cases() -> list[dict[str, Any]]:
    path = ORACLE / "captures.jsonl"
    if not path.is_file():
        pytest.fail(f"the oracle cases are missing: {path}")
    with path.open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


def test_every_oracle_case() -> None:
    cases = _oracle_cases()
    assert len(cases) > 900
    # The original's algorithm visits every subset of the table, as this one must for its
    # orders: tables of up to 10 cards (the engine itself is checked on all of them).
    for case in [case for case in cases if len(case["table"]) <= 10]:
        stol = karte(case["table"])
        karta = k(case["played"])
        M = Tablic.moguciPotezi(set(stol))
        subsets = {karte(s) for s in case["subsets"]}
        captures = {karte(c) for c in case["captures"]}
        assert M.get(karta.znak, set()) == subsets, case["id"]
        izbori = unijeDisjunktnih(M[karta.znak]) if karta.znak in M else {frozenset()}
        assert izbori == captures, case["id"]
        assert len(izbori) == case["n_captures"], case["id"]
        for A in M.get(karta.znak, set()):
            assert A <= stol


def original_moguci_potezi(S: set[Karta]) -> dict[Karta.Znak, set[frozenset[Karta]]]:
    """The original's algorithm: every non-empty subset, filed under each of its sums."""
    M: dict[Karta.Znak, set[frozenset[Karta]]] = {}
    for A in partitivniSkup(S) - {frozenset()}:
        total: Any = 0
        for karta in A:  # as sum(A) does: 0 + A[0] + A[1] + …
            total = total + karta
        for x in total:
            M.setdefault(Karta.Znak(x if x != 11 else 1), set()).add(A)
    return M


@pytest.mark.parametrize("seed", range(40))
def test_moguci_potezi_as_the_original_computes_it(seed: int) -> None:
    rng = random.Random(seed)
    spil = sorted(Karta.noviSpil())
    # Tables rich in one rank, so that all four of it are often on the table.
    znak = rng.choice(list(Karta.Znak)[1:])
    stol = {Karta(boja, znak) for boja in list(Karta.Boja)[1:]}
    stol |= set(rng.sample(spil, rng.randint(0, 7)))
    assert Tablic.moguciPotezi(stol) == original_moguci_potezi(stol)


def test_moguci_potezi_keeps_the_given_objects() -> None:
    stol = [Karta("herc 5"), Karta("pik 5"), Karta("tref 10")]
    M = Tablic.moguciPotezi(stol)
    (pet,) = [A for A in M[Karta.Znak.BR5] if Karta("herc 5") in A]
    assert next(iter(pet)) is stol[0]
    assert Tablic.moguciPotezi(set()) == {}
    # As the original: it sums the objects themselves, so strings cannot be summed.
    with pytest.raises(TypeError):
        Tablic.moguciPotezi(["herc 5", "pik 5"])
    # A rank-only card (as the original minimax imagines them) sums by its rank.
    assert Tablic.moguciPotezi({Karta(Karta.Znak.BR5), Karta("pik 5")}) == {
        Karta.Znak.BR5: {frozenset({Karta(Karta.Znak.BR5)}), frozenset({Karta("pik 5")})},
        Karta.Znak.BR10: {frozenset({Karta(Karta.Znak.BR5), Karta("pik 5")})},
    }


@pytest.mark.parametrize("seed", range(30))
def test_moguci_potezi_has_the_engines_groups(seed: int) -> None:
    """Sums of Karta and the engine's capture groups are the same rule."""
    rng = random.Random(seed)
    stol = set(rng.sample(sorted(Karta.noviSpil()), rng.randint(0, 10)))
    M = Tablic.moguciPotezi(stol)
    for znak in list(Karta.Znak)[1:]:
        groups = capture_groups(frozenset(u_card(x) for x in stol), u_card(Karta("herc", znak)))
        expected = {frozenset(iz_carda(card) for card in group) for group in groups}
        assert M.get(znak, set()) == expected, (seed, znak)
