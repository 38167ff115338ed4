"""The set utilities of the original ``skupovi.py``: power sets and disjoint unions."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import TypeVar

__all__ = ["partitivniSkup", "unijeDisjunktnih"]

_T = TypeVar("_T", bound=Hashable)


def partitivniSkup(S: Iterable[_T]) -> set[frozenset[_T]]:
    """The power set of ``S``: every subset, the empty one included (2^n of them)."""
    subsets: set[frozenset[_T]] = {frozenset()}
    for x in S:
        subsets |= {subset | {x} for subset in subsets}
    return subsets


def unijeDisjunktnih(F: Iterable[Iterable[_T]]) -> set[frozenset[_T]]:
    """Every union of a pairwise-disjoint subfamily of ``F``, the empty union included.

    >>> sorted(map(sorted, unijeDisjunktnih([{1, 2}, {2, 3}, {4}])))
    [[], [1, 2], [1, 2, 4], [2, 3], [2, 3, 4], [4]]
    """
    unions: set[frozenset[_T]] = {frozenset()}
    for member in F:
        group = frozenset(member)
        unions |= {union | group for union in unions if union.isdisjoint(group)}
    return unions
