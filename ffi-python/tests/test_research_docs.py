"""docs/RESEARCH.md's Python blocks run as they stand and pass ``mypy --strict`` (with the
package's mypy settings, which read OpenSpiel and PettingZoo as their authors ship them)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")  # the OpenSpiel block needs it (CPython 3.11 and newer)

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "RESEARCH.md"
SETTINGS = ROOT / "ffi-python" / "pyproject.toml"
# Kept between runs (mypy reads numpy, Gymnasium and PettingZoo: minutes from cold).
MYPY_CACHE = ROOT / "target" / "mypy-research-docs"


def blocks() -> list[str]:
    return re.findall(r"^```python\n(.*?)^```$", GUIDE.read_text(encoding="utf-8"), re.M | re.S)


def test_there_is_a_block_for_each_framework() -> None:
    code = blocks()
    assert len(code) == 3
    assert ["pyspiel" in code[0], "pettingzoo" in code[1], "gymnasium" in code[2]] == [True] * 3


@pytest.mark.parametrize("index", range(3))
def test_a_block_runs(
    index: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    exec(compile(blocks()[index], f"{GUIDE}:block{index}", "exec"), {"__name__": "__main__"})
    assert capsys.readouterr().out.strip()


def test_the_blocks_type_check(tmp_path: Path) -> None:
    for index, code in enumerate(blocks()):
        (tmp_path / f"block{index}.py").write_text(code, encoding="utf-8")
    checked = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--config-file", str(SETTINGS),
         "--cache-dir", str(MYPY_CACHE),
         *(f"block{index}.py" for index in range(len(blocks())))],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
