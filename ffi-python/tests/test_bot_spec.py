"""Bot specs as the core reads them: any case, and bad options that list the valid keys."""

from __future__ import annotations

import re

import pytest

from tablic import Bot


@pytest.mark.parametrize(
    ("text", "spec"),
    [
        ("Greedy", "greedy"),
        ("RANDOM", "random"),
        ("MINIMAX:Depth=2,NODES=50", "minimax:depth=2,nodes=50"),
        # The strongest bot by its alias: written back as the bot it is.
        ("Best", "ismcts:iterations=2000,exploration=45"),
        ("best:learned=1", "ismcts:iterations=2000,exploration=45,learned=1"),
        ("pimc:LEARNED=1", "pimc:samples=128,nodes=40000,learned=1"),
    ],
)
def test_names_and_keys_in_any_case(text: str, spec: str) -> None:
    assert Bot(text).spec_string == spec


def test_keyword_options_in_any_case() -> None:
    assert Bot("Minimax", DEPTH=2).spec_string.startswith("minimax:depth=2,")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "minimax:depht=3",
            'bad bot option "depht=3": minimax takes depth, nodes, exact or memory',
        ),
        (
            "pimc:sample=3",
            'bad bot option "sample=3": pimc takes samples, nodes, learned, inference, '
            "alone, memory or exact",
        ),
        (
            "ismcts:samples=3",
            'bad bot option "samples=3": ismcts takes iterations, exploration, learned, '
            "inference, alone, memory or exact",
        ),
        ("greedy:depth=3", 'bad bot option "depth=3": greedy takes no options'),
        ("minimax:depth=2,depth=3", 'bad bot option "depth=3": given twice'),
        ("minimax:depth", 'bad bot option "depth": expected key=value'),
    ],
)
def test_bad_options_say_which_keys_the_bot_takes(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        Bot(text)


def test_a_misspelt_keyword_lists_the_keys() -> None:
    message = 'bad bot option "depht=3": minimax takes depth, nodes, exact or memory'
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        Bot("minimax", depht=3)
