"""``Tablic`` of tablic.compat: the deal, the callbacks and their order, the retries and
their reasons, the results, the queries, the logs."""

from __future__ import annotations

import copy
import io
import random
from pathlib import Path
from typing import Any

import pytest

from tablic import Card, Game, IllegalMoveError
from tablic.compat import Karta, NelegalniPotezError, Tablic
from tablic.compat.karta import iz_carda, u_card

from compat_igraci import (
    Dogadaj,
    PohlepniStilIgrac,
    PotezLog,
    SkriptiraniIgrac,
    ZapisniIgrac,
)

Z = Karta.Znak


def spil(*prvi: str) -> list[Karta]:
    """A deck starting with the cards ``prvi`` (``'3H'`` …), then the rest in order."""
    top = [iz_carda(Card(text)) for text in prvi]
    return top + [k for k in sorted(Karta.noviSpil()) if k not in top]


def original_deal(deck: list[Karta], n: int) -> tuple[set[Karta], list[list[set[Karta]]]]:
    """The original's dealing, from its FIFO queue: the table, then per deal the hands."""
    queue = list(deck)
    stol = {queue.pop(0) for _ in range(4)}
    deals = []
    while queue:
        hands: list[set[Karta]] = [set() for _ in range(n)]
        for _ in range(6):
            for hand in hands:
                hand.add(queue.pop(0))
            if not queue:
                break
        deals.append(hands)
    return stol, deals


def play(n: int, deck: list[Karta] | None = None, seed: int = 7) -> tuple[Tablic, list[Dogadaj]]:
    random.seed(seed)
    igra = Tablic(deck)
    dogadaji: list[Dogadaj] = []
    for _ in range(n):
        igra.dodajIgraca(ZapisniIgrac, dogadaji=dogadaji)
    log = PotezLog(dogadaji=dogadaji)
    assert igra.igraj(log) is log
    return igra, dogadaji


@pytest.mark.parametrize("n", [2, 3, 4, 6, 12])
def test_deal_order_is_the_originals(n: int) -> None:
    random.seed(n)
    deck = list(Karta.noviSpil())
    random.shuffle(deck)
    _, dogadaji = play(n, deck)
    stol, deals = original_deal(deck, n)
    seen = [e for e in dogadaji if e[0] == "saznajNovoDijeljenje"]
    assert len(seen) == n * len(deals)
    for d, hands in enumerate(deals):
        for seat in range(n):
            event = seen[d * n + seat]
            assert event[1] == seat
            assert event[2] == hands[seat]
    assert seen[0][3] == stol
    sizes = [e[1] for e in dogadaji if e[0] == "novoDijeljenje"]
    assert sizes == [len(hands[0]) for hands in deals]


def test_callback_order() -> None:
    igra, dogadaji = play(2, spil())
    kinds = [e[0] for e in dogadaji]
    assert kinds[:3] == ["novaPartija", "saznajBrojIgraca", "saznajBrojIgraca"]
    assert dogadaji[0] == ("novaPartija", 2, ["ZapisniIgrac 1", "ZapisniIgrac 2"])
    assert dogadaji[1] == ("saznajBrojIgraca", 0, 2, ["ZapisniIgrac 1", "ZapisniIgrac 2"])
    assert kinds[3:6] == ["novoDijeljenje", "saznajNovoDijeljenje", "saznajNovoDijeljenje"]
    assert kinds[-3:] == ["saznajRezultat", "saznajRezultat", "kraj"]
    moves = [i for i, kind in enumerate(kinds) if kind == "odigraj"]
    assert len(moves) == 48
    for number, at in enumerate(moves):
        mover = number % 2
        assert kinds[at : at + 5] == [
            "odigraj",
            "hocuRazlog",
            "prevediPotez",
            "vidiPotez",
            "vidiPotez",
        ]
        assert dogadaji[at][1] == dogadaji[at + 1][1] == dogadaji[at + 2][1] == mover
        assert [dogadaji[at + 3][1], dogadaji[at + 4][1]] == [0, 1]
        _, _, ruka, stol, ponovi = dogadaji[at]
        assert ponovi is False
        # The log and every player see the state before the move; the mover's own hand
        # still holds the card.
        _, i, log_ruka, log_stol, karta, skupljeno = dogadaji[at + 2]
        assert (log_ruka, log_stol) == (ruka, stol)
        assert karta in ruka and skupljeno <= stol
        for seen in dogadaji[at + 3 : at + 5]:
            assert seen[2] == mover and seen[4] == stol and seen[5] == karta
            assert seen[6] == skupljeno
        assert dogadaji[at + 3 + mover][3] == ruka
    deals = [i for i, kind in enumerate(kinds) if kind == "novoDijeljenje"]
    assert deals == [3] + [moves[12 * d] - 3 for d in range(1, 4)]
    assert igra.jeZavrsena()


def test_moves_replay_on_the_engine() -> None:
    deck = spil()
    igra, dogadaji = play(3, deck, seed=3)
    game = Game(players=3, deck=[u_card(k) for k in deck])
    for event in dogadaji:
        if event[0] == "prevediPotez":
            _, i, _, _, karta, skupljeno = event
            assert game.to_move == i
            game.play(u_card(karta), [u_card(x) for x in skupljeno])
    result = game.result()
    rezultat = igra.dohvatiRezultat()
    assert Tablic.Log.konacniRezultat(rezultat) == result.totals
    for seat, r in zip(result.seats, rezultat, strict=True):
        assert r["skupljeno"] == seat.card_points
        assert r["table"] == seat.tablas
        assert r["max"] == (seat.most_cards, seat.cards)


RETRY_DECK = spil("3H", "3S", "4D", "4C", "7H", "JC", "2C", "JD", "KS", "JH", "5D", "JS", "6H", "QC", "9C", "QD")


def test_retry_reasons() -> None:
    stol = {Karta("herc 3"), Karta("pik 3"), Karta("karo 4"), Karta("tref 4")}
    potezi: list[tuple[Any, Any]] = [
        (Karta("pik 7"), set()),  # not in the hand
        (Karta("herc 7"), {Karta("herc 5")}),  # not on the table, and 5 is no 7
        (Karta("herc 7"), {Karta("herc 3"), Karta("karo 4"), Karta("tref 4")}),  # no split
        (Karta("tref 2"), {Karta("herc 3")}),  # nothing sums to 2
        (Karta("pik 7"), {Karta("herc 9"), Karta("tref 3")}),  # every reason at once
        (Karta("herc 7"), set(stol)),  # legal: a tabla
    ]
    igra = Tablic(RETRY_DECK)
    igra.dodajIgraca(SkriptiraniIgrac, potezi=potezi)
    igra.dodajIgraca(PohlepniStilIgrac)
    igra.igraj()
    igrac = igra._igraci[0]
    assert isinstance(igrac, SkriptiraniIgrac)
    assert igrac.ponovljeno[:6] == [
        False,
        (True, (Karta("pik 7"),)),
        (True, ({Karta("herc 5")}, Z.BR7)),
        (True, (False,)),
        (True, (Z.BR2,)),
        (True, (Karta("pik 7"), {Karta("herc 9"), Karta("tref 3")}, Z.BR7)),
    ]
    assert igrac.ponovljeno[6] is False
    assert igra.dohvatiTable(0) >= 1


def test_retry_without_reasons_and_lenient_answers() -> None:
    potezi: list[tuple[Any, Any]] = [
        ("tref 7", []),
        ("herc 7", ["herc 3", "karo 4"]),
    ]
    igra = Tablic(RETRY_DECK)
    igra.dodajIgraca(SkriptiraniIgrac, potezi=potezi, razlog=False)
    log = PotezLog()
    igra.dodajIgraca(PohlepniStilIgrac)
    igra.igraj(log)
    igrac = igra._igraci[0]
    assert isinstance(igrac, SkriptiraniIgrac)
    assert igrac.ponovljeno[:3] == [False, True, False]
    assert log[0] == (0, Karta("herc 7"), frozenset({Karta("herc 3"), Karta("karo 4")}))
    assert isinstance(log[0][1], Karta)


def test_an_illegal_player_is_not_asked_forever(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Tablic, "maksPokusaja", 7)
    igra = Tablic(RETRY_DECK)
    igra.dodajIgraca(SkriptiraniIgrac, potezi=[(Karta("pik 7"), set())] * 50)
    igra.dodajIgraca(PohlepniStilIgrac)
    with pytest.raises(NelegalniPotezError) as raised:
        igra.igraj()
    assert isinstance(raised.value, IllegalMoveError)
    assert raised.value.seat == 0 and raised.value.razlozi == (Karta("pik 7"),)
    assert "SkriptiraniIgrac 1" in str(raised.value)
    igrac = igra._igraci[0]
    assert isinstance(igrac, SkriptiraniIgrac) and len(igrac.ponovljeno) == 7


def test_malformed_answers_raise_at_once() -> None:
    for odgovor in [(Karta("herc 7"),), (Karta("herc 7"), "herc 3"), (Karta("herc 7"), 5)]:
        igra = Tablic(RETRY_DECK)
        igra.dodajIgraca(SkriptiraniIgrac, potezi=[odgovor])
        igra.dodajIgraca(PohlepniStilIgrac)
        with pytest.raises(TypeError):
            igra.igraj()


class Upitni(PohlepniStilIgrac):
    """Queries the game it sits in from its callbacks."""

    igra: Tablic | None = None
    upiti: list[Any] = []

    def odigraj(self, ruka: set[Karta], stol: set[Karta], ponovi: Any = False) -> tuple[Karta, set[Karta]]:
        igra = Upitni.igra
        assert igra is not None
        assert igra.jePokrenuta() and not igra.jeZavrsena()
        assert igra.dohvatiStol() == stol
        i = self.dohvatiIndeks()
        Upitni.upiti.append((igra.dohvatiRezultat(), igra.dohvatiMax(i), igra.dohvatiSkupljeno(i)))
        return PohlepniStilIgrac.odigraj(self, ruka, stol, ponovi)


def test_queries_and_result_shape() -> None:
    igra = Tablic(spil())
    Upitni.igra, Upitni.upiti = igra, []
    assert not igra.jePokrenuta() and igra.dohvatiStol() == set()
    igra.dodajIgraca(Upitni, ime="Ana")
    igra.dodajIgraca(Tablic.RandomIgrac, i=99)
    assert igra.dohvatiBrojIgraca() == 2 and igra.dohvatiIme(0) == "Ana"
    assert igra.dohvatiIme(1) == "RandomIgrac 2"
    assert igra.dohvatiRezultat() == [
        {"ime": "Ana", "skupljeno": 0, "table": 0, "max": False},
        {"ime": "RandomIgrac 2", "skupljeno": 0, "table": 0, "max": False},
    ]
    assert igra.hoceRazlog(0) is True and igra.hoceRazlog(1) is False
    kopija = igra.dohvatiIgraca(0)
    assert isinstance(kopija, Upitni) and kopija is not igra._igraci[0]
    assert kopija.dohvatiIme() == "Ana" and kopija.dohvatiIndeks() == 0
    assert igra.igraj() is None
    assert len(Upitni.upiti) == 24
    for rezultat, most, _ in Upitni.upiti:
        assert most is False and all(r["max"] is False for r in rezultat)
    assert igra.jeZavrsena() and igra.dohvatiStol() == set()
    rezultat = igra.dohvatiRezultat()
    assert [set(r) for r in rezultat] == [{"ime", "skupljeno", "table", "max"}] * 2
    cards = [igra.dohvatiSkupljeno(i) for i in range(2)]
    assert len(cards[0]) + len(cards[1]) == 52
    for i, r in enumerate(rezultat):
        assert r["skupljeno"] == Tablic.vrijednostKarata(cards[i])
        assert r["max"] == igra.dohvatiMax(i)
        assert r["max"] == (len(cards[i]) > len(cards[1 - i]), len(cards[i]))
        assert r["table"] == igra.dohvatiTable(i)
    # A negative index counts from the end, as in the list of players.
    assert igra.dohvatiSkupljeno(-1) == cards[1] and igra.dohvatiSkupljeno(-2) == cards[0]
    assert igra.dohvatiTable(-1) == igra.dohvatiTable(1)
    assert igra.dohvatiMax(-1) == igra.dohvatiMax(1)
    for query in (igra.dohvatiSkupljeno, igra.dohvatiTable, igra.dohvatiMax):
        with pytest.raises(IndexError):
            query(2)
        with pytest.raises(IndexError):
            query(-3)
    total = sum(Tablic.Log.konacniRezultat(rezultat))
    tablas = sum(r["table"] for r in rezultat)
    assert total - tablas in (22, 25)


def test_game_errors() -> None:
    with pytest.raises(RuntimeError):
        Tablic().igraj()
    igra = Tablic()
    for _ in range(5):
        igra.dodajIgraca()
    with pytest.raises(RuntimeError, match="5"):
        igra.igraj()
    igra = Tablic()
    igra.dodajIgraca()
    igra.dodajIgraca()
    igra.igraj()
    with pytest.raises(RuntimeError):
        igra.igraj()
    with pytest.raises(RuntimeError):
        igra.dodajIgraca()


@pytest.mark.parametrize(
    "deck",
    [
        spil()[:51],
        spil()[:51] + [Karta("herc a")],
        spil() + [Karta("herc a")],
        spil()[:51] + [Karta("karo")],
        spil()[:51] + ["xyz"],
        "herc a",
        5,
    ],
)
def test_a_malformed_deck_is_a_value_error(deck: Any) -> None:
    with pytest.raises(ValueError):
        Tablic(deck)


def test_deck_of_other_card_forms() -> None:
    texts = [f"{k.boja.name.lower()} {int(k.znak)}" for k in spil()]
    igra = Tablic(texts)
    igra.dodajIgraca(ZapisniIgrac)
    igra.dodajIgraca(ZapisniIgrac)
    log = PotezLog()
    igra.igraj(log)
    assert log.dogadaji[1] == ("novoDijeljenje", 6, set(spil()[:4]))


@pytest.mark.parametrize("n", [2, 3, 4, 6, 8, 12, 16, 24, 48])
def test_random_games_for_every_player_count(n: int) -> None:
    random.seed(100 + n)
    igra = Tablic()
    for _ in range(n):
        igra.dodajIgraca(Tablic.RandomIgrac)
    igra.igraj()
    rezultat = igra.dohvatiRezultat()
    assert len(rezultat) == n
    assert sum(r["skupljeno"] for r in rezultat) in (0, 22)
    assert sum(len(igra.dohvatiSkupljeno(i)) for i in range(n)) in range(0, 53)


def test_seeded_random_is_repeatable() -> None:
    def one() -> list[Any]:
        igra, dogadaji = play(2, None, seed=11)
        return [e for e in dogadaji if e[0] == "prevediPotez"]

    assert one() == one()


def test_class_methods() -> None:
    assert Tablic.inicijalniBrojKarata_stol() == 4
    assert Tablic.inicijalniBrojKarata_ruka() == 6
    assert Tablic.vrijednostTable() == 1 and Tablic.vrijednostMax() == 3
    assert Tablic.vrijednostKarata(((Karta("tref 2"), Karta("karo 10")), Karta("pik A"))) == 4
    assert Tablic.vrijednostKarata(Karta.noviSpil()) == 22
    assert Tablic.vrijednostKarata("karo 10") == 2 and Tablic.vrijednostKarata(Karta("herc 9")) == 0
    assert Tablic.vrijednostKarata([]) == 0 and Tablic.vrijednostKarata(Karta()) == 0
    with pytest.raises(TypeError):
        Tablic.vrijednostKarata(object())
    with pytest.raises(TypeError):
        Tablic.Log()  # type: ignore[abstract]
    with pytest.raises(TypeError):
        Tablic.Igrac(0)  # type: ignore[abstract]


def test_rank_only_cards_are_valued_by_rank() -> None:
    # The original minimax values the hands it imagines, whose cards have no suit.
    by_rank = {znak: Tablic.vrijednostKarata(Karta(znak)) for znak in list(Karta.Znak)}
    assert by_rank == {
        Karta.Znak.NA: 0, Karta.Znak.A: 1, Karta.Znak.BR2: 0, Karta.Znak.BR3: 0,
        Karta.Znak.BR4: 0, Karta.Znak.BR5: 0, Karta.Znak.BR6: 0, Karta.Znak.BR7: 0,
        Karta.Znak.BR8: 0, Karta.Znak.BR9: 0, Karta.Znak.BR10: 1, Karta.Znak.J: 1,
        Karta.Znak.Q: 1, Karta.Znak.K: 1,
    }
    assert Tablic.vrijednostKarata({Karta(Karta.Znak.Q), Karta("tref 2"), Karta("karo")}) == 2
    assert Tablic.vrijednostKarata(12) == 1 and Tablic.vrijednostKarata(2) == 0


def test_logs() -> None:
    a, b = PotezLog(), PotezLog()
    mine: list[Any] = []
    c = PotezLog(mine)
    igra = Tablic(spil())
    igra.dodajIgraca(PohlepniStilIgrac)
    igra.dodajIgraca(PohlepniStilIgrac)
    assert igra.igraj(a, c) == (a, c)
    assert len(a) == 48 and len(b) == 0 and not b and bool(a)
    assert mine == a.dohvatiLog() and len(c) == 48
    assert a[0] == a.dohvatiLog()[0] and a[-1] == list(a)[-1]
    assert a[0:3] == list(a)[0:3] and a[::-1] == list(reversed(a))
    assert a[5:1:-2] == list(a)[5:1:-2]
    entry = a.dohvatiLog()[0]
    assert a[0] is not entry
    with pytest.raises(TypeError):
        a[0] = 1
    with pytest.raises(TypeError):
        del a[0]
    assert str(a).startswith("PotezLog([\n\t 0.\t") and str(a).endswith("\n])")
    assert repr(PotezLog()) == "<PotezLog: []>" and str(PotezLog()) == "PotezLog([])"
    assert repr(a).startswith("<PotezLog: [\n\t 0.\t(0, ") and repr(a).endswith(")\n]>")
    twin = copy.deepcopy(a)
    assert twin.dohvatiLog() == a.dohvatiLog() and len(twin) == 48


def test_prazni_log() -> None:
    prazni, zapis = Tablic.PrazniLog(), PotezLog()
    igra = Tablic()
    igra.dodajIgraca()
    igra.dodajIgraca()
    assert igra.igraj(prazni, zapis) == (prazni, zapis)
    assert len(prazni) == 0 and len(zapis) == 48
    assert Tablic.PrazniLog().dohvatiLog() == []


class ZagradeLog(PotezLog):
    def prevediPotez(self, i: int, igraci: Any, ruka: Any, stol: Any, karta: Karta, skupljeno: Any) -> Any:
        return f"{{INDEX1}}. igrac {i} ({{INDEX0}})"


def test_spremi(tmp_path: Path) -> None:
    log = ZagradeLog([])
    igra = Tablic(spil())
    igra.dodajIgraca()
    igra.dodajIgraca()
    igra.igraj(log)
    path = tmp_path / "log.txt"
    # A file name: written anew, a newline at the end.
    log.spremi(str(path))
    text = path.read_text(encoding="utf-8")
    assert text.startswith("1. igrac 0 (0)\n2. igrac 1 (1)\n") and text.endswith("48. igrac 1 (47)\n")
    # An open file: written to and left open, no newline at the end.
    out = io.StringIO()
    log.spremi(out, repr, ";")
    assert out.getvalue().startswith("'1. igrac 0 (0)';'2. igrac 1 (1)';") and not out.closed
    assert out.getvalue().endswith(";'48. igrac 1 (47)'")
    out = io.StringIO()
    log.spremi(out, lambda x: x.split()[-1], "")
    assert out.getvalue() == "".join(f"({i})" for i in range(48))
    log.spremi(path, konverzija=lambda x: "x")
    assert path.read_text(encoding="utf-8") == "\n".join("x" * 48) + "\n"


def test_spremi_formats_each_entry_as_the_original() -> None:
    class TekstLog(Tablic.PrazniLog):
        def prevediPotez(self, i: int, igraci: Any, ruka: Any, stol: Any, karta: Karta, skupljeno: Any) -> Any:
            return (i, str(karta), len(skupljeno))

    log = TekstLog([])
    log.logirajPotez(0, [], set(), set(), Karta("karo 10"), set())
    # The entry (0, 'Karta(Boja(KARO), Znak(BR10))', 0) has no braces: written as it is.
    out = io.StringIO()
    log.spremi(out)
    assert out.getvalue() == "(0, 'Karta(Boja(KARO), Znak(BR10))', 0)"
    # The original formats every entry with INDEX0/INDEX1: other braces fail as there (a KeyError).
    zagrade = ZagradeLog([])
    zagrade._Log__log.append({"igrac": 0})  # type: ignore[attr-defined]
    with pytest.raises(KeyError, match="'igrac'"):
        zagrade.spremi(io.StringIO())


def test_logs_made_without_a_list_share_one_as_in_the_original() -> None:
    class BezListe(Tablic.PrazniLog):
        def prevediPotez(self, i: int, igraci: Any, ruka: Any, stol: Any, karta: Karta, skupljeno: Any) -> Any:
            return i

    prvi, drugi = BezListe(), BezListe()
    prvi._Log__log.clear()  # type: ignore[attr-defined]  # whatever other tests left there
    igra = Tablic(spil())
    igra.dodajIgraca()
    igra.dodajIgraca()
    igra.igraj(prvi)
    assert len(prvi) == 48 and len(drugi) == 48 and prvi.dohvatiLog() == drugi.dohvatiLog()
    assert len(BezListe(None)) == 0 and len(BezListe([])) == 0
    prvi._Log__log.clear()  # type: ignore[attr-defined]
