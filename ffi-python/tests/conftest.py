"""Shared fixtures: where the oracle cases of the original Python code live."""

from __future__ import annotations

from pathlib import Path

import pytest

ORACLE = Path(__file__).resolve().parents[2] / "core" / "tests" / "data" / "oracle"


@pytest.fixture(scope="session")
def oracle_dir() -> Path:
    if not ORACLE.is_dir():
        pytest.fail(f"the oracle cases are missing: {ORACLE}")
    return ORACLE
