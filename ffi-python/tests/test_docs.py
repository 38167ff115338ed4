"""The examples in the package's docstrings run and print what they say."""

from __future__ import annotations

import doctest

import tablic


def test_package_docstring_examples() -> None:
    failures, tried = doctest.testmod(tablic)
    assert tried > 0 and failures == 0
