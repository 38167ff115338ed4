"""Players and logs written in the original's style, for the tests of tablic.compat."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tablic.compat import Karta, RezultatIgraca, Tablic, unijeDisjunktnih
from tablic.compat.engine import Ponovi

ORACLE = Path(__file__).resolve().parents[3] / "core" / "tests" / "data" / "oracle"

Dogadaj = tuple[Any, ...]


class ZapisniIgrac(Tablic.RandomIgrac):
    """A random player recording every callback it gets into a shared list."""

    def __init__(self, i: int, ime: str | None = None, dogadaji: list[Dogadaj] | None = None) -> None:
        Tablic.RandomIgrac.__init__(self, i, ime)
        self.dogadaji: list[Dogadaj] = [] if dogadaji is None else dogadaji

    def __deepcopy__(self, memo: dict[int, Any]) -> ZapisniIgrac:
        return ZapisniIgrac(self.dohvatiIndeks(), self.dohvatiIme())

    def hocuRazlog(self) -> bool:
        self.dogadaji.append(("hocuRazlog", self.dohvatiIndeks()))
        return False

    def saznajBrojIgraca(self, n: int, imena: list[str]) -> None:
        self.dogadaji.append(("saznajBrojIgraca", self.dohvatiIndeks(), n, list(imena)))

    def saznajNovoDijeljenje(self, ruka: set[Karta], stol: set[Karta]) -> None:
        self.dogadaji.append(("saznajNovoDijeljenje", self.dohvatiIndeks(), set(ruka), set(stol)))

    def vidiPotez(
        self, i: int, ruka: set[Karta], stol: set[Karta], karta: Karta, skupljeno: set[Karta]
    ) -> None:
        self.dogadaji.append(
            ("vidiPotez", self.dohvatiIndeks(), i, set(ruka), set(stol), karta, set(skupljeno))
        )

    def saznajRezultat(self, rezultat: list[RezultatIgraca]) -> None:
        self.dogadaji.append(("saznajRezultat", self.dohvatiIndeks(), rezultat))

    def odigraj(
        self, ruka: set[Karta], stol: set[Karta], ponovi: Ponovi = False
    ) -> tuple[Karta, set[Karta]]:
        self.dogadaji.append(("odigraj", self.dohvatiIndeks(), set(ruka), set(stol), ponovi))
        return Tablic.RandomIgrac.odigraj(self, ruka, stol, ponovi)


class PotezLog(Tablic.Log):
    """Records every move as (player, card, captured set), and the hooks into ``dogadaji``."""

    def __init__(self, log: list[Any] | None = None, dogadaji: list[Dogadaj] | None = None) -> None:
        Tablic.Log.__init__(self, log)
        self.dogadaji: list[Dogadaj] = [] if dogadaji is None else dogadaji

    def novaPartija(self, n: int, igraci: list[Tablic.Igrac]) -> None:
        self.dogadaji.append(("novaPartija", n, [igrac.dohvatiIme() for igrac in igraci]))

    def novoDijeljenje(self, k: int, stol: set[Karta]) -> None:
        self.dogadaji.append(("novoDijeljenje", k, set(stol)))

    def prevediPotez(
        self,
        i: int,
        igraci: list[Tablic.Igrac],
        ruka: set[Karta],
        stol: set[Karta],
        karta: Karta,
        skupljeno: set[Karta],
    ) -> Any:
        self.dogadaji.append(("prevediPotez", i, set(ruka), set(stol), karta, set(skupljeno)))
        return (i, karta, frozenset(skupljeno))

    def kraj(self, rezultat: list[RezultatIgraca]) -> None:
        self.dogadaji.append(("kraj", rezultat))


class PohlepniStilIgrac(Tablic.Igrac):
    """A greedy player as the original's bots are written: ``moguciPotezi``,
    ``unijeDisjunktnih``, ``vrijednostKarata``; the most points, then the most cards."""

    def hocuRazlog(self) -> bool:
        return True

    def saznajBrojIgraca(self, n: int, imena: list[str]) -> None:
        pass

    def saznajNovoDijeljenje(self, ruka: set[Karta], stol: set[Karta]) -> None:
        pass

    def vidiPotez(
        self, i: int, ruka: set[Karta], stol: set[Karta], karta: Karta, skupljeno: set[Karta]
    ) -> None:
        pass

    def saznajRezultat(self, rezultat: list[RezultatIgraca]) -> None:
        pass

    def odigraj(
        self, ruka: set[Karta], stol: set[Karta], ponovi: Ponovi = False
    ) -> tuple[Karta, set[Karta]]:
        if ponovi:
            raise AssertionError(f"a legal move was refused: {ponovi!r}")
        M = Tablic.moguciPotezi(stol)
        najbolji: tuple[tuple[int, int, int], Karta, set[Karta]] | None = None
        for karta in sorted(ruka):
            izbori = unijeDisjunktnih(M[karta.znak]) if karta.znak in M else {frozenset()}
            for skupljeno in izbori:
                if skupljeno:
                    kljuc = (Tablic.vrijednostKarata(skupljeno | {karta}), len(skupljeno), 0)
                else:
                    kljuc = (-Tablic.vrijednostKarata(karta), 0, -int(karta))
                if najbolji is None or kljuc > najbolji[0]:
                    najbolji = (kljuc, karta, set(skupljeno))
        assert najbolji is not None
        return najbolji[1], najbolji[2]


class SkriptiraniIgrac(PohlepniStilIgrac):
    """Answers its first turn with the scripted moves, recording every ``ponovi``."""

    def __init__(
        self, i: int, ime: str | None = None, potezi: list[tuple[Any, Any]] | None = None,
        razlog: bool = True,
    ) -> None:
        PohlepniStilIgrac.__init__(self, i, ime)
        self.potezi = list(potezi or [])
        self.razlog = razlog
        self.ponovljeno: list[Ponovi] = []

    def hocuRazlog(self) -> bool:
        return self.razlog

    def odigraj(
        self, ruka: set[Karta], stol: set[Karta], ponovi: Ponovi = False
    ) -> tuple[Any, Any]:
        self.ponovljeno.append(ponovi)
        if self.potezi:
            return self.potezi.pop(0)
        return PohlepniStilIgrac.odigraj(self, ruka, stol)
