"""``Tablic``: the game class of the original ``engine.py``, refereed by the Rust engine.

The engine decides every rule: the deal (from ``spil``, in the original's order), whether
each move is legal (``Game.check``), tablas, who captured last, the most cards and the
points. Around it this module keeps what the original's players and logs see, built the way
the original builds it: each seat's hand, the table and each seat's captured cards are
Python sets changed by the same operations in the same order (``|=`` on a deal, ``remove``
on a move, ``pop`` when the last capturer takes the table), and every callback gets a
``copy.deepcopy`` of them as in the original. A set's iteration order depends on that
history, and the original's players draw ``random.choice(list(ruka))``: so for the same
``random.seed`` a game here deals, asks, draws and records exactly what the original does.
After every step the sets are checked against the engine's game.

Speed without another game: a copy of a set of cards is the new set ``deepcopy`` builds
(copies of its cards, added in its order) made without ``copy``'s machinery; a callback
that cannot do anything (a body of ``pass``, the engine's random player, a bot reading the
engine's game) is neither called nor copied for; ``moguciPotezi`` of the game's cards reads
each subset's sums from the weights it counts while making the power set.
"""

from __future__ import annotations

import abc
import copy
import dis
import os
import random
from collections.abc import Callable, Iterable, Sequence
from types import FunctionType
from typing import IO, Any, ClassVar, TypeAlias, TypedDict

from tablic import Card, Game, IllegalMoveError, capture_problem

from .karta import ZBROJEVI_TEZINE, Karta, kopijaKarata, tezinaKarte, u_card, u_cards
from .skupovi import partitivniSkup, partitivniSkupSTezinama, unijeDisjunktnih

__all__ = [
    "Karta",
    "NelegalniPotezError",
    "RezultatIgraca",
    "Tablic",
    "partitivniSkup",
    "unijeDisjunktnih",
]


class NelegalniPotezError(IllegalMoveError):
    """A player kept answering ``odigraj`` with illegal moves (``Tablic.maksPokusaja`` times).

    ``seat`` is the player's index; ``razlozi`` the reasons of the last attempt, as
    ``odigraj`` would have received them.
    """

    def __init__(self, message: str, seat: int, razlozi: tuple[object, ...]) -> None:
        super().__init__(message)
        self.seat = seat
        self.razlozi = razlozi


class RezultatIgraca(TypedDict):
    """One seat of ``Tablic.dohvatiRezultat()``."""

    ime: str
    skupljeno: int
    table: int
    max: bool | tuple[bool, int]


Ponovi: TypeAlias = bool | tuple[bool, tuple[object, ...]]
"""The ``ponovi`` argument of ``odigraj``: False, True, or (True, reasons)."""

_ZNAKOVI = {int(znak): znak for znak in Karta.Znak}

_ZNAK_BEZ_BOJE = Karta.Boja.HERC
"""The suit a rank-only card is valued with: one that makes no card special (2♣, 10♦)."""

_SAMO_KARTE = frozenset({Karta})

_BODOVI_KODA: dict[int, int] = {
    hash(Karta(boja, znak)): u_card(Karta(_ZNAK_BEZ_BOJE if boja is Karta.Boja.NA else boja, znak)).points
    for boja in Karta.Boja
    for znak in list(Karta.Znak)[1:]
}
"""The points of every card with a rank, by its hash (a card with no rank is worth 0)."""

# The original's Log.__init__(self, log=list()): the default list is made once, so every
# log created without a list of its own records into this same one, as in the original.
_ZAJEDNICKI_LOG: list[Any] = []


class Tablic:
    """A game of tablić with the original's interface, refereed by the engine.

    ``Tablic(spil=None)`` holds one game: a deck shuffled with ``random.shuffle`` (of
    ``list(Karta.noviSpil())``, as the original), or the order ``spil`` gives (52 distinct
    cards, dealt from ``spil[0]`` on: 4 to the table, then one card per player per pass,
    player 0 first). Add players with ``dodajIgraca``, then ``igraj(*logs)``.
    """

    maksPokusaja: ClassVar[int] = 100
    """How many illegal answers in a row a player may give before ``NelegalniPotezError``
    (the original asks forever)."""

    # -- logs ----------------------------------------------------------------------------------

    class Log(abc.ABC):
        """A game log (abstract): hooks ``novaPartija``, ``novoDijeljenje``,
        ``prevediPotez`` (its non-None result is recorded) and ``kraj``.

        ``Log(log)`` records into the list ``log`` (``Log(None)``: a new list of its own).
        Without an argument it records into a list shared by every log made that way, as
        the original's default ``log = list()`` does; the original's log classes, which
        pass their own default list, share one list per class in the same way.
        """

        def __init__(self, log: list[Any] | None = _ZAJEDNICKI_LOG) -> None:
            self.__log: list[Any] = [] if log is None else log

        @classmethod
        def konacniRezultat(cls, rezultat: Sequence[RezultatIgraca]) -> list[int]:
            """The final integer score of every seat of a ``dohvatiRezultat()``."""
            return [
                r["skupljeno"]
                + r["table"] * Tablic.vrijednostTable()
                + int(r["max"][0] if isinstance(r["max"], tuple) else r["max"])
                * Tablic.vrijednostMax()
                for r in rezultat
            ]

        def __copy__(self) -> Tablic.Log:
            return type(self)(self.__log)

        def __deepcopy__(self, memo: dict[int, Any]) -> Tablic.Log:
            return type(self)(copy.deepcopy(self.__log, memo))

        def __len__(self) -> int:
            return len(self.__log)

        def __bool__(self) -> bool:
            return bool(self.__log)

        def __iter__(self) -> Any:
            return (copy.deepcopy(entry) for entry in list(self.__log))

        def __reversed__(self) -> Any:
            return (copy.deepcopy(entry) for entry in list(reversed(self.__log)))

        def __getitem__(self, key: int | slice) -> Any:
            if isinstance(key, slice):
                return [copy.deepcopy(entry) for entry in self.__log[key]]
            return copy.deepcopy(self.__log[key])

        def __setitem__(self, key: int | slice, value: object) -> None:
            raise TypeError("moves cannot be set in a log")

        def __delitem__(self, key: int | slice) -> None:
            raise TypeError("moves cannot be deleted from a log")

        def _popis(self, convert: Callable[[Any], str]) -> str:
            """The entries, numbered, one a line, between a newline before and after."""
            if not self.__log:
                return ""
            width = len(str(len(self.__log) - 1))
            lines = (f"\t{i:{width}d}.\t{convert(entry)}" for i, entry in enumerate(self.__log))
            return "\n" + "\n".join(lines) + "\n"

        def __repr__(self) -> str:
            return f"<{type(self).__name__}: [{self._popis(repr)}]>"

        def __str__(self) -> str:
            return f"{type(self).__name__}([{self._popis(str)}])"

        def dohvatiLog(self) -> list[Any]:
            """A copy of every recorded entry."""
            return copy.deepcopy(self.__log)

        def spremi(
            self,
            izlaz: str | os.PathLike[str] | IO[str],
            konverzija: Callable[[Any], str] = str, razmak: str = "\n"
        ) -> None:
            """Writes the entries to ``izlaz``, each converted by ``konverzija`` and then
            formatted with ``INDEX0``/``INDEX1`` (its index from 0 and from 1), ``razmak``
            between two entries.

            ``izlaz`` is a file name (written anew, ending with a newline, then closed) or
            an open text file (written to, left open, no final newline): the original's
            format, byte for byte.
            """
            text = razmak.join(
                konverzija(copy.deepcopy(entry)).format(INDEX0=i, INDEX1=i + 1)
                for i, entry in enumerate(self.__log)
            )
            if isinstance(izlaz, (str, os.PathLike)):
                with open(izlaz, "w", encoding="utf-8") as out:
                    out.write(text)
                    out.write("\n")
            else:
                izlaz.write(text)

        def logirajPotez(
            self,
            i: int,
            igraci: list[Tablic.Igrac],
            ruka: set[Karta],
            stol: set[Karta],
            karta: Karta,
            skupljeno: set[Karta],
        ) -> None:
            """Records ``prevediPotez(…)`` unless it is None."""
            potez = self.prevediPotez(i, igraci, ruka, stol, karta, skupljeno)
            if potez is not None:
                self.__log.append(potez)

        @abc.abstractmethod
        def novaPartija(self, n: int, igraci: list[Tablic.Igrac]) -> None:
            """A game of ``n`` players (copies, in seat order) starts."""

        @abc.abstractmethod
        def novoDijeljenje(self, k: int, stol: set[Karta]) -> None:
            """``k`` cards were dealt to everyone; ``stol`` is the table."""

        @abc.abstractmethod
        def prevediPotez(
            self,
            i: int,
            igraci: list[Tablic.Igrac],
            ruka: set[Karta],
            stol: set[Karta],
            karta: Karta,
            skupljeno: set[Karta],
        ) -> Any:
            """The entry for player ``i``'s move (``ruka``: its hand and ``stol`` the table,
            both before the move), or None to record nothing."""

        @abc.abstractmethod
        def kraj(self, rezultat: list[RezultatIgraca]) -> None:
            """The game is over: ``rezultat`` as ``Tablic.dohvatiRezultat()``."""

    class PrazniLog(Log):
        """A log that records nothing."""

        def novaPartija(self, n: int, igraci: list[Tablic.Igrac]) -> None:
            pass

        def novoDijeljenje(self, k: int, stol: set[Karta]) -> None:
            pass

        def prevediPotez(
            self,
            i: int,
            igraci: list[Tablic.Igrac],
            ruka: set[Karta],
            stol: set[Karta],
            karta: Karta,
            skupljeno: set[Karta],
        ) -> None:
            return None

        def kraj(self, rezultat: list[RezultatIgraca]) -> None:
            pass

    # -- players -------------------------------------------------------------------------------

    class Igrac(abc.ABC):
        """A player (abstract). ``Igrac(i, ime=None)``: ``i`` is its seat (from 0), ``ime``
        its name (default ``'<class name> <i + 1>'``).

        Callbacks, in the order a game makes them: ``saznajBrojIgraca(n, imena)`` once;
        ``saznajNovoDijeljenje(ruka, stol)`` after every deal; on its turn
        ``odigraj(ruka, stol, ponovi)`` → ``(karta, set of captured cards)`` and then
        ``hocuRazlog()``; ``vidiPotez(i, ruka, stol, karta, skupljeno)`` after every move
        (before it changes anything); ``saznajRezultat(rezultat)`` at the end.
        """

        def __init__(self, i: int, ime: str | None = None) -> None:
            self.__i = i
            self.__ime = f"{type(self).__name__} {i + 1}" if ime is None else ime

        def _spojiIgru(self, igra: Game | None) -> None:
            """Called by ``Tablic.igraj`` with the engine's game at the start (None at the
            end). Players that can use it (the engine's bots) override this."""

        def _cuje(self, poziv: str) -> bool:
            """Whether the callback ``poziv`` (``vidiPotez``, ``saznajNovoDijeljenje``) may do
            anything: when not, the game neither calls it nor copies its arguments."""
            return True

        def __copy__(self) -> Tablic.Igrac:
            return self._kopija()

        def __deepcopy__(self, memo: dict[int, Any]) -> Tablic.Igrac:
            return self._kopija()

        def _kopija(self) -> Tablic.Igrac:
            # As the original: a fresh player with the same seat and name; a subclass whose
            # constructor takes other arguments gets a shallow copy instead of an error.
            try:
                return type(self)(self.__i, self.__ime)
            except TypeError:
                twin = object.__new__(type(self))
                twin.__dict__.update(self.__dict__)
                return twin

        def __repr__(self) -> str:
            return f"<{type(self).__name__}: ({self.__i}, {self.__ime!r})>"

        def __str__(self) -> str:
            return f"{type(self).__name__}({self.__ime!r})"

        def dohvatiIndeks(self) -> int:
            """The player's seat (from 0)."""
            return self.__i

        def dohvatiIme(self) -> str:
            """The player's name."""
            return self.__ime

        @abc.abstractmethod
        def hocuRazlog(self) -> bool:
            """Whether a retry should say why (``ponovi = (True, reasons)``)."""

        @abc.abstractmethod
        def saznajBrojIgraca(self, n: int, imena: list[str]) -> None:
            """The game has ``n`` players, named ``imena`` in seat order."""

        @abc.abstractmethod
        def saznajNovoDijeljenje(self, ruka: set[Karta], stol: set[Karta]) -> None:
            """A deal: ``ruka`` is this player's new hand, ``stol`` the table."""

        @abc.abstractmethod
        def vidiPotez(
            self, i: int, ruka: set[Karta], stol: set[Karta], karta: Karta, skupljeno: set[Karta]
        ) -> None:
            """Player ``i`` plays ``karta`` capturing ``skupljeno``; ``ruka`` is this
            player's own hand and ``stol`` the table, both before the move."""

        @abc.abstractmethod
        def saznajRezultat(self, rezultat: list[RezultatIgraca]) -> None:
            """The game is over."""

        @abc.abstractmethod
        def odigraj(
            self, ruka: set[Karta], stol: set[Karta], ponovi: Ponovi = False
        ) -> tuple[Any, Any]:
            """The move: ``(karta from ruka, set of cards from stol)`` (``set()`` to discard).

            ``ponovi`` is False on the first call; after an illegal answer it is True, or
            ``(True, reasons)`` when ``hocuRazlog()``: the card (not in the hand), the set
            (not on the table), the rank (no subset sums to it), False (cannot be split
            into disjoint groups that each sum to it).
            """

    class RandomIgrac(Igrac):
        """The original's random player: a card drawn with ``random.choice`` from the hand,
        then a capture drawn from that card's legal captures, in the original's order."""

        def _cuje(self, poziv: str) -> bool:
            # Its callbacks do nothing, unless a subclass gives them something to do.
            return getattr(type(self), poziv) is not getattr(Tablic.RandomIgrac, poziv)

        def hocuRazlog(self) -> bool:
            return False

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
            # As the original, which makes Tablic.moguciPotezi(stol) first: making it draws
            # nothing from random, so only the drawn card's rank is made, after the draw.
            karta = random.choice(list(ruka))
            skupovi = Tablic._moguciPoteziZnaka(stol, karta.znak)
            izbori: list[frozenset[Karta]] = (
                [frozenset()] if skupovi is None else list(unijeDisjunktnih(skupovi))
            )
            return karta, set(random.choice(izbori))

    # -- class methods -------------------------------------------------------------------------

    @classmethod
    def inicijalniBrojKarata_stol(cls) -> int:
        """Cards on the table at the start: 4."""
        return 4

    @classmethod
    def inicijalniBrojKarata_ruka(cls) -> int:
        """Most cards in a hand: 6."""
        return 6

    @classmethod
    def vrijednostTable(cls) -> int:
        """Points of a tabla: 1."""
        return 1

    @classmethod
    def vrijednostMax(cls) -> int:
        """Points for strictly the most cards: 3."""
        return 3

    @classmethod
    def vrijednostKarata(cls, x: object) -> int:
        """Points of a card, or (recursively) of a collection of cards (the engine's values).

        A card with a rank but no suit (``Karta(Karta.Znak.Q)``, as the original's minimax
        imagines an opponent's hand) is worth what its rank is worth: only a suit makes a
        2 or a 10 special. A card with no rank is worth 0.

        >>> Tablic.vrijednostKarata(((Karta('tref 2'), Karta('karo 10')), Karta('pik A')))
        4
        >>> Tablic.vrijednostKarata([Karta(Karta.Znak.Q), Karta(Karta.Znak.BR10), Karta(2)])
        2
        """
        if isinstance(x, (set, frozenset)) and set(map(type, x)) <= _SAMO_KARTE:
            # A set of cards (no set converts to one card): the sum of theirs.
            return sum(_BODOVI_KODA.get(karta._kod, 0) for karta in x)
        if not isinstance(x, Karta):
            try:
                x = Karta(x)
            except (TypeError, ValueError):
                if isinstance(x, Iterable) and not isinstance(x, str):
                    return sum(Tablic.vrijednostKarata(y) for y in x)
                raise TypeError(f"{x!r} is neither a card nor a collection of cards") from None
        return _BODOVI_KODA.get(x._kod, 0)

    @classmethod
    def moguciPotezi(cls, S: Iterable[Any]) -> dict[Karta.Znak, set[frozenset[Any]]]:
        """Every non-empty subset of ``S`` under each rank it sums to (``Karta``'s ``+``:
        aces 1 or 11, a sum of 11 under ``Znak.A``); ranks no subset reaches are absent.

        The legal captures of card ``c`` are ``unijeDisjunktnih(M[c.znak])`` when
        ``c.znak in M``, else ``{frozenset()}``. Subsets are visited in the order of the
        original's power set, so the dict and its sets iterate as the original's do.
        """
        karte = list(S)
        po_znaku = _poZnaku(karte, None)
        if po_znaku is not None:
            return {_ZNAKOVI[znak]: skup for znak, skup in po_znaku.items()}
        M: dict[Karta.Znak, set[frozenset[Any]]] = {}
        for A in partitivniSkup(karte) - {frozenset()}:
            for x in sum(A):
                znak = Karta.Znak(x if x != 11 else 1)
                if znak in M:
                    M[znak] |= {A}
                else:
                    M[znak] = {A}
        return M

    @classmethod
    def _moguciPoteziZnaka(cls, S: Iterable[Any], znak: Karta.Znak) -> set[frozenset[Any]] | None:
        """``moguciPotezi(S).get(znak)``, filing only the subsets of that rank."""
        karte = list(S)
        po_znaku = _poZnaku(karte, int(znak))
        if po_znaku is None:
            return cls.moguciPotezi(karte).get(znak)
        return po_znaku.get(int(znak))

    # -- one game ------------------------------------------------------------------------------

    def __init__(self, spil: Iterable[object] | None = None) -> None:
        if spil is None:
            karte = list(Karta.noviSpil())
            random.shuffle(karte)
        else:
            karte = _provjeriSpil(spil)
        self._spil = karte
        self._pokrenuta = False
        self._zavrsena = False
        self._igraci: list[Tablic.Igrac] = []
        self._ruke: list[set[Karta]] = []
        self._skupljeno: list[set[Karta]] = []
        self._stol: set[Karta] = set()
        self._igra: Game | None = None

    def __repr__(self) -> str:
        igraci = ", ".join(repr(igrac) for igrac in self._igraci)
        return (
            f"<{type(self).__name__}: {{pokrenuta: {self._pokrenuta!r}, "
            f"zavrsena: {self._zavrsena!r}, igraci: ({igraci})}}>"
        )

    def __str__(self) -> str:
        return f"{type(self).__name__}({', '.join(str(igrac) for igrac in self._igraci)})"

    def dodajIgraca(
        self, klasa: Callable[..., Tablic.Igrac] | None = None, *args: Any, **kwargs: Any
    ) -> None:
        """Seats ``klasa(seat, *args, **kwargs)`` (default ``Tablic.RandomIgrac``); a
        keyword ``i`` is ignored."""
        if self._pokrenuta:
            raise RuntimeError("players cannot join a game that has started")
        kwargs.pop("i", None)
        klasa = Tablic.RandomIgrac if klasa is None else klasa
        self._igraci.append(klasa(len(self._igraci), *args, **kwargs))
        self._ruke.append(set())
        self._skupljeno.append(set())

    def jePokrenuta(self) -> bool:
        """Whether ``igraj`` has started."""
        return self._pokrenuta

    def jeZavrsena(self) -> bool:
        """Whether the game is over."""
        return self._zavrsena

    def dohvatiBrojIgraca(self) -> int:
        """The number of players."""
        return len(self._igraci)

    def dohvatiStol(self) -> set[Karta]:
        """The cards on the table (a copy)."""
        return kopijaKarata(self._stol)

    def dohvatiIgraca(self, i: int) -> Tablic.Igrac:
        """A copy of player ``i``."""
        return copy.deepcopy(self._igraci[i])

    def hoceRazlog(self, i: int) -> bool:
        """Whether player ``i`` wants the reasons of a retry."""
        return self._igraci[i].hocuRazlog()

    def dohvatiIme(self, i: int) -> str:
        """Player ``i``'s name."""
        return self._igraci[i].dohvatiIme()

    def dohvatiSkupljeno(self, i: int) -> set[Karta]:
        """The cards player ``i`` has captured (a copy)."""
        return kopijaKarata(self._skupljeno[i])

    def dohvatiTable(self, i: int) -> int:
        """Player ``i``'s tablas so far."""
        seat = range(len(self._igraci))[i]
        return 0 if self._igra is None else self._igra.view(seat).tablas[seat]

    def dohvatiMax(self, i: int) -> bool | tuple[bool, int]:
        """False before the end; then (strictly the most cards?, number of cards)."""
        seat = range(len(self._igraci))[i]
        if self._igra is None or not self._zavrsena:
            return False
        rezultat = self._igra.result().seats[seat]
        return (rezultat.most_cards, rezultat.cards)

    def dohvatiRezultat(self) -> list[RezultatIgraca]:
        """Per seat: ``{'ime', 'skupljeno': card points, 'table': tablas, 'max'}``."""
        rezultat: list[RezultatIgraca] = []
        for i, igrac in enumerate(self._igraci):
            points = 0
            if self._igra is not None:
                points = sum(card.points for card in self._igra.view(i).piles[i])
            rezultat.append(
                {
                    "ime": igrac.dohvatiIme(),
                    "skupljeno": points,
                    "table": self.dohvatiTable(i),
                    "max": self.dohvatiMax(i),
                }
            )
        return rezultat

    def igraj(self, *logovi: Tablic.Log) -> None | Tablic.Log | tuple[Tablic.Log, ...]:
        """Plays the game; returns None, the one log, or the tuple of logs given."""
        if self._pokrenuta:
            raise RuntimeError("this game has already been played")
        if not self._igraci:
            raise RuntimeError("the game has no players")
        n = len(self._igraci)
        try:
            igra = Game(players=n, deck=[u_card(karta) for karta in self._spil])
        except ValueError as error:
            raise RuntimeError(f"{n} is not a valid number of players: {error}") from error
        self._igra = igra
        self._pokrenuta = True
        for igrac in self._igraci:
            getattr(igrac, "_spojiIgru", _nista)(igra)
        try:
            _Partija(self, igra, logovi).igraj()
        finally:
            for igrac in self._igraci:
                getattr(igrac, "_spojiIgru", _nista)(None)
        if not logovi:
            return None
        if len(logovi) == 1:
            return logovi[0]
        return tuple(logovi)


def _poZnaku(karte: list[Any], samo: int | None) -> dict[int, set[frozenset[Any]]] | None:
    """``Tablic.moguciPotezi(karte)`` by the ranks' values (only the rank ``samo``, when it
    is given) for distinct exact ``Karta``s (the game's tables; else None): the same subsets
    filed under the same ranks in the same order, their sums read from their weights rather
    than added with ``Karta``'s ``+``."""
    if not (all(type(karta) is Karta for karta in karte) and len(set(karte)) == len(karte)):
        return None
    podskupovi, tezine = partitivniSkupSTezinama(karte, tezinaKarte)
    po_znaku: dict[int, set[frozenset[Any]]] = {}
    for A in podskupovi - {frozenset()}:
        for znak in ZBROJEVI_TEZINE[tezine[A]]:
            if samo is not None and znak != samo:
                continue
            skup = po_znaku.get(znak)
            if skup is None:
                po_znaku[znak] = {A}
            else:
                skup |= {A}
    return po_znaku


def _nista(igra: Game | None) -> None:
    """What ``igraj`` calls on a player that does not take the engine's game."""


def _cuje(igrac: object, poziv: str) -> bool:
    """Whether the callback ``poziv`` of ``igrac`` may do anything: not when its ``_cuje``
    says so, nor when it is a plain function whose body is ``pass`` (or a docstring), as
    the original's greedy player's ``vidiPotez``."""
    cuje = getattr(igrac, "_cuje", None)
    if cuje is not None and not cuje(poziv):
        return False
    metoda = getattr(igrac, poziv, None)
    funkcija = getattr(metoda, "__func__", None)
    if getattr(metoda, "__self__", None) is not igrac or not isinstance(funkcija, FunctionType):
        return True
    radnje = [
        (x.opname, x.argval)
        for x in dis.get_instructions(funkcija)
        if x.opname not in ("RESUME", "NOP")
    ]
    return radnje not in _PRAZNO_TIJELO


_PRAZNO_TIJELO = ([("LOAD_CONST", None), ("RETURN_VALUE", None)], [("RETURN_CONST", None)])
"""A function's instructions when its body does nothing (``pass``), in CPython 3.11 and on."""


class _Partija:
    """One run of ``Tablic.igraj``: the original's sequence of deals, callbacks and set
    operations, with the engine's game deciding every rule and checked after each step."""

    def __init__(self, tablic: Tablic, igra: Game, logovi: Sequence[Tablic.Log]) -> None:
        self.tablic = tablic
        self.igra = igra
        self.logovi = logovi
        self.igraci = tablic._igraci
        self.ruke = tablic._ruke
        self.skupljeno = tablic._skupljeno
        self.stol = tablic._stol
        self.spil = iter(tablic._spil)
        # Who hears each move and deal: a player whose callback does nothing (the engine's
        # random player, a bot reading the engine's game) is neither called nor copied for.
        self.vide = [j for j, igrac in enumerate(self.igraci) if _cuje(igrac, "vidiPotez")]
        self.saznaju = [
            j for j, igrac in enumerate(self.igraci) if _cuje(igrac, "saznajNovoDijeljenje")
        ]

    def igraj(self) -> None:
        igra, igraci = self.igra, self.igraci
        n = len(igraci)
        for _ in range(Tablic.inicijalniBrojKarata_stol()):
            self.stol |= {next(self.spil)}
        for log in self.logovi:
            log.novaPartija(n, self.kopijeIgraca())
        imena = [igrac.dohvatiIme() for igrac in igraci]
        for igrac in igraci:
            igrac.saznajBrojIgraca(n, copy.deepcopy(imena))
        while not igra.is_finished:
            k = self.podijeli()
            for log in self.logovi:
                log.novoDijeljenje(k, kopijaKarata(self.stol))
            for i in self.saznaju:
                igraci[i].saznajNovoDijeljenje(
                    kopijaKarata(self.ruke[i]), kopijaKarata(self.stol)
                )
            while self.ruke[0]:
                for i in range(n):
                    self.potez(i)
        self.tablic._zavrsena = True
        self.zavrsi()
        rezultat = self.tablic.dohvatiRezultat()
        for igrac in igraci:
            igrac.saznajRezultat(copy.deepcopy(rezultat))
        for log in self.logovi:
            log.kraj(copy.deepcopy(rezultat))

    def kopijeIgraca(self) -> list[Tablic.Igrac]:
        return [copy.deepcopy(igrac) for igrac in self.igraci]

    def podijeli(self) -> int:
        """Deals the engine's deal (one card a player a pass) into the hands' sets."""
        k = len(self.igra.view(0).hand)
        for _ in range(k):
            for ruka in self.ruke:
                ruka |= {next(self.spil)}
        self.provjeri()
        return k

    def potez(self, i: int) -> None:
        karta, skupljeno, potez = self.dohvatiPotez(i)
        for log in self.logovi:
            log.logirajPotez(
                i,
                self.kopijeIgraca(),
                kopijaKarata(self.ruke[i]),
                kopijaKarata(self.stol),
                karta,
                kopijaKarata(skupljeno),
            )
        for j in self.vide:
            self.igraci[j].vidiPotez(
                i, kopijaKarata(self.ruke[j]), kopijaKarata(self.stol), karta,
                kopijaKarata(skupljeno),
            )
        odigrano = self.igra.play(*potez)
        self.ruke[i].remove(karta)
        if skupljeno:
            self.skupljeno[i] |= {karta}
            for uzeta in skupljeno:
                self.stol.remove(uzeta)
                self.skupljeno[i] |= {uzeta}
        else:
            self.stol |= {karta}
        if not (odigrano.new_deal or odigrano.finished):
            # After a deal's last move the engine has dealt anew (podijeli follows) or
            # given the table to the last capturer (zavrsi follows).
            self.provjeri(i)

    def dohvatiPotez(self, i: int) -> tuple[Karta, Any, tuple[Card, list[Card]]]:
        """Asks player ``i`` until the engine accepts its move (at most ``maksPokusaja``).

        Returns the card and the captured set as the game goes on with them (the player's
        own objects when they are ``Karta``, else their conversions) and the engine's move.
        """
        igrac = self.igraci[i]
        ponovi: Ponovi = False
        razlozi: tuple[object, ...] = ()
        odgovor: object = None
        pokusaji = max(1, Tablic.maksPokusaja)
        for _ in range(pokusaji):
            odgovor = igrac.odigraj(kopijaKarata(self.ruke[i]), kopijaKarata(self.stol), ponovi)
            if not isinstance(odgovor, (tuple, list)) or len(odgovor) != 2:
                raise TypeError(
                    f"{igrac.dohvatiIme()}: odigraj must return (karta, skupljeno), "
                    f"not {odgovor!r}"
                )
            karta, skupljeno = odgovor
            if isinstance(skupljeno, (str, Karta)) or not isinstance(skupljeno, Iterable):
                raise TypeError(
                    f"{igrac.dohvatiIme()}: skupljeno must be a set of cards, not {skupljeno!r}"
                )
            hoce = igrac.hocuRazlog()
            odigrana = _probaj(karta)
            uzete = skupljeno if _sve_karte(skupljeno) else {_probaj(x) for x in skupljeno}
            if odigrana is not None and None not in uzete:
                potez = (u_card(odigrana), sorted({u_card(x) for x in uzete}))
                try:
                    self.igra.check(*potez)
                except IllegalMoveError:
                    pass
                else:
                    return odigrana, uzete, potez
            razlozi = self.razlozi(i, karta, skupljeno)
            ponovi = (True, razlozi) if hoce else True
        raise NelegalniPotezError(
            f"{igrac.dohvatiIme()} (player {i}) gave {pokusaji} illegal moves in a row; "
            f"the last, {odgovor!r}, because of {razlozi!r}",
            i,
            razlozi,
        )

    def razlozi(self, i: int, karta: object, skupljeno: Iterable[object]) -> tuple[object, ...]:
        """The original's reasons for rejecting a move, in its order (judged by the engine):
        the card (not in the hand), the set (not on the table), the rank (no subset of the
        set sums to it), False (the set cannot be split into groups that do)."""
        razlozi: list[object] = []
        odigrana = _probaj(karta)
        if odigrana is None or odigrana not in self.ruke[i]:
            razlozi.append(karta)
        uzete = [_probaj(x) for x in skupljeno]
        if None in uzete or not set(uzete) <= self.stol:
            razlozi.append(skupljeno)
        if uzete and odigrana is not None and None not in uzete:
            cards = frozenset(u_card(x) for x in uzete if x is not None)
            problem = capture_problem(cards, u_card(odigrana), cards)
            if problem == "nothing sums":
                razlozi.append(odigrana.znak)
            elif problem == "cannot split":
                razlozi.append(False)
        if not razlozi:
            razlozi.append(False)
        return tuple(razlozi)

    def zavrsi(self) -> None:
        """The last capturer takes the table, card by card, as the original pops it."""
        zadnji = self.igra.view(0).last_capturer
        if zadnji is not None:
            while self.stol:
                self.skupljeno[zadnji] |= {self.stol.pop()}
        self.provjeri()

    def provjeri(self, seat: int | None = None) -> None:
        """The sets hold exactly the engine's cards: a difference is a bug of this module.

        After a move only the table and the seat ``seat`` that moved can have changed.
        """
        igra = self.igra
        if u_cards(self.stol) != igra.table:
            raise AssertionError(f"tablic.compat lost track of the table: {self.stol}")
        for i in range(len(self.igraci)) if seat is None else (seat,):
            view = igra.view(i)
            if u_cards(self.ruke[i]) != view.hand or u_cards(self.skupljeno[i]) != view.piles[i]:
                raise AssertionError(f"tablic.compat lost track of seat {i}'s cards")


def _probaj(x: object) -> Karta | None:
    """``x`` as a whole card, or None."""
    try:
        karta = x if isinstance(x, Karta) else Karta(x)
    except (TypeError, ValueError, AttributeError):
        return None
    return karta if karta else None


def _sve_karte(skupljeno: object) -> bool:
    """Whether ``skupljeno`` is a set of whole ``Karta`` (used as it is, like the original)."""
    return isinstance(skupljeno, (set, frozenset)) and all(
        isinstance(x, Karta) and x for x in skupljeno
    )


def _provjeriSpil(spil: Iterable[object]) -> list[Karta]:
    """The deck ``spil`` as cards, or a ``ValueError`` saying what is wrong with it."""
    if isinstance(spil, (str, Karta)) or not isinstance(spil, Iterable):
        raise ValueError("spil must be an iterable of the 52 cards")
    karte: list[Karta] = []
    for position, x in enumerate(spil):
        karta = _probaj(x)
        if karta is None:
            raise ValueError(f"spil[{position}] = {x!r} is not a whole card")
        karte.append(karta)
    try:
        Game(players=2, deck=[u_card(karta) for karta in karte])
    except ValueError as error:
        raise ValueError(f"malformed deck: {error}") from None
    return karte
