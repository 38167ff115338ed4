"""The examples in the package's docstrings, the README's and the guides' run, and their
Python code passes ``mypy --strict`` as users would run it."""

from __future__ import annotations

import doctest
import re
import subprocess
import sys
from pathlib import Path

import pytest

import tablic

ROOT = Path(__file__).resolve().parents[2]
# The package's mypy settings: they read OpenSpiel and PettingZoo as their authors ship them.
SETTINGS = ROOT / "ffi-python" / "pyproject.toml"
# Kept between runs (mypy reads numpy, Gymnasium and PettingZoo: minutes from cold).
MYPY_CACHE = ROOT / "target" / "mypy-docs"
README = ROOT / "README.md"
PYTHON_GUIDE = ROOT / "docs" / "PYTHON.md"
# The READMEs and every page under docs/: each ``python`` block in them runs verbatim.
DOCUMENTS = [README, ROOT / "ffi-python" / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def python_blocks(document: Path) -> list[str]:
    """A Markdown file's ``python`` code blocks, in order."""
    text = document.read_text(encoding="utf-8")
    return re.findall(r"^```python\n(.*?)^```$", text, re.M | re.S)


def readme_python() -> list[str]:
    """The Python guide's ``python`` code blocks, in order."""
    return python_blocks(PYTHON_GUIDE)


EXAMPLES = [
    pytest.param(document, index, id=f"{document.name}-{index + 1}")
    for document in DOCUMENTS
    for index in range(len(python_blocks(document)))
]


def test_package_docstring_examples() -> None:
    failures, tried = doctest.testmod(tablic)
    assert tried > 0 and failures == 0


@pytest.mark.parametrize(("document", "index"), EXAMPLES)
def test_every_python_example_runs(
    document: Path, index: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # some save files
    block = python_blocks(document)[index]
    exec(compile(block, f"{document.name} example {index + 1}", "exec"), {"__name__": "example"})


def test_there_are_examples_in_the_readme_and_the_python_guide() -> None:
    assert python_blocks(README) and len(readme_python()) >= 5


def test_the_python_guide_s_first_example_saves_its_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    exec(compile(readme_python()[0], str(PYTHON_GUIDE), "exec"), {})
    assert tablic.Game.load(tmp_path / "game.txt").record() == (
        "tablic-record 1\nplayers 2\nseed 42\nplay 7S 3D 4S\nplay 3S\n"
    )


def test_readme_sides_and_match_to_101_print_what_they_say(
    capsys: pytest.CaptureFixture[str],
) -> None:
    block = next(code for code in readme_python() if "MatchToTarget(" in code)
    exec(compile(block, str(PYTHON_GUIDE), "exec"), {})
    assert capsys.readouterr().out.splitlines() == ["[12, 15] [4, 3, 8, 9]", "[104, 106] 1 7"]
    for printed in ["# [12, 15] [4, 3, 8, 9]:", "# [104, 106] 1 7:"]:
        assert printed in block


@pytest.mark.parametrize("document", [doc for doc in DOCUMENTS if python_blocks(doc)],
                         ids=lambda document: document.name)
def test_python_examples_type_check(document: Path, tmp_path: Path) -> None:
    # Each block is a program of its own, as each runs on its own above.
    programs = []
    for number, block in enumerate(python_blocks(document), 1):
        program = tmp_path / f"{document.stem.lower()}_example_{number}.py"
        program.write_text(block, encoding="utf-8")
        programs.append(program.name)
    checked = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--config-file", str(SETTINGS),
         "--cache-dir", str(MYPY_CACHE), *programs],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
