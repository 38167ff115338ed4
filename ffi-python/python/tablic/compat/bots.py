"""The engine's bots as ``Tablic.Igrac`` players.

``napraviBota("pimc", samples=32)`` is a player class for
``Tablic.dodajIgraca``. Seated in a :mod:`tablic.compat` game the bot decides from the
engine's own game (``tablic.View`` of its seat). Seated in any other engine that speaks the
original interface (the original ``engine.py``), it rebuilds the game from what its
callbacks told it — the first table, its own hands, every move — as an engine ``Game``
whose deck places every card it has seen where the original deals it (4 to the table, then
one card per player per pass, player 0 first) and fills the unseen places with the unseen
cards. That game gives its seat exactly the view of the real one (the same hand, table,
history, piles and unseen cards), which is all the engine's bots decide from. This needs
the other engine to deal as the original does; if the rebuilt game disagrees with what the
callbacks said, the bot raises ``RuntimeError`` instead of guessing. The bots that see
every hand (clairvoyant, bestresponse) only play in a :mod:`tablic.compat` game.

``PohlepniIgrac`` and ``MinimaxIgrac`` are stand-ins with the original players' constructor
signatures, backed by the engine's ``greedy`` and ``minimax`` bots (not their code). The
greedy one plays the original's games exactly (its moves, and its draws from ``random``
through :func:`izvorniPotez`); the minimax one plays the engine's minimax, other moves.
"""

from __future__ import annotations

import math
import random
import re
from typing import Any, ClassVar, cast

from tablic import Bot, Card, Game

from .engine import Ponovi, RezultatIgraca, Tablic
from .karta import Karta, kopijaKarata, u_card
from .skupovi import unijeDisjunktnih

__all__ = ["BotIgrac", "MinimaxIgrac", "PohlepniIgrac", "izvorniPotez", "napraviBota"]

_DECK = [Card(index) for index in range(52)]


class _Zrcalo:
    """What a seat has been told of a game, and the engine game it implies."""

    def __init__(self) -> None:
        self.n = 0
        self.dijeljenja: list[tuple[frozenset[Card], frozenset[Card]]] = []
        self.potezi: list[tuple[int, int, Card, frozenset[Card]]] = []

    def novaPartija(self, n: int) -> None:
        self.n = n
        self.dijeljenja.clear()
        self.potezi.clear()

    def dijeljenje(self, ruka: set[Any], stol: set[Any]) -> None:
        self.dijeljenja.append((_karte(ruka), _karte(stol)))

    def potez(self, i: int, karta: object, skupljeno: set[Any]) -> None:
        self.potezi.append((len(self.dijeljenja) - 1, i, u_card(karta), _karte(skupljeno)))

    def igra(self, seat: int, ruka: frozenset[Card], stol: frozenset[Card]) -> Game:
        """The engine game consistent with everything seen, at ``seat``'s turn."""
        if not self.dijeljenja or self.n < 2:
            raise RuntimeError("the bot was not told of the game (saznajBrojIgraca, a deal)")
        n = self.n
        deck: list[Card | None] = [None] * 52
        placed: set[Card] = set()

        def place(position: int, card: Card) -> None:
            if card in placed or position >= 52:
                raise RuntimeError(f"the bot cannot place {card} in a consistent deck")
            deck[position] = card
            placed.add(card)

        for position, card in enumerate(sorted(self.dijeljenja[0][1])):
            place(position, card)
        start = 4
        for deal, (hand, _) in enumerate(self.dijeljenja):
            size = len(hand)
            for s in range(n):
                if s == seat:
                    cards = sorted(hand)
                else:
                    cards = [c for (d, who, c, _) in self.potezi if d == deal and who == s]
                if len(cards) > size:
                    raise RuntimeError(f"player {s} played more cards than it was dealt")
                for p, card in enumerate(cards):
                    place(start + p * n + s, card)
            start += size * n
        unseen = iter([card for card in _DECK if card not in placed])
        game = Game(players=n, deck=[next(unseen) if c is None else c for c in deck])
        for _, _, card, capture in self.potezi:
            game.play(card, capture)
        view = game.view(seat)
        if game.to_move != seat or view.hand != ruka or game.table != stol:
            raise RuntimeError(
                "the game the bot rebuilt from its callbacks disagrees with the one it is "
                "playing (does that engine deal as the original does?)"
            )
        return game


def _karte(cards: set[Any]) -> frozenset[Card]:
    return frozenset(u_card(card) for card in cards)


class BotIgrac(Tablic.Igrac):
    """A player deciding with the engine's bot ``imeBota`` (options ``opcijeBota``).

    ``BotIgrac(i, ime=None, *, seed=None, **options)``: without a seed one is drawn from
    ``random`` (so ``random.seed`` makes games repeatable, as with the original players).
    """

    imeBota: ClassVar[str] = "greedy"
    opcijeBota: ClassVar[dict[str, int]] = {}
    zrcalo: ClassVar[bool] = False

    def __init__(
        self, i: int, ime: str | None = None, *, seed: int | None = None, **options: int
    ) -> None:
        super().__init__(i, ime)
        merged = {**type(self).opcijeBota, **options}
        fixed = merged.pop("seed", None)
        if seed is None:
            seed = fixed if fixed is not None else random.getrandbits(63)
        self._seed = seed
        self._opcije = merged
        self._bot = Bot(type(self).imeBota, seed=seed, **merged)
        self._igra: Game | None = None
        self._zrcalo = _Zrcalo()

    def __deepcopy__(self, memo: dict[int, Any]) -> BotIgrac:
        return type(self)(self.dohvatiIndeks(), self.dohvatiIme(), seed=self._seed, **self._opcije)

    def dohvatiBota(self) -> Bot:
        """The engine's bot deciding for this player."""
        return self._bot

    def _spojiIgru(self, igra: Game | None) -> None:
        self._igra = igra

    def _cuje(self, poziv: str) -> bool:
        # What it hears rebuilds the game, which it need not do while it reads the engine's.
        own = getattr(type(self), poziv) is getattr(BotIgrac, poziv)
        return not own or self._igra is None or self.zrcalo

    def hocuRazlog(self) -> bool:
        return True

    def saznajBrojIgraca(self, n: int, imena: list[str]) -> None:
        self._zrcalo.novaPartija(n)

    def saznajNovoDijeljenje(self, ruka: set[Karta], stol: set[Karta]) -> None:
        self._zrcalo.dijeljenje(ruka, stol)

    def vidiPotez(
        self, i: int, ruka: set[Karta], stol: set[Karta], karta: Karta, skupljeno: set[Karta]
    ) -> None:
        self._zrcalo.potez(i, karta, skupljeno)

    def saznajRezultat(self, rezultat: list[RezultatIgraca]) -> None:
        pass

    def odigraj(
        self, ruka: set[Karta], stol: set[Karta], ponovi: Ponovi = False
    ) -> tuple[Karta, set[Karta]]:
        if ponovi:
            raise RuntimeError(f"{self.dohvatiIme()}: the game rejected the bot's move ({ponovi!r})")
        seat = self.dohvatiIndeks()
        objekti: dict[Card, Any] = {u_card(k): k for k in (*ruka, *stol)}
        sees_all = self._bot.sees_every_card
        state: Game | Any
        if self._igra is not None and not self.zrcalo:
            state = self._igra if sees_all else self._igra.view(seat)
        elif sees_all:
            raise RuntimeError(
                f"the {self._bot.name} bot sees every hand: seat it in a tablic.compat game"
            )
        else:
            game = self._zrcalo.igra(seat, _karte(ruka), _karte(stol))
            state = game.view(seat)
        move = self._bot.choose(state)
        return objekti[move.card], {objekti[card] for card in move.capture}


def napraviBota(name: str, *, zrcalo: bool = False, **options: int) -> type[BotIgrac]:
    """A player class deciding with the engine's bot ``name`` (``tablic.Bot``).

    ``napraviBota("pimc", samples=32)`` is a class for ``dodajIgraca``; its instances take
    ``(i, ime=None, *, seed=None, **more_options)``. In a ``tablic.compat`` game the bot
    reads the engine's game directly; seated in another engine (the original
    ``engine.py``) it rebuilds the game from its callbacks. ``zrcalo=True`` makes it always
    rebuild (for testing that path).
    """
    probe = Bot(name, **{key: value for key, value in options.items() if key != "seed"})
    words = re.split(r"[^0-9A-Za-z]+", probe.name)
    class_name = "".join(word.capitalize() for word in words) + "Igrac"
    namespace = {
        "imeBota": name,
        "opcijeBota": dict(options),
        "zrcalo": zrcalo,
        "__module__": __name__,
        "__qualname__": class_name,
        "__doc__": f"The engine's {probe.spec_string} bot as a Tablic.Igrac.",
    }
    return cast("type[BotIgrac]", type(class_name, (BotIgrac,), namespace))


class PohlepniIgrac(BotIgrac):
    """Stand-in for the original greedy player, ``PohlepniIgrac(i, ime=None)``: it plays
    the original's moves, drawing from ``random`` exactly as the original does.

    The engine's greedy bot, whose key is the original's, chooses the move. Then, as the
    original, the card is drawn with ``random.choice`` among the hand's cards of the same
    class (same rank and points: 2♣ and 10♦ apart), in the hand's order, and the captured
    set is made the way the original makes it, so that it iterates in the same order.
    """

    imeBota = "greedy"

    def __init__(self, i: int, ime: str | None = None, *, seed: int = 0) -> None:
        # The seed only picks among equal cards, which the draw below does again: a fixed
        # one keeps the constructor from drawing from random, as the original's does not.
        super().__init__(i, ime, seed=seed)

    def hocuRazlog(self) -> bool:
        return False

    def odigraj(
        self, ruka: set[Karta], stol: set[Karta], ponovi: Ponovi = False
    ) -> tuple[Karta, set[Karta]]:
        karta, skupljeno = super().odigraj(ruka, stol, ponovi)
        return izvorniPotez(ruka, stol, karta, skupljeno)


def izvorniPotez(
    ruka: set[Karta], stol: set[Karta], karta: Karta, skupljeno: set[Karta]
) -> tuple[Karta, set[Karta]]:
    """The move ``karta`` capturing ``skupljeno`` as the original's greedy and minimax
    players give it back, drawing from ``random`` as they do.

    They choose a move from the list their ``izborPoteza`` builds, whose captured sets are
    copies of ``set(...)`` of the elements of ``unijeDisjunktnih(moguciPotezi(stol)[rank])``,
    and play it through ``slucajniEkvivalentni``: ``random.choice`` among the hand's cards
    of the chosen card's class (same rank and points: 2♣ and 10♦ apart), in the hand's
    order. Both the draw and the set's order (the order the game iterates it in) are
    reproduced here.
    """
    unije: set[frozenset[Karta]] = {frozenset()}
    if skupljeno:
        unije = unijeDisjunktnih(Tablic._moguciPoteziZnaka(stol, karta.znak) or ())
    izvorni = next((unija for unija in unije if unija == skupljeno), None)
    if izvorni is None:
        raise ValueError(f"{karta} cannot capture {skupljeno} from the table {stol}")
    klasa = (karta.znak, Tablic.vrijednostKarata(karta))
    kandidati = [x for x in ruka if (x.znak, Tablic.vrijednostKarata(x)) == klasa]
    return random.choice(kandidati), kopijaKarata(set(izvorni))


class MinimaxIgrac(BotIgrac):
    """Stand-in for the original minimax player: ``MinimaxIgrac(i, ime=None, maxDubina=6,
    maxT=inf)``, played by the engine's minimax with ``depth = maxDubina`` clamped to 1 to 6
    (``inf`` is 6). The engine bounds its search by nodes, not time: ``maxT`` is accepted
    and ignored. Its seed is 0 unless given, so that making it draws nothing from
    ``random``, as with the original. It plays the engine's moves, not the original's."""

    imeBota = "minimax"

    def __init__(
        self,
        i: int,
        ime: str | None = None,
        maxDubina: float = 6,
        maxT: float = math.inf,
        *,
        seed: int = 0,
        **options: int,
    ) -> None:
        if isinstance(maxDubina, float) and math.isnan(maxDubina):
            raise ValueError("maxDubina is not a number")
        # Clamped before it is made an int: an endless depth (inf) is the deepest, 6.
        options.setdefault("depth", int(max(1, min(6, maxDubina))))
        super().__init__(i, ime, seed=seed, **options)
