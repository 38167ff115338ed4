"""Captures against every case of the original implementation's oracle."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tablic import MAX_LISTED, Card, capture_groups, capture_problem, captures


def test_a_table_of_three() -> None:
    found = captures("2C 3D 5H", "5S")
    assert sorted(sorted(map(str, capture)) for capture in found) == [
        [],
        ["2C", "3D"],
        ["2C", "3D", "5H"],
        ["5H"],
    ]
    assert len(set(found)) == len(found)


def test_an_ace_counts_one_or_eleven() -> None:
    assert frozenset({Card("5C"), Card("6C")}) in captures("5C 6C", "AH")
    assert frozenset({Card("AC"), Card("AD")}) in captures("AC AD", "2S")


def test_a_crowded_table_is_refused_not_listed() -> None:
    # A king has billions of captures on the other 51 cards: too many to hold as objects.
    assert MAX_LISTED == 2**20
    table = [Card(index) for index in range(52) if str(Card(index)) != "KS"]
    with pytest.raises(ValueError, match="KS has more than 1048576 legal captures"):
        captures(table, "KS")
    assert len(captures(table[:12], "KS")) < MAX_LISTED


def test_groups() -> None:
    groups = capture_groups("2C 3D 5H AS 4C", "5S")
    assert sorted(sorted(map(str, group)) for group in groups) == [
        ["2C", "3D"],
        ["4C", "AS"],
        ["5H"],
    ]


def test_every_oracle_case(oracle_dir: Path) -> None:
    cases = 0
    with open(oracle_dir / "captures.jsonl", encoding="utf-8") as lines:
        for line in lines:
            case = json.loads(line)
            expected = {frozenset(Card(text) for text in capture) for capture in case["captures"]}
            found = captures(case["table"], case["played"])
            assert len(found) == case["n_captures"], case["id"]
            assert set(found) == expected, case["id"]
            cases += 1
    assert cases >= 995


def test_bad_input() -> None:
    with pytest.raises(ValueError, match="on the table"):
        captures("2C 3D", "2C")
    with pytest.raises(ValueError, match="appears twice"):
        captures(["2C", "2C"], "5S")
    with pytest.raises(TypeError, match="expected cards"):
        captures(None, "5S")  # type: ignore[arg-type]


def test_groups_of_a_card_on_the_table() -> None:
    groups = capture_groups("5H 2C 3D", "5H")
    assert sorted(sorted(map(str, group)) for group in groups) == [["2C", "3D"], ["5H"]]


def test_capture_problems_in_the_cores_words() -> None:
    assert capture_problem("2C 3D 5H", "5S", "2C 3D") is None
    assert capture_problem("2C 3D 5H", "5S", "") is None
    assert capture_problem("2C 3D 5H", "5S", "4S") == "not on table"
    assert capture_problem("2C 3D", "KC", "2C") == "nothing sums"
    assert capture_problem("2C 3D 5H", "5S", "2C") == "cannot split"
    # Only the value counts: the card may be on the table itself.
    assert capture_problem("5S 2C 3D", "5S", "5S 2C 3D") is None
