"""The examples in the package's docstrings and in README.md run, and README's Python code
passes ``mypy --strict`` as users would run it."""

from __future__ import annotations

import doctest
import re
import subprocess
import sys
from pathlib import Path

import pytest

import tablic

README = Path(__file__).resolve().parents[2] / "README.md"


def readme_python() -> list[str]:
    """README's ``python`` code blocks, in order."""
    return re.findall(r"^```python\n(.*?)^```$", README.read_text(encoding="utf-8"), re.M | re.S)


def test_package_docstring_examples() -> None:
    failures, tried = doctest.testmod(tablic)
    assert tried > 0 and failures == 0


def test_readme_python_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = readme_python()[0]  # the others spread a match over processes and Ray
    monkeypatch.chdir(tmp_path)  # it saves a game
    exec(compile(first, str(README), "exec"), {})
    assert tablic.Game.load(tmp_path / "game.txt").record() == (
        "tablic-record 1\nplayers 2\nseed 42\nplay 7S 3D 4S\nplay 3S\n"
    )


def test_readme_sides_and_match_to_101_print_what_they_say(
    capsys: pytest.CaptureFixture[str],
) -> None:
    block = next(code for code in readme_python() if "MatchToTarget(" in code)
    exec(compile(block, str(README), "exec"), {})
    assert capsys.readouterr().out.splitlines() == ["[12, 15] [4, 3, 8, 9]", "[104, 106] 1 7"]
    for printed in ["# [12, 15] [4, 3, 8, 9]:", "# [104, 106] 1 7:"]:
        assert printed in block


def test_readme_python_type_checks(tmp_path: Path) -> None:
    program = tmp_path / "readme.py"
    program.write_text("\n".join(readme_python()), encoding="utf-8")
    checked = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path / "cache"),
         program.name],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
