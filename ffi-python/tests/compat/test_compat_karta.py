"""``Karta`` of tablic.compat: constructor forms, the parser, ordering, equality, hash, sums."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import pytest

from tablic import Card
from tablic.compat import Karta, Tablic
from tablic.compat.karta import iz_carda, u_card

B = Karta.Boja
Z = Karta.Znak


def test_enums() -> None:
    assert [(b.name, int(b)) for b in B] == [("NA", 0), ("HERC", 1), ("PIK", 2), ("KARO", 3), ("TREF", 4)]
    assert [int(z) for z in Z] == [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13, 14]
    assert [z.name for z in Z][-3:] == ["J", "Q", "K"]
    assert "BR11" not in Z.__members__
    assert B.postoji(3) and not B.postoji(5)
    assert Z.postoji(12) and Z.postoji(0) and not Z.postoji(11) and not Z.postoji(15)


@pytest.mark.parametrize(
    ("text", "boja", "znak"),
    [
        ("karo", B.KARO, Z.NA),
        ("KARO", B.KARO, Z.NA),
        ("tref 2", B.TREF, Z.BR2),
        ("p 10", B.PIK, Z.BR10),
        ("herc a", B.HERC, Z.A),
        ("herc10", B.HERC, Z.BR10),
        ("h10", B.HERC, Z.BR10),
        ("t2", B.TREF, Z.BR2),
        ("kj", B.KARO, Z.J),
        ("a", B.NA, Z.A),
        ("10", B.NA, Z.BR10),
        ("k", B.NA, Z.K),
        ("K", B.NA, Z.K),
        ("her", B.HERC, Z.NA),
        ("pi q", B.PIK, Z.Q),
        ("1", B.NA, Z.A),
        ("11", B.NA, Z.A),
        ("12", B.NA, Z.J),
        ("13", B.NA, Z.Q),
        ("14", B.NA, Z.K),
        ("tref 11", B.TREF, Z.A),
        ("ka", B.KARO, Z.A),
        ("hbr7", B.HERC, Z.BR7),
        ("Herc K", B.HERC, Z.K),
        ("", B.NA, Z.NA),
    ],
)
def test_string_forms(text: str, boja: Karta.Boja, znak: Karta.Znak) -> None:
    karta = Karta(text)
    assert (karta.boja, karta.znak) == (boja, znak)
    assert type(karta.boja) is Karta.Boja and type(karta.znak) is Karta.Znak


@pytest.mark.parametrize("text", ["10 karo", "x", "herc 11x", "k 15", "herc 0.5"])
def test_string_errors(text: str) -> None:
    with pytest.raises(ValueError):
        Karta(text)


def test_huge_numbers_are_no_rank_or_suit() -> None:
    # Too large for a float: a ValueError like any other number that is no rank.
    with pytest.raises(ValueError):
        Karta(10**400)
    with pytest.raises(ValueError):
        Karta("karo", 10**400)
    with pytest.raises(ValueError):
        Karta(boja=-(10**400))
    with pytest.raises(ValueError):
        Tablic(spil=[10**400] * 52)


def test_other_forms() -> None:
    karo10 = Karta(B.KARO, Z.BR10)
    assert (Karta().boja, Karta().znak) == (B.NA, Z.NA)
    assert Karta(None) == Karta()
    assert Karta(karo10) == karo10 and Karta(karo10) is not karo10
    assert (Karta(B.KARO).boja, Karta(B.KARO).znak) == (B.KARO, Z.NA)
    assert (Karta(Z.J).boja, Karta(Z.J).znak) == (B.NA, Z.J)
    assert Karta(11).znak is Z.A and Karta(1).znak is Z.A and Karta(10.0).znak is Z.BR10
    assert Karta("karo", 10) == karo10
    assert Karta(3, "10") == karo10
    assert Karta(boja="karo", znak=10) == karo10
    assert Karta(znak=10, boja="K") == karo10
    assert Karta({"boja": "karo", "znak": 10}) == karo10
    assert Karta(("karo", 10)) == karo10
    assert Karta([B.KARO, Z.BR10]) == karo10
    assert Karta(karo10.boja, "br10") == karo10
    assert Karta("None", None) == Karta()


def test_constructor_type_errors() -> None:
    bad: list[tuple[tuple[Any, ...], dict[str, Any]]] = [
        (("karo 10 x",), {}),
        ((10,), {"boja": "karo"}),
        (({"boja": 1, "rang": 2},), {}),
        ((), {"rank": 2}),
        ((1, 2, 3), {}),
        (((1, 2, 3),), {}),
        ((object(),), {}),
        (("karo", object()), {}),
    ]
    for args, kwargs in bad:
        with pytest.raises(TypeError):
            Karta(*args, **kwargs)
    with pytest.raises(ValueError):
        Karta("karo", 15)
    with pytest.raises(ValueError):
        Karta(5, 5)
    with pytest.raises(ValueError):
        Karta(float("inf"))
    assert Karta(float("nan")).znak is Z.NA


def test_attributes_convert() -> None:
    karta = Karta()
    karta.boja = "t"
    karta.znak = 11
    assert (karta.boja, karta.znak) == (B.TREF, Z.A)
    karta.znak = "q"
    assert karta.znak is Z.Q
    karta["boja"] = 2
    assert karta.boja is B.PIK and karta[0] is B.PIK and karta["znak"] is Z.Q
    assert tuple(karta) == (B.PIK, Z.Q) and len(karta) == 2 and karta[:] == (B.PIK, Z.Q)
    assert "boja" in karta and 1 in karta and "rang" not in karta
    with pytest.raises(AttributeError):
        karta.rang = 3  # type: ignore[attr-defined]
    with pytest.raises(ValueError):
        karta.znak = 11.5


def test_bool_int() -> None:
    assert Karta("herc 5") and not Karta("herc") and not Karta("5") and not Karta()
    assert int(Karta("pik k")) == 14 and int(Karta("a")) == 1 and int(Karta("t10")) == 10


def test_ordering() -> None:
    spil = sorted(Karta.noviSpil())
    assert spil[:5] == [Karta("herc a"), Karta("pik a"), Karta("karo a"), Karta("tref a"), Karta("herc 2")]
    assert spil[-1] == Karta("tref k")
    assert Karta("tref 9") < Karta("herc 10") < Karta("pik 10")
    assert Karta("karo j") <= "karo j" and Karta("tref q") > "karo q" and Karta("a") >= Karta("a")
    assert sorted(spil, key=lambda k: (int(k.znak), int(k.boja))) == spil


def test_equality_converts_the_other_operand_as_the_original() -> None:
    assert Karta("karo 10") == "karo 10"
    assert "karo 10" == Karta("karo 10")
    assert Karta("karo 10") == ("karo", 10)
    assert Karta("karo 10") != "tref 10"
    assert (Karta("karo 10") != Karta("karo 10")) is False
    assert (Karta("karo 10") == 10) is False and Karta(10) == 10
    # What Karta() cannot convert raises, in == too, as in the original.
    for other, error in (
        (object(), TypeError),
        ("10 karo", ValueError),
        ("too many words here", TypeError),
        ([1, 2, 3], TypeError),
        ({"x": 1}, TypeError),
        (15, ValueError),
        (2.5, ValueError),
    ):
        with pytest.raises(error):
            _ = Karta("karo 10") == other
        with pytest.raises(error):
            _ = Karta("karo 10") < other


def test_hash() -> None:
    spil = Karta.noviSpil()
    assert len(spil) == 52
    assert len({hash(k) for k in spil}) == 52
    for karta in spil:
        assert hash(karta) == int(karta.boja) + 5 * int(karta.znak)
    assert hash(Karta("karo 10")) == 3 + 50
    assert Karta("pik 7") in spil and Karta("tref 2") in {Karta("tref 2")}


def test_sums() -> None:
    assert Karta("herc 3") + Karta("pik 4") == {7}
    assert Karta("herc a") + Karta("pik a") == {2, 12}
    assert Karta("herc a") + Karta("pik 3") == {4, 14}
    assert Karta("herc 5") + Karta("pik a") == {6}
    assert Karta("herc k") + Karta("pik a") == set()
    assert Karta("herc 10") + Karta("pik 5") == set()
    assert Karta("herc j") + Karta("pik 2") == {14}
    assert Karta("herc 3") + None == {3} and Karta() + None == set()
    assert Karta("herc 3") + "pik 4" == {7}
    assert Karta("herc a") + 0 == {1, 11}
    assert 0 + Karta("herc a") == {1, 11}
    assert Karta("herc a") + 11 == {12}
    assert sum([Karta("herc a"), Karta("pik a"), Karta("tref 9")]) == {11}
    assert sum([Karta("herc 2"), Karta("tref 3"), Karta("pik 7")]) == {12}
    with pytest.raises(ValueError):
        Karta("herc 3") + 15
    with pytest.raises(TypeError):
        Karta("herc 3") + object()


def test_novi_spil_and_u_karte() -> None:
    spil = Karta.noviSpil()
    assert isinstance(spil, set) and all(karta for karta in spil)
    assert Karta.noviSpil() is not spil
    nested = Karta.uKarte((((1, 1), (2, 2), (3, 3)), (4, 4)))
    assert nested == ((Karta(1, 1), Karta(2, 2), Karta(3, 3)), Karta(4, 4))
    assert Karta.uKarte(["karo 10", "tref 2", "pik a"]) == (Karta("karo 10"), Karta("tref 2"), Karta("pik a"))
    assert Karta.uKarte("herc 5") == Karta("herc 5")
    with pytest.raises(ValueError):
        Karta.uKarte(["xyz"])


def test_copies_and_text() -> None:
    karta = Karta("karo 10")
    for twin in (copy.copy(karta), copy.deepcopy(karta), pickle.loads(pickle.dumps(karta))):
        assert twin == karta and twin is not karta
    # The original's text, which logs saved with str or repr contain.
    assert repr(karta) == "<Karta: (<Boja: ('KARO', 3)>, <Znak: ('BR10', 10)>)>"
    assert str(karta) == "Karta(Boja(KARO), Znak(BR10))"
    assert str(Karta(Karta.Znak.Q)) == "Karta(Boja(NA), Znak(Q))"
    assert (str(Karta.Boja.TREF), repr(Karta.Znak.A)) == ("Boja(TREF)", "<Znak: ('A', 1)>")
    assert (hash(Karta.Boja.TREF), hash(Karta.Znak.A), hash(Karta.Znak.K)) == (4, 5, 70)


def test_products_are_repeated_sums() -> None:
    assert Karta("herc a") * 3 == {3, 13} and 2 * Karta("pik 5") == {10}
    assert Karta("herc a") * 1 == {1} and Karta("herc a") * 0 == set()
    with pytest.raises(ValueError):
        _ = Karta("herc a") * -1
    with pytest.raises(TypeError):
        _ = Karta("herc a") * "x"


def test_deleting_a_field_is_refused() -> None:
    karta = Karta("karo 10")
    with pytest.raises(TypeError):
        del karta.boja
    with pytest.raises(AttributeError):
        del karta.nosuch  # type: ignore[attr-defined]


def test_engine_cards() -> None:
    assert u_card(Karta("karo 10")) == Card("10D")
    assert u_card("herc a") == Card("AH")
    assert {iz_carda(Card(i)) for i in range(52)} == Karta.noviSpil()
    for i in range(52):
        assert u_card(iz_carda(Card(i))) == Card(i)
    with pytest.raises(ValueError):
        u_card(Karta("karo"))
