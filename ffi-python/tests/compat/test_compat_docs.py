"""The examples in the docstrings of tablic.compat run."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

import tablic.compat
from tablic.compat import bots, engine, karta, skupovi


@pytest.mark.parametrize("module", [tablic.compat, karta, skupovi, engine, bots])
def test_docstring_examples(module: ModuleType) -> None:
    failures, _ = doctest.testmod(module)
    assert failures == 0


def test_every_public_name_is_documented() -> None:
    assert tablic.compat.Igrac is tablic.compat.Tablic.Igrac
    for name in tablic.compat.__all__:
        assert getattr(tablic.compat, name).__doc__, name
    assert "Where it differs from the original" in (tablic.compat.__doc__ or "")
