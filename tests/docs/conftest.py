"""The rulebooks the docs tests read, each built once for the test run (tests/built_once.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from built_once import built_once
from riichi_rules.docs.pages import build

# Recorded wins written by hand, each derived from the rulebooks in tests/impact/test_wins.py.
WINS = Path(__file__).resolve().parents[1] / "impact" / "fixtures" / "wins.jsonl"


@pytest.fixture(scope="session")
def rulebook(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """EMA 2016, EMA 2025 and WRC 2025 with the search (its fixed seed and budgets), and the
    comparison pages of EMA 2016 with each of the others given the recorded wins of
    ``WINS``."""
    return built_once(tmp_path_factory, "rulebook", lambda out: build(
        ["ema-2016", "ema-2025", "wrc-2025"], out, corpus=[WINS]))
