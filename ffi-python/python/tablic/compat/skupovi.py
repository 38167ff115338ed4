"""The set utilities of the original ``skupovi.py``: power sets and disjoint unions.

Both build their result with the original's operations in the original's order, so that a
set they return iterates in the same order as the original's: players that draw
``random.choice`` from ``list(...)`` of these sets then draw the same element for the same
``random`` state. (``s |= {x}`` and ``s.add(x)`` grow a set's table differently, and so
give different orders: the original's ``|=`` is kept.)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import TypeVar

__all__ = ["partitivniSkup", "partitivniSkupSTezinama", "unijeDisjunktnih"]

_T = TypeVar("_T", bound=Hashable)


def partitivniSkup(S: Iterable[_T]) -> set[frozenset[_T]]:
    """The power set of ``S``: every subset, the empty one included (2^n of them).

    Each element of ``S`` in turn extends every subset found so far.
    """
    return partitivniSkupSTezinama(S, _bez_tezine)[0]


def partitivniSkupSTezinama(
    S: Iterable[_T], tezina: Callable[[_T], int]
) -> tuple[set[frozenset[_T]], dict[frozenset[_T], int]]:
    """``partitivniSkup(S)`` (the same set, made the same way) and every subset's total of
    ``tezina`` over its elements (``S`` of distinct elements), counted as it is made."""
    subsets: set[frozenset[_T]] = {frozenset()}
    tezine: dict[frozenset[_T], int] = {frozenset(): 0}
    for x in S:
        # frozenset | {x} and frozenset | frozenset((x,)) make the same set the same way.
        jedan = frozenset((x,))
        w = tezina(x)
        extended: set[frozenset[_T]] = set()
        for subset in subsets:
            novi = subset | jedan
            extended |= {novi}
            tezine[novi] = tezine[subset] + w
        subsets |= extended
    return subsets, tezine


def _bez_tezine(x: object) -> int:
    return 0


def unijeDisjunktnih(F: Iterable[Iterable[_T]]) -> set[frozenset[_T]]:
    """Every union of a pairwise-disjoint subfamily of ``F``, the empty union included.

    Each member of ``F`` in turn extends every union found so far that it is disjoint from.

    >>> sorted(map(sorted, unijeDisjunktnih([{1, 2}, {2, 3}, {4}])))
    [[], [1, 2], [1, 2, 4], [2, 3], [2, 3, 4], [4]]
    """
    unions: set[frozenset[_T]] = {frozenset()}
    for member in F:
        group = frozenset(member)
        extended: set[frozenset[_T]] = set()
        for union in unions:
            if union.isdisjoint(group):
                extended |= {union | group}
        unions |= extended
    return unions
