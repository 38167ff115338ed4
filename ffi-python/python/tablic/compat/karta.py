"""``Karta``: the card of the original ``karta.py``, with its constructor forms and parser.

A card is a pair of enumerations, ``boja`` (suit) and ``znak`` (rank); either may be
undefined (``NA``). Assigning to ``boja``/``znak`` converts the value exactly as the
constructor does. Cards convert to and from the engine's :class:`tablic.Card` with
:func:`u_card` and :func:`iz_carda` (used by the rest of :mod:`tablic.compat`).
"""

from __future__ import annotations

import copy
import enum
import math
from collections.abc import Iterable, Iterator
from operator import attrgetter
from typing import Any, TypeVar, cast, overload

from tablic import Card

__all__ = [
    "ZBROJEVI_TEZINE",
    "Karta",
    "iz_carda",
    "kopijaKarata",
    "tezinaKarte",
    "u_card",
    "u_cards",
]

_E = TypeVar("_E", "Karta.Boja", "Karta.Znak")
_S = TypeVar("_S")


class Karta:
    """A playing card: ``Karta('karo 10')``, ``Karta(Karta.Boja.KARO, 10)``, ``Karta('kj')``.

    Constructor forms: ``Karta()`` and ``Karta(None)`` (undefined card), ``Karta(karta)``
    (a copy), ``Karta(Karta.Boja.X)`` (suit only), ``Karta(Karta.Znak.X)`` or
    ``Karta(number)`` (rank only; 1 and 11 are the ace, 12/13/14 J/Q/K),
    ``Karta(suit, rank)``, ``Karta(boja=…, znak=…)``, ``Karta({'boja': …, 'znak': …})``,
    ``Karta((suit, rank))`` and strings: ``'karo'`` (suit only), ``'tref 2'``, ``'p 10'``,
    ``'herc a'``, ``'herc10'``, ``'h10'``, ``'t2'``, ``'kj'`` (karo J), ``'a'``, ``'10'``,
    ``'k'`` (a bare ``k`` is the king). Suits are case-insensitive prefixes of the suit
    names (``h``, ``he``, ``herc``; ``k`` is *karo* where a suit is expected); ranks are
    numbers or the exact names ``A``, ``J``, ``Q``, ``K`` (``BR2`` … ``BR10`` too).
    ``'10 karo'`` is an error (``ValueError``), as are more than two words
    (``TypeError``).

    Cards compare by rank, then suit (HERC < PIK < KARO < TREF); ``==`` converts the other
    operand with ``Karta(other)`` (so ``Karta('karo 10') == 'karo 10'``) and is simply
    False when it cannot be converted. ``hash`` is ``boja + 5 * znak``. ``a + b`` is the
    set of the values the two can sum to (each ace 1 or 11; sums above 14 dropped).
    """

    @enum.unique
    class Boja(enum.IntEnum):
        """Suits: NA (undefined), HERC, PIK, KARO, TREF."""

        NA = 0
        HERC = 1
        PIK = 2
        KARO = 3
        TREF = 4

        @classmethod
        def postoji(cls, boja: object) -> bool:
            """Whether some suit has the value ``boja``."""
            return any(boja == x for x in cls)

        def __repr__(self) -> str:
            return f"<{type(self).__name__}: ({self.name!r}, {self.value})>"

        def __str__(self) -> str:
            return f"{type(self).__name__}({self.name})"

        __hash__ = int.__hash__  # its value, computed in C: sets of cards hash suits often

    @enum.unique
    class Znak(enum.IntEnum):
        """Ranks, valued as they capture: NA, A = 1, BR2 … BR10 = 2 … 10, J = 12, Q, K = 14."""

        NA = 0
        A = 1
        BR2 = 2
        BR3 = 3
        BR4 = 4
        BR5 = 5
        BR6 = 6
        BR7 = 7
        BR8 = 8
        BR9 = 9
        BR10 = 10
        J = 12
        Q = 13
        K = 14

        @classmethod
        def postoji(cls, znak: object) -> bool:
            """Whether some rank has the value ``znak``."""
            return any(znak == x for x in cls)

        def __repr__(self) -> str:
            return f"<{type(self).__name__}: ({self.name!r}, {self.value})>"

        def __str__(self) -> str:
            return f"{type(self).__name__}({self.name})"

        def __hash__(self) -> int:
            # The original's: a rank hashes as its value times the number of suits (NA too).
            return int(self) * _BOJE

    __slots__ = ("_boja", "_znak", "_kod")

    _boja: Karta.Boja
    _znak: Karta.Znak
    _kod: int
    """``boja + 5 * znak``: the hash, kept with the fields (every set of cards hashes them),
    and, as ``(znak, boja)`` ordered, the order and equality of cards."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        if len(args) == 2 and not kwargs:
            boja, znak = args
            if type(boja) is Karta.Boja and type(znak) is Karta.Znak:
                # Karta(Karta.Boja.X, Karta.Znak.Y), the form the original's code uses most.
                self._boja, self._znak, self._kod = boja, znak, int(boja) + _BOJE * int(znak)
                return
        self._boja = Karta.Boja.NA
        self._znak = Karta.Znak.NA
        self._kod = 0
        if args and kwargs:
            raise TypeError(
                "Karta takes its arguments positionally or by keyword (boja=, znak=), "
                "not both"
            )
        if len(args) == 1:
            self._iz_jednog(args[0])
        elif len(args) == 2:
            self.boja = args[0]
            self.znak = args[1]
        elif len(args) > 2:
            raise TypeError(f"Karta takes at most 2 arguments, not {len(args)}")
        if kwargs:
            unknown = set(kwargs) - {"boja", "znak"}
            if unknown:
                raise TypeError(f"Karta got unknown keywords: {', '.join(sorted(unknown))}")
            if "boja" in kwargs:
                self.boja = kwargs["boja"]
            if "znak" in kwargs:
                self.znak = kwargs["znak"]

    def _iz_jednog(self, value: object) -> None:
        """The one-argument forms of the constructor."""
        if value is None:
            return
        if isinstance(value, Karta):
            self._boja, self._znak, self._kod = value._boja, value._znak, value._kod
        elif isinstance(value, Karta.Boja):
            self.boja = value
        elif isinstance(value, (int, float, complex, Karta.Znak)):
            self.znak = value
        elif isinstance(value, str):
            self._iz_teksta(value)
        elif isinstance(value, dict):
            unknown = {key for key in value if key not in ("boja", "znak")}
            if unknown:
                raise TypeError(f"Karta got a dict with unknown keys: {sorted(map(repr, unknown))}")
            if "boja" in value:
                self.boja = value["boja"]
            if "znak" in value:
                self.znak = value["znak"]
        else:
            if not isinstance(value, Iterable):
                raise TypeError(f"{value!r} cannot be converted to a Karta")
            try:
                pair: tuple[object, ...] = tuple(value)
            except TypeError:
                raise TypeError(f"{value!r} cannot be converted to a Karta") from None
            if len(pair) != 2:
                raise TypeError(
                    f"a Karta is made from a pair (suit, rank), not {len(pair)} elements"
                )
            self.boja = pair[0]
            self.znak = pair[1]

    def _iz_teksta(self, text: str) -> None:
        """The string forms: ``'karo'``, ``'tref 2'``, ``'herc10'``, ``'kj'``, ``'a'``."""
        if text.upper() in Karta.Boja.__members__:
            self.boja = text
            return
        words = text.split()
        if len(words) == 1:
            word = words[0]
            # The rank starts at the first digit, or where the rest is a rank's name.
            split = len(word)
            for j in range(len(word)):
                if word[j].isdigit() or word[j:].upper() in Karta.Znak.__members__:
                    split = j
                    break
            if split:
                self.boja = word[:split]
            if split < len(word):
                self.znak = word[split:]
        elif len(words) == 2:
            self.boja = words[0]
            self.znak = words[1]
        elif words:
            raise TypeError(f"{text!r} is not a card: use at most two words (suit rank)")

    # -- the two attributes --------------------------------------------------------------

    @property
    def boja(self) -> Karta.Boja:
        """The suit (assigning converts: ``karta.boja = 'pik'``)."""
        return self._boja

    @boja.setter
    def boja(self, value: object) -> None:
        self._boja = _prevedi(Karta.Boja, value)
        self._kod = int(self._boja) + _BOJE * int(self._znak)

    @property
    def znak(self) -> Karta.Znak:
        """The rank (assigning converts: ``karta.znak = 'q'`` or ``= 11`` for the ace)."""
        return self._znak

    @znak.setter
    def znak(self, value: object) -> None:
        self._znak = _prevedi(Karta.Znak, value)
        self._kod = int(self._boja) + _BOJE * int(self._znak)

    # -- the original's class methods ------------------------------------------------------

    @classmethod
    def noviSpil(cls) -> set[Karta]:
        """A new set of the 52 cards."""
        return {
            _nova(boja, znak, int(boja) + _BOJE * int(znak))
            for boja in list(Karta.Boja)[1:]
            for znak in list(Karta.Znak)[1:]
        }

    @classmethod
    def uKarte(cls, x: object) -> Any:
        """``x`` as a card, or (recursively) as a tuple of converted elements.

        >>> Karta.uKarte((((1, 1), (2, 2)), (4, 4)))[1]
        <Karta: (<Boja: ('TREF', 4)>, <Znak: ('BR4', 4)>)>
        """
        if isinstance(x, str) or not isinstance(x, Iterable):
            return Karta(x)
        try:
            return Karta(x)
        except (TypeError, ValueError):
            return tuple(Karta.uKarte(y) for y in x)

    # -- conversions and the sequence protocol of the original --------------------------

    def __bool__(self) -> bool:
        return bool(self._boja and self._znak)

    def __int__(self) -> int:
        return int(self._znak)

    def __float__(self) -> float:
        return float(self._znak)

    def __complex__(self) -> complex:
        return complex(self._znak)

    def __len__(self) -> int:
        return 2

    def __iter__(self) -> Iterator[Karta.Boja | Karta.Znak]:
        return iter((self._boja, self._znak))

    def __reversed__(self) -> Iterator[Karta.Boja | Karta.Znak]:
        return iter((self._znak, self._boja))

    @overload
    def __getitem__(self, key: slice) -> tuple[Karta.Boja | Karta.Znak, ...]: ...
    @overload
    def __getitem__(self, key: int | str) -> Karta.Boja | Karta.Znak: ...
    def __getitem__(
        self, key: int | str | slice
    ) -> Karta.Boja | Karta.Znak | tuple[Karta.Boja | Karta.Znak, ...]:
        if isinstance(key, slice):
            return (self._boja, self._znak)[key]
        if key in (0, -2, "boja"):
            return self._boja
        if key in (1, -1, "znak"):
            return self._znak
        raise KeyError(key)

    def __setitem__(self, key: int | str, value: object) -> None:
        if key in (0, -2, "boja"):
            self.boja = value
        elif key in (1, -1, "znak"):
            self.znak = value
        else:
            raise KeyError(key)

    def __contains__(self, key: object) -> bool:
        return key in (0, 1, "boja", "znak")

    def __copy__(self) -> Karta:
        return _nova(self._boja, self._znak, self._kod)

    def __deepcopy__(self, memo: dict[int, Any]) -> Karta:
        return _nova(self._boja, self._znak, self._kod)

    def __reduce__(self) -> tuple[type[Karta], tuple[int, int]]:
        return (Karta, (int(self._boja), int(self._znak)))

    def __repr__(self) -> str:
        return f"<{type(self).__name__}: ({self._boja!r}, {self._znak!r})>"

    def __str__(self) -> str:
        return f"{type(self).__name__}({self._boja}, {self._znak})"

    def __delattr__(self, name: str) -> None:
        if name in ("boja", "znak"):
            raise TypeError("a Karta's boja and znak cannot be deleted")
        raise AttributeError(name)

    # -- comparisons: the other operand is converted with Karta(), errors and all --------

    def __hash__(self) -> int:
        return self._kod

    def __eq__(self, other: object) -> bool:
        if type(other) is Karta:
            return self._kod == other._kod
        return self._kod == _karta(other)._kod

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __lt__(self, other: object) -> bool:
        if type(other) is Karta:
            return self._kod < other._kod
        return self._kod < _karta(other)._kod

    def __gt__(self, other: object) -> bool:
        return _karta(other)._kod < self._kod

    def __le__(self, other: object) -> bool:
        return not self > other

    def __ge__(self, other: object) -> bool:
        return not self < other

    # -- sums --------------------------------------------------------------------------------

    def __add__(self, value: object) -> set[int]:
        """Every value this card and ``value`` can sum to (aces 1 or 11), at most 14.

        ``value`` may be a card (or anything ``Karta`` converts), a rank's value (11 is
        an ace counted high, 0 adds nothing), None (the card's own value) or an iterable of
        those (the union of the sums with each, so ``sum(cards)`` gives every sum).
        """
        if value is None:
            return set() if self._znak is Karta.Znak.NA else {int(self._znak)}
        if isinstance(value, Iterable) and not isinstance(value, (str, Karta)):
            sums: set[int] = set()
            for element in value:
                sums |= self + element
            return sums
        if isinstance(value, complex):
            if value.imag:
                raise ValueError(f"{value!r} has a non-zero imaginary part")
            value = value.real
        if isinstance(value, int):
            if not (Karta.Znak.postoji(value) or value == 11):
                raise ValueError(f"{value} is not the value of a rank (0 to 14, not 11 … )")
            other = int(value)
        else:
            try:
                other = int(Karta(value))
            except TypeError:
                raise TypeError(f"cannot add {value!r} to a Karta") from None
        mine = int(self._znak)
        if self._znak is Karta.Znak.A:
            low = {1 + other, 11 + other}
            if other == 1:
                low = {2, 12}
        elif other == 1:
            low = {mine + 1, mine + 11}
        else:
            low = {mine + other}
        return {total for total in low if total <= 14}

    def __radd__(self, value: object) -> set[int]:
        return self.__add__(value)

    def __mul__(self, value: object) -> set[int]:
        """The sums of ``value`` copies of this card: ``Karta('herc a') * 2 == {2, 12}``."""
        if isinstance(value, complex):
            if value.imag:
                raise ValueError(f"{value!r} has a non-zero imaginary part")
            value = value.real
        if isinstance(value, float) and (math.isinf(value) or math.isnan(value)):
            raise ValueError(f"{value} is not finite")
        try:
            count = int(value)  # type: ignore[call-overload]
        except (TypeError, ValueError):
            raise TypeError(f"a Karta is multiplied by a whole number, not {value!r}") from None
        if count < 0:
            raise ValueError(f"a Karta is multiplied by a number at least 0, not {count}")
        partial: set[int] | None = None
        for _ in range(count):
            partial = self.__add__(partial)
        return set() if partial is None else partial

    def __rmul__(self, value: object) -> set[int]:
        return self.__mul__(value)


_BOJE = len(Karta.Boja)
"""The number of suits, ``NA`` included: the factor of the rank in a card's hash."""

_new = object.__new__


def _nova(boja: Karta.Boja, znak: Karta.Znak, kod: int) -> Karta:
    """A new ``Karta`` of fields already converted (copies: faster than the constructor)."""
    karta: Karta = _new(Karta)
    karta._boja, karta._znak, karta._kod = boja, znak, kod
    return karta


_SAMO_KARTE = frozenset({Karta})


def kopijaKarata(skup: _S) -> _S:
    """``copy.deepcopy(skup)``, made faster for a ``set`` of exact ``Karta``s: a new set of
    copies of its cards, added in its order, which is what ``deepcopy`` builds (so it
    iterates in the same order)."""
    if type(skup) is set:
        karte = cast("set[Karta]", skup)
        if set(map(type, karte)) <= _SAMO_KARTE:
            return cast(_S, set(map(Karta.__copy__, karte)))
    return copy.deepcopy(skup)


def _karta(other: object) -> Karta:
    """``other`` as a card for a comparison: ``Karta(other)``, which raises as it does."""
    return other if isinstance(other, Karta) else Karta(other)


def _prevedi(enumeracija: type[_E], value: object) -> _E:
    """``value`` as a member of ``enumeracija`` (``Karta.Boja`` or ``Karta.Znak``)."""
    if value is None:
        return enumeracija.NA
    if isinstance(value, enumeracija):
        return value
    if isinstance(value, complex):
        if value.imag:
            raise ValueError(f"{value!r} has a non-zero imaginary part")
        value = value.real
    if isinstance(value, (int, float)):
        # Only floats can be infinite or NaN (math.isinf would overflow on a huge int).
        if isinstance(value, float) and math.isinf(value):
            raise ValueError(f"{value} is not finite")
        if isinstance(value, float) and math.isnan(value):
            return enumeracija.NA
        if enumeracija is Karta.Znak and value == 11:
            value = 1
        if value == int(value) and enumeracija.postoji(value):
            return enumeracija(int(value))
        raise ValueError(f"{value!r} is not a value of {enumeracija.__qualname__}")
    if isinstance(value, str):
        if value == "None":
            return enumeracija.NA
        for number in (int, float, complex):
            try:
                return _prevedi(enumeracija, number(value))
            except (TypeError, ValueError):
                pass
        if not value:
            return enumeracija.NA
        upper = value.upper()
        if enumeracija is Karta.Boja:
            for member in enumeracija:
                if len(upper) <= len(member.name) and member.name.startswith(upper):
                    return member
        elif upper in enumeracija.__members__:
            return enumeracija[upper]
        raise ValueError(f"{value!r} is not a {enumeracija.__qualname__}")
    raise TypeError(f"{value!r} cannot be converted to {enumeracija.__qualname__}")


# -- the engine's cards ------------------------------------------------------------------

_SUIT_OF_BOJA = {
    Karta.Boja.HERC: "H",
    Karta.Boja.PIK: "S",
    Karta.Boja.KARO: "D",
    Karta.Boja.TREF: "C",
}
_BOJA_OF_SUIT = {suit: boja for boja, suit in _SUIT_OF_BOJA.items()}
_RANK_OF_ZNAK = {
    znak: "A" if znak is Karta.Znak.A else "JQK"[znak - 12] if znak > 10 else str(int(znak))
    for znak in list(Karta.Znak)[1:]
}
_ZNAK_OF_RANK = {rank: znak for znak, rank in _RANK_OF_ZNAK.items()}
_CARDS: dict[tuple[Karta.Boja, Karta.Znak], Card] = {
    (boja, znak): Card(rank + suit)
    for boja, suit in _SUIT_OF_BOJA.items()
    for znak, rank in _RANK_OF_ZNAK.items()
}
_PAIRS: dict[Card, tuple[Karta.Boja, Karta.Znak]] = {card: pair for pair, card in _CARDS.items()}
_CARD_OF_KOD: dict[int, Card] = {
    int(boja) + _BOJE * int(znak): card for (boja, znak), card in _CARDS.items()
}


def u_card(karta: object) -> Card:
    """The engine's card for ``karta`` (a ``Karta`` or anything it converts).

    Raises ``ValueError`` for an undefined card (a missing suit or rank).
    """
    k = karta if isinstance(karta, Karta) else Karta(karta)
    card = _CARD_OF_KOD.get(k._kod)
    if card is None:
        raise ValueError(f"{k!r} is not a whole card (its suit or rank is undefined)")
    return card


def u_cards(karte: Iterable[Karta]) -> frozenset[Card]:
    """The engine's cards for whole ``Karta``s (a ``KeyError`` for one that is not)."""
    return frozenset(map(_CARD_OF_KOD.__getitem__, map(_kod, karte)))


def iz_carda(card: Card) -> Karta:
    """A new ``Karta`` for the engine's ``card``."""
    return Karta(*_PAIRS[card])


# -- the sums of a collection of cards, without Karta's + ------------------------------------

_AS = 1 << 10
"""An ace's part of a weight: a collection's weight is the sum of its ranks (aces as 1) plus
this for each ace (no collection of cards reaches it with its ranks alone)."""

_TEZINA_KODA: list[int] = [
    (1 + _AS if kod // _BOJE == Karta.Znak.A else kod // _BOJE) for kod in range(15 * _BOJE)
]
_kod = attrgetter("_kod")


def tezinaKarte(karta: Karta) -> int:
    """A card's weight: its rank (an ace 1) and, for an ace, a part that counts the aces.
    The weights of a collection add up to the key of their sums in ``ZBROJEVI_TEZINE``."""
    return _TEZINA_KODA[karta._kod]


def _zbrojevi(tezina: int) -> tuple[int, ...]:
    # sum of cards is every total of their ranks with each ace 1 or 11, up to 14: with the
    # ranks' total t (aces as 1), t and, with an ace, t + 10; a set of two small numbers
    # 10 apart iterates in increasing order.
    ukupno, asovi = tezina % _AS, tezina // _AS
    zbrojevi = [z for z in (ukupno, ukupno + 10) if z <= 14][: 2 if asovi else 1]
    return tuple(1 if z == 11 else z for z in zbrojevi)


class _Zbrojevi(dict[int, tuple[int, ...]]):
    def __missing__(self, tezina: int) -> tuple[int, ...]:
        self[tezina] = zbrojevi = _zbrojevi(tezina)
        return zbrojevi


ZBROJEVI_TEZINE: dict[int, tuple[int, ...]] = _Zbrojevi()
"""By a collection of cards' total weight (:func:`tezinaKarte`), filled as weights come:
the values of the ranks ``sum(karte)`` reaches, in the order its set iterates, 11 filed as
the ace (1). What ``Tablic.moguciPotezi`` files a subset under, without adding ``Karta``s."""
