"""``Tablic``: the game class of the original ``engine.py``, played by the Rust engine.

Every rule is the engine's: the deal (from ``spil``, in the original's order), the legality
of every move (``Game.check``), captures, tablas and scoring. This module only speaks the
original's interface around it: the player callbacks, the logs, the queries.
"""

from __future__ import annotations

import abc
import copy
import os
import random
from collections.abc import Callable, Iterable, Sequence
from typing import IO, TYPE_CHECKING, Any, ClassVar, TypeAlias, TypedDict

from tablic import Card, Game, IllegalMoveError, capture_groups, capture_problem, captures

from .karta import Karta, iz_carda, u_card
from .skupovi import partitivniSkup, unijeDisjunktnih

if TYPE_CHECKING:
    from .bots import BotIgrac

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

_ZNAKOVI = list(Karta.Znak)[1:]
_BOJE = list(Karta.Boja)[1:]


def _skupine(stol: frozenset[Card], znak: Karta.Znak) -> list[frozenset[Card]]:
    """Every non-empty subset of ``stol`` that a card of rank ``znak`` captures (engine)."""
    return capture_groups(stol, u_card(Karta(_BOJE[0], znak)))


def _u_karte(S: Iterable[object]) -> dict[Card, Karta]:
    """The engine's cards of ``S`` mapped to ``S``'s own ``Karta`` objects (or conversions)."""
    objekti: dict[Card, Karta] = {}
    for x in S:
        karta = x if isinstance(x, Karta) else Karta(x)
        objekti.setdefault(u_card(karta), karta)
    return objekti


def _razlog_suma(karta: Karta, skupljeno: frozenset[Card]) -> Karta.Znak | bool | None:
    """Why ``skupljeno`` is no capture of ``karta`` by sums alone (the original's last two
    reasons): the rank when no subset sums to it, False when it cannot be split, else None.
    The engine judges it, as if ``skupljeno`` were the whole table."""
    problem = capture_problem(skupljeno, u_card(karta), skupljeno)
    if problem == "nothing sums":
        return karta.znak
    return False if problem == "cannot split" else None


class Tablic:
    """A game of tablić with the original's interface, played by the engine.

    ``Tablic(spil=None)`` holds one game: a deck shuffled with ``random.shuffle``, or the
    order ``spil`` gives (52 distinct cards, dealt from ``spil[0]`` on: 4 to the table,
    then one card per player per pass, player 0 first, as the original deals from its
    queue). Add players with ``dodajIgraca``, then ``igraj(*logs)``.
    """

    maksPokusaja: ClassVar[int] = 100
    """How many illegal answers in a row a player may give before ``NelegalniPotezError``."""

    # -- logs ----------------------------------------------------------------------------------

    class Log(abc.ABC):
        """A game log (abstract): hooks ``novaPartija``, ``novoDijeljenje``,
        ``prevediPotez`` (its non-None result is recorded) and ``kraj``.

        ``Log(log=None)`` starts an empty list of its own (or records into the given list).
        """

        def __init__(self, log: list[Any] | None = None) -> None:
            self.__log: list[Any] = [] if log is None else log

        @classmethod
        def konacniRezultat(cls, rezultat: Sequence[RezultatIgraca]) -> list[int]:
            """The final integer score of every seat of a ``dohvatiRezultat()``."""
            scores = []
            for r in rezultat:
                most = r["max"]
                bonus = Tablic.vrijednostMax() if isinstance(most, tuple) and most[0] else 0
                scores.append(r["skupljeno"] + r["table"] * Tablic.vrijednostTable() + bonus)
            return scores

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

        def _format(self, convert: Callable[[Any], str]) -> str:
            width = len(str(len(self.__log) - 1))
            lines = "".join(
                f"\t{i:{width}d}.\t{convert(entry)}\n" for i, entry in enumerate(self.__log)
            )
            return f"{type(self).__name__}([{chr(10) + lines if lines else ''}])"

        def __repr__(self) -> str:
            return self._format(repr)

        def __str__(self) -> str:
            return self._format(str)

        def dohvatiLog(self) -> list[Any]:
            """A copy of every recorded entry."""
            return copy.deepcopy(self.__log)

        def spremi(
            self,
            izlaz: str | os.PathLike[str] | IO[str],
            konverzija: Callable[[Any], str] | str = str,
            razmak: str = "\n",
        ) -> None:
            """Writes every entry, converted by ``konverzija`` (a function, or ``'str'``,
            ``'repr'``, ``'unicode'``) and followed by ``razmak``, to ``izlaz``: a file name
            (written anew) or an open text file (left open)."""
            if isinstance(konverzija, str):
                named: dict[str, Callable[[Any], str]] = {
                    "str": str,
                    "unicode": str,
                    "repr": repr,
                }
                if konverzija not in named:
                    raise ValueError(f"konverzija {konverzija!r}: use a function, 'str' or 'repr'")
                konverzija = named[konverzija]
            text = "".join(konverzija(entry) + razmak for entry in self.__log)
            if isinstance(izlaz, (str, os.PathLike)):
                with open(izlaz, "w", encoding="utf-8") as out:
                    out.write(text)
            else:
                izlaz.write(text)
                izlaz.flush()

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

        @classmethod
        def bot(cls, name: str, *, zrcalo: bool = False, **options: int) -> type[BotIgrac]:
            """A player class deciding with the engine's bot ``name`` (``tablic.Bot``).

            ``Igrac.bot("pimc", samples=32)`` is a class for ``dodajIgraca``; its
            instances take ``(i, ime=None, *, seed=None, **more_options)``. In a
            ``tablic.compat`` game the bot reads the engine's game directly; seated in
            another engine (the original ``engine.py``) it rebuilds the game from its
            callbacks. ``zrcalo=True`` makes it always rebuild (for testing that path).
            """
            from .bots import napraviBota

            return napraviBota(name, zrcalo=zrcalo, **options)

        def _spojiIgru(self, igra: Game | None) -> None:
            """Called by ``Tablic.igraj`` with the engine's game at the start (None at the
            end). Players that can use it (the engine's bots) override this."""

        def __copy__(self) -> Tablic.Igrac:
            return self.__deepcopy__({})

        def __deepcopy__(self, memo: dict[int, Any]) -> Tablic.Igrac:
            # As the original: a fresh player with the same seat and name.
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
        """Plays a uniformly random card, then a uniformly random legal capture with it."""

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
            karta = random.choice(list(ruka))
            na_stolu = _u_karte(stol)
            izbori = captures(frozenset(na_stolu), u_card(karta))
            return karta, {na_stolu[c] for c in random.choice(izbori)}

    # -- class methods -------------------------------------------------------------------------

    @classmethod
    def noviSpil(cls) -> set[Karta]:
        """A new set of the 52 cards."""
        return Karta.noviSpil()

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

        >>> Tablic.vrijednostKarata(((Karta('tref 2'), Karta('karo 10')), Karta('pik A')))
        4
        """
        if isinstance(x, Karta):
            karta = x
        else:
            try:
                karta = Karta(x)
            except (TypeError, ValueError):
                if isinstance(x, Iterable) and not isinstance(x, str):
                    return sum(Tablic.vrijednostKarata(y) for y in x)
                raise TypeError(f"{x!r} is neither a card nor a collection of cards") from None
        return 0 if karta == Karta() else u_card(karta).points

    @classmethod
    def moguciPotezi(cls, S: Iterable[object]) -> dict[Karta.Znak, set[frozenset[Karta]]]:
        """Every non-empty subset of ``S`` by the rank that captures it (engine's groups).

        A subset summing to 11 (or a lone ace) is under ``Znak.A``; ranks no subset reaches
        are absent. The legal captures of card ``c`` are
        ``unijeDisjunktnih(M[c.znak])`` when ``c.znak in M``, else ``{frozenset()}``.
        The sets hold ``S``'s own ``Karta`` objects.
        """
        objekti = _u_karte(S)
        stol = frozenset(objekti)
        potezi: dict[Karta.Znak, set[frozenset[Karta]]] = {}
        for znak in _ZNAKOVI:
            skupine = _skupine(stol, znak)
            if skupine:
                potezi[znak] = {frozenset(objekti[c] for c in g) for g in skupine}
        return potezi

    # -- one game ------------------------------------------------------------------------------

    def __init__(self, spil: Iterable[object] | None = None) -> None:
        if spil is None:
            karte = list(Karta.noviSpil())
            random.shuffle(karte)
            self._spil = [u_card(k) for k in karte]
        else:
            self._spil = _provjeriSpil(spil)
        self._pokrenuta = False
        self._zavrsena = False
        self._igraci: list[Tablic.Igrac] = []
        self._igra: Game | None = None

    def __repr__(self) -> str:
        igraci = ", ".join(repr(igrac) for igrac in self._igraci)
        return (
            f"<{type(self).__name__}: {{pokrenuta: {self._pokrenuta}, "
            f"zavrsena: {self._zavrsena}, igraci: ({igraci})}}>"
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
        igrac = klasa(len(self._igraci), *args, **kwargs)
        if not isinstance(igrac, Tablic.Igrac):
            raise TypeError(f"{igrac!r} is not a Tablic.Igrac")
        self._igraci.append(igrac)

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
        if self._igra is None:
            return set()
        return {iz_carda(c) for c in self._igra.table}

    def dohvatiIgraca(self, i: int) -> Tablic.Igrac:
        """A copy of player ``i``."""
        return copy.deepcopy(self._igraci[i])

    def hoceRazlog(self, i: int) -> bool:
        """Whether player ``i`` wants the reasons of a retry."""
        return bool(self._igraci[i].hocuRazlog())

    def dohvatiIme(self, i: int) -> str:
        """Player ``i``'s name."""
        return self._igraci[i].dohvatiIme()

    def _sjedalo(self, i: int) -> int:
        """Player ``i``'s seat, as the list of players indexes (``-1`` is the last player);
        ``IndexError`` for no such player."""
        return range(len(self._igraci))[i]

    def dohvatiSkupljeno(self, i: int) -> set[Karta]:
        """The cards player ``i`` has captured (a copy)."""
        i = self._sjedalo(i)
        if self._igra is None:
            return set()
        return {iz_carda(c) for c in self._igra.view(i).piles[i]}

    def dohvatiTable(self, i: int) -> int:
        """Player ``i``'s tablas so far."""
        i = self._sjedalo(i)
        if self._igra is None:
            return 0
        return self._igra.view(i).tablas[i]

    def dohvatiMax(self, i: int) -> bool | tuple[bool, int]:
        """False before the end; then (strictly the most cards?, number of cards)."""
        i = self._sjedalo(i)
        if self._igra is None or not self._zavrsena:
            return False
        seat = self._igra.result().seats[i]
        return (seat.most_cards, seat.cards)

    def dohvatiRezultat(self) -> list[RezultatIgraca]:
        """Per seat: ``{'ime', 'skupljeno': card points, 'table': tablas, 'max'}``."""
        rezultat: list[RezultatIgraca] = []
        for i, igrac in enumerate(self._igraci):
            if self._igra is None:
                points = 0
            elif self._zavrsena:
                points = self._igra.result().seats[i].card_points
            else:
                points = sum(c.points for c in self._igra.view(i).piles[i])
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
            igra = Game(players=n, deck=self._spil)
        except ValueError as error:
            raise RuntimeError(f"{n} is not a valid number of players: {error}") from error
        self._igra = igra
        self._pokrenuta = True
        for igrac in self._igraci:
            igrac._spojiIgru(igra)
        try:
            self._igraj(igra, logovi)
        finally:
            for igrac in self._igraci:
                igrac._spojiIgru(None)
        if not logovi:
            return None
        if len(logovi) == 1:
            return logovi[0]
        return tuple(logovi)

    def _igraj(self, igra: Game, logovi: Sequence[Tablic.Log]) -> None:
        n = len(self._igraci)
        for log in logovi:
            log.novaPartija(n, self._kopijeIgraca())
        imena = [igrac.dohvatiIme() for igrac in self._igraci]
        for igrac in self._igraci:
            igrac.saznajBrojIgraca(n, list(imena))
        self._objaviDijeljenje(igra, logovi)
        while not igra.is_finished:
            i = igra.to_move
            assert i is not None
            karta, skupljeno, potez = self._dohvatiPotez(igra, i)
            for log in logovi:
                log.logirajPotez(
                    i,
                    self._kopijeIgraca(),
                    self._ruka(igra, i),
                    self._stol(igra),
                    copy.copy(karta),
                    {copy.copy(k) for k in skupljeno},
                )
            for j, igrac in enumerate(self._igraci):
                igrac.vidiPotez(
                    i,
                    self._ruka(igra, j),
                    self._stol(igra),
                    copy.copy(karta),
                    {copy.copy(k) for k in skupljeno},
                )
            if igra.play(*potez).new_deal:
                self._objaviDijeljenje(igra, logovi)
        self._zavrsena = True
        rezultat = self.dohvatiRezultat()
        for igrac in self._igraci:
            igrac.saznajRezultat(copy.deepcopy(rezultat))
        for log in logovi:
            log.kraj(copy.deepcopy(rezultat))

    def _kopijeIgraca(self) -> list[Tablic.Igrac]:
        return [copy.deepcopy(igrac) for igrac in self._igraci]

    @staticmethod
    def _ruka(igra: Game, i: int) -> set[Karta]:
        return {iz_carda(c) for c in igra.view(i).hand}

    @staticmethod
    def _stol(igra: Game) -> set[Karta]:
        return {iz_carda(c) for c in igra.table}

    def _objaviDijeljenje(self, igra: Game, logovi: Sequence[Tablic.Log]) -> None:
        k = len(igra.view(0).hand)
        for log in logovi:
            log.novoDijeljenje(k, self._stol(igra))
        for i, igrac in enumerate(self._igraci):
            igrac.saznajNovoDijeljenje(self._ruka(igra, i), self._stol(igra))

    def _dohvatiPotez(
        self, igra: Game, i: int
    ) -> tuple[Karta, set[Karta], tuple[Card, list[Card]]]:
        """Asks player ``i`` until the engine accepts its move (at most ``maksPokusaja``)."""
        igrac = self._igraci[i]
        ponovi: Ponovi = False
        razlozi: tuple[object, ...] = ()
        odgovor: object = None
        for _ in range(max(1, self.maksPokusaja)):
            odgovor = igrac.odigraj(self._ruka(igra, i), self._stol(igra), ponovi)
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
            skupljeno = list(skupljeno)
            hoce = igrac.hocuRazlog()
            potez = _potez(karta, skupljeno)
            if potez is not None:
                try:
                    igra.check(potez[0], potez[1])
                except IllegalMoveError:
                    pass
                else:
                    return (
                        _probaj(karta) or Karta(),
                        {_probaj(k) or Karta() for k in skupljeno},
                        potez,
                    )
            razlozi = _razlozi(igra, i, karta, odgovor[1], skupljeno)
            ponovi = (True, razlozi) if hoce else True
        raise NelegalniPotezError(
            f"{igrac.dohvatiIme()} (player {i}) gave {max(1, self.maksPokusaja)} illegal "
            f"moves in a row; the last, {odgovor!r}, because of {razlozi!r}",
            i,
            razlozi,
        )


def _probaj(x: object) -> Karta | None:
    """``x`` as a whole card, or None."""
    try:
        karta = x if isinstance(x, Karta) else Karta(x)
    except (TypeError, ValueError, AttributeError):
        return None
    return karta if karta else None


def _potez(karta: object, skupljeno: list[object]) -> tuple[Card, list[Card]] | None:
    """The engine's move for a player's answer, or None when it names no whole cards."""
    played = _probaj(karta)
    taken = [_probaj(x) for x in skupljeno]
    if played is None or any(k is None for k in taken):
        return None
    cards = {u_card(k) for k in taken if k is not None}
    return u_card(played), sorted(cards)


def _razlozi(
    igra: Game, i: int, karta: object, original: object, skupljeno: list[object]
) -> tuple[object, ...]:
    """The original's reasons for rejecting a move, in its order (computed by the engine)."""
    razlozi: list[object] = []
    played = _probaj(karta)
    if played is None or u_card(played) not in igra.view(i).hand:
        razlozi.append(karta)
    taken = [_probaj(x) for x in skupljeno]
    cards = frozenset(u_card(k) for k in taken if k is not None)
    if any(k is None for k in taken) or not cards <= igra.table:
        razlozi.append(original)
    if cards and played is not None and all(k is not None for k in taken):
        razlog = _razlog_suma(played, cards)
        if razlog is not None:
            razlozi.append(razlog)
    if not razlozi:
        razlozi.append(False)
    return tuple(razlozi)


def _provjeriSpil(spil: Iterable[object]) -> list[Card]:
    """The deck ``spil`` as the engine's cards, or a ``ValueError`` saying what is wrong."""
    if isinstance(spil, (str, Karta)) or not isinstance(spil, Iterable):
        raise ValueError("spil must be an iterable of the 52 cards")
    cards: list[Card] = []
    for position, x in enumerate(spil):
        try:
            cards.append(u_card(x))
        except (TypeError, ValueError) as error:
            raise ValueError(f"spil[{position}] = {x!r} is not a card: {error}") from None
    try:
        Game(players=2, deck=cards)
    except ValueError as error:
        raise ValueError(f"malformed deck: {error}") from None
    return cards
