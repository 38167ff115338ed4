"""A transcript of everything a game of the original's interface shows its players and logs.

The same code runs on two engines: on the original ``engine.py`` (by ``golden/make_golden.py``,
which wrote ``golden/games.jsonl``) and on ``tablic.compat`` (by ``test_compat_golden.py``).
Equal transcripts mean equal games: the same deal, every callback given the same cards in
the same order (the order a player that draws ``random.choice(list(ruka))`` depends on), the
same log entries and saved text, the same results and the same ``random`` state at the end.

It takes the engine's ``Tablic`` as an argument, so it imports neither engine itself.
"""

from __future__ import annotations

import copy
import hashlib
import io
import os
import random
import tempfile
from typing import Any

IGRE: dict[str, range] = {
    # One letter a seat (r random, g greedy, m minimax of depth 2): random.seed values.
    # (The original minimax is slow where random players crowd the table: not with them.)
    "rr": range(0, 40),
    "gr": range(0, 40),
    "rg": range(0, 20),
    "gg": range(0, 40),
    "rrr": range(0, 15),
    "grg": range(0, 15),
    "rrrr": range(0, 10),
    "ggrg": range(0, 10),
    "mg": range(0, 6),
    "gm": range(0, 4),
    "mgg": range(0, 2),
}
"""The games of the golden file."""


def tekst(x: Any) -> str:
    """A short text of a card (``3.10`` is suit 3, rank 10), a collection of cards in its
    iteration order, or anything else (``repr``)."""
    if hasattr(x, "boja") and hasattr(x, "znak"):
        return f"{int(x.boja)}.{int(x.znak)}"
    if isinstance(x, (set, frozenset, list, tuple)):
        return "[" + " ".join(tekst(y) for y in x) + "]"
    return repr(x)


class Zapis:
    """The transcript being written: one line an event."""

    def __init__(self) -> None:
        self.linije: list[str] = []
        self.potezi: list[str] = []

    def __call__(self, *dijelovi: Any) -> None:
        self.linije.append(" ".join(tekst(d) for d in dijelovi))

    def otisak(self) -> str:
        """The SHA-256 of the whole transcript."""
        return hashlib.sha256("\n".join(self.linije).encode("utf-8")).hexdigest()


def zapisniLog(Tablic: Any, zapis: Zapis) -> Any:
    """A ``Tablic.Log`` class that writes every hook's arguments to ``zapis`` and records
    entries with braces for ``spremi``'s ``{INDEX1}``."""

    class ZapisniLog(Tablic.Log):  # type: ignore[misc]
        def __init__(self, log: list[Any] | None = None) -> None:
            Tablic.Log.__init__(self, [] if log is None else log)

        def novaPartija(self, n: int, igraci: list[Any]) -> None:
            zapis("L novaPartija", n, [repr(p) for p in igraci], [str(p) for p in igraci])

        def novoDijeljenje(self, k: int, stol: set[Any]) -> None:
            zapis("L novoDijeljenje", k, stol)

        def prevediPotez(
            self, i: int, igraci: list[Any], ruka: set[Any], stol: set[Any], karta: Any,
            skupljeno: set[Any],
        ) -> str:
            zapis("L potez", i, [repr(p) for p in igraci], ruka, stol, karta, skupljeno)
            return f"{{INDEX1:d}}/{{INDEX0}} {i} {karta} {tekst(skupljeno)}"

        def kraj(self, rezultat: list[Any]) -> None:
            zapis("L kraj", rezultat)

    return ZapisniLog


def zapisniIgrac(base: Any, zapis: Zapis) -> Any:
    """A subclass of the player class ``base`` that writes each callback to ``zapis`` and
    each of its moves to ``zapis.potezi``, then does what ``base`` does."""

    class Zapisni(base):  # type: ignore[misc]
        def saznajBrojIgraca(self, n: int, imena: list[str]) -> None:
            zapis("P broj", self.dohvatiIndeks(), n, imena)
            base.saznajBrojIgraca(self, n, imena)

        def saznajNovoDijeljenje(self, ruka: set[Any], stol: set[Any]) -> None:
            zapis("P dijeljenje", self.dohvatiIndeks(), ruka, stol)
            base.saznajNovoDijeljenje(self, ruka, stol)

        def vidiPotez(
            self, i: int, ruka: set[Any], stol: set[Any], karta: Any, skupljeno: set[Any]
        ) -> None:
            zapis("P vidi", self.dohvatiIndeks(), i, ruka, stol, karta, skupljeno)
            base.vidiPotez(self, i, ruka, stol, karta, skupljeno)

        def saznajRezultat(self, rezultat: list[Any]) -> None:
            zapis("P rezultat", self.dohvatiIndeks(), rezultat)
            base.saznajRezultat(self, rezultat)

        def odigraj(self, ruka: set[Any], stol: set[Any], ponovi: Any = False) -> Any:
            potez = base.odigraj(self, ruka, stol, ponovi)
            zapis("P odigraj", self.dohvatiIndeks(), ruka, stol, ponovi, potez[0], potez[1])
            zapis.potezi.append(f"{self.dohvatiIndeks()}:{tekst(potez[0])}>{tekst(potez[1])}")
            return potez

    Zapisni.__name__ = Zapisni.__qualname__ = base.__name__
    return Zapisni


def odigraj(
    Tablic: Any, seats: str, klase: dict[str, tuple[Any, dict[str, Any]]], seed: int
) -> dict[str, Any]:
    """Plays one game of ``Tablic()`` (its deck shuffled after ``random.seed(seed)``), a
    player ``klase[letter]`` (class, keyword arguments) for each letter of ``seats``, and
    returns its golden record: the moves, the final scores, the transcript's digest and the
    next ``random.random()``."""
    random.seed(seed)
    zapis = Zapis()
    igra = Tablic()
    for slovo in seats:
        klasa, kwargs = klase[slovo]
        igra.dodajIgraca(zapisniIgrac(klasa, zapis), **kwargs)
    zapis("str", str(igra), repr(igra))
    log = zapisniLog(Tablic, zapis)()
    vraceno = igra.igraj(log, Tablic.PrazniLog([]))
    n = igra.dohvatiBrojIgraca()
    zapis("igraj", len(vraceno), igra.jePokrenuta(), igra.jeZavrsena(), str(igra))
    rezultat = igra.dohvatiRezultat()
    zapis("rezultat", rezultat, Tablic.Log.konacniRezultat(rezultat))
    for i in range(n):
        zapis("igrac", i, igra.dohvatiSkupljeno(i), igra.dohvatiTable(i), igra.dohvatiMax(i))
        zapis("ime", igra.dohvatiIme(i), repr(igra.dohvatiIgraca(i)), igra.hoceRazlog(i))
    zapis("stol", igra.dohvatiStol())
    for pretvorba, razmak in ((str, "\n"), (repr, ";")):
        izlaz = io.StringIO()
        log.spremi(izlaz, pretvorba, razmak)
        zapis("spremi", pretvorba.__name__, izlaz.getvalue())
    with tempfile.TemporaryDirectory() as mapa:
        ime = os.path.join(mapa, "log.txt")
        log.spremi(ime)
        with open(ime, encoding="utf-8") as datoteka:
            zapis("spremi u datoteku", datoteka.read())
    zapis("log", str(log), repr(log), len(log), bool(log), log[0], log.dohvatiLog()[-1])
    zapis("kopija", str(copy.deepcopy(log)))
    return {
        "seats": seats,
        "seed": seed,
        "moves": zapis.potezi,
        "scores": Tablic.Log.konacniRezultat(rezultat),
        "digest": zapis.otisak(),
        "random": random.random(),
    }

