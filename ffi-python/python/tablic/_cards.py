"""`CardSet` and `Move`: the package's card sets and moves, as Python's own immutable types.

A `CardSet` is a ``frozenset[Card]`` that prints as ``{2C 3D}``; a `Move` is a
``(card, capture)`` pair. Both are Python classes because the native module cannot subclass
``frozenset`` or ``tuple`` under the stable ABI; every conversion, check and piece of
notation is still the engine's (`tablic._tablic`).
"""

from __future__ import annotations

from collections.abc import Iterable, Set
from typing import TYPE_CHECKING, Any, TypeVar, final, overload

from tablic import _tablic
from tablic._tablic import Card

if TYPE_CHECKING:
    from tablic._tablic import CardLike, Cards

__all__ = ["CardSet", "Move"]

_S = TypeVar("_S")


@final
class CardSet(frozenset[Card]):
    """A set of cards: a ``frozenset[Card]`` that prints sorted in the engine's order and
    notation, ``{2C 3D 10S}``.

    ``CardSet("3H 3S")``, ``CardSet([Card("3H"), "3S", 12])``: any cards the API accepts (a
    card given twice is a ``ValueError``). It equals and hashes as the ``frozenset`` of the
    same cards. Set operations give a `CardSet` whenever the result holds only cards.
    """

    __slots__ = ()

    def __new__(cls, cards: Cards = ()) -> CardSet:
        return _tablic._card_set(cards)

    def __repr__(self) -> str:
        return "{" + _tablic._cards_text(self) + "}"

    __str__ = __repr__

    # Equal to the set or frozenset of the same cards: frozenset's own comparison and hash,
    # named here so that type checkers see it (mypy's strict equality would otherwise reject
    # `set == CardSet`).
    __eq__ = frozenset.__eq__
    __hash__ = frozenset.__hash__

    def unicode(self) -> str:
        """The cards with suit symbols, sorted: ``"3♥ 3♠ 4♦"``."""
        return _tablic._cards_text(self, unicode=True)

    def copy(self) -> CardSet:
        return self

    # A result of these is a card set whenever it holds only cards; for `frozenset | CardSet`
    # and the other reflected forms the left side decides, as for Python's own sets.

    def __and__(self, other: Set[object], /) -> CardSet:
        return _card_set(frozenset.__and__(self, other))

    def __sub__(self, other: Set[object], /) -> CardSet:
        return _card_set(frozenset.__sub__(self, other))

    def intersection(self, *others: Iterable[object]) -> CardSet:
        return _card_set(frozenset.intersection(self, *others))

    def difference(self, *others: Iterable[object]) -> CardSet:
        return _card_set(frozenset.difference(self, *others))

    @overload
    def __or__(self, other: Set[Card], /) -> CardSet: ...
    @overload
    def __or__(self, other: Set[_S], /) -> frozenset[Card | _S]: ...
    def __or__(self, other: Set[object], /) -> frozenset[Any]:
        return _card_set(frozenset.__or__(self, other))

    @overload
    def __xor__(self, other: Set[Card], /) -> CardSet: ...
    @overload
    def __xor__(self, other: Set[_S], /) -> frozenset[Card | _S]: ...
    def __xor__(self, other: Set[object], /) -> frozenset[Any]:
        return _card_set(frozenset.__xor__(self, other))

    @overload
    def union(self, *others: Iterable[Card]) -> CardSet: ...
    @overload
    def union(self, *others: Iterable[_S]) -> frozenset[Card | _S]: ...
    def union(self, *others: Iterable[object]) -> frozenset[Any]:
        return _card_set(frozenset.union(self, *others))

    @overload
    def symmetric_difference(self, other: Iterable[Card], /) -> CardSet: ...
    @overload
    def symmetric_difference(self, other: Iterable[_S], /) -> frozenset[Card | _S]: ...
    def symmetric_difference(self, other: Iterable[object], /) -> frozenset[Any]:
        return _card_set(frozenset.symmetric_difference(self, other))


@overload
def _card_set(result: frozenset[Card]) -> CardSet: ...
@overload
def _card_set(result: frozenset[_S]) -> frozenset[_S]: ...
def _card_set(result: frozenset[Any]) -> frozenset[Any]:
    """A set operation's result as a `CardSet` when it is a set of cards only; anything else
    (a set with other members, or ``NotImplemented`` for an operand that is not a set) as
    it is."""
    if isinstance(result, frozenset) and all(isinstance(member, Card) for member in result):
        return _tablic._card_set(result)
    return result


@final
class Move(tuple[Card, CardSet]):
    """A move: the card played and the table cards it captures (empty: a discard).

    ``Move("5S", "2C 3D")`` or ``Move(card, {card, …})``. It is the pair
    ``(card, capture)``: ``card, capture = move`` unpacks it, and it equals that tuple.
    """

    __slots__ = ()
    __match_args__ = ("card", "capture")

    def __new__(cls, card: CardLike, capture: Cards | None = None) -> Move:
        return _tablic._move(card, capture)

    @property
    def card(self) -> Card:
        """The card played."""
        return self[0]

    @property
    def capture(self) -> CardSet:
        """The table cards it captures."""
        return self[1]

    @property
    def is_discard(self) -> bool:
        """True when it captures nothing."""
        return not self[1]

    def __str__(self) -> str:
        return _tablic._move_text(self)

    def __repr__(self) -> str:
        return f"Move('{self[0]}', '{_tablic._cards_text(self[1])}')"

    def __reduce__(self) -> tuple[type[Move], tuple[Card, CardSet]]:
        return (Move, (self[0], self[1]))
