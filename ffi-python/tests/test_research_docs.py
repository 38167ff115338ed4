"""docs/RESEARCH.md has an example for each framework (test_docs.py runs every block of it
and type-checks them)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "RESEARCH.md"


def blocks() -> list[str]:
    return re.findall(r"^```python\n(.*?)^```$", GUIDE.read_text(encoding="utf-8"), re.M | re.S)


def test_there_is_a_block_for_each_framework() -> None:
    code = blocks()
    frameworks = ["pyspiel", "pettingzoo", "gymnasium", "tablic.vector"]
    assert [any(name in block for block in code) for name in frameworks] == [True] * 4
