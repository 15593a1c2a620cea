"""A snapshot of what the engine does, to show that a change of its insides changes nothing:
every conformance case under every bundled ruleset (`riichi conformance --json`), random wins
scored under every ruleset (the whole JSON of each result, or the error code), and, when the
shared corpus is there, the replay of every record under tenhou.

    .venv/bin/python tests/behaviour/snapshot.py > before.json     # on the old code
    .venv/bin/python tests/behaviour/snapshot.py > after.json      # on the new
    diff before.json after.json                                    # nothing

Each part is a digest (sha256) of its canonical JSON, with counts beside it; ``--full`` prints
the JSON itself, to find what differs.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import random
import sys
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))

from corpus_data import TENHOU  # noqa: E402
from riichi_rules.cli import main  # noqa: E402
from riichi_rules.conformance.cases import known_ruleset_ids  # noqa: E402
from riichi_rules.errors import InputError  # noqa: E402
from riichi_rules.scoring.scorer import score  # noqa: E402
from riichi_rules.search.situations import mutate, random_situation  # noqa: E402


def _conformance() -> Any:
    out = io.StringIO()
    with redirect_stdout(out):
        main(["conformance", "--json"])
    return json.loads(out.getvalue())


def _scores(n: int) -> Any:
    rng = random.Random(20261201)
    wins = []
    current = None
    while len(wins) < n:
        candidate = random_situation(rng) if current is None or rng.random() < 0.05 \
            else mutate(rng, current)
        win = candidate.to_win()
        if win is not None:
            wins.append(win)
            current = candidate
    out = []
    for ruleset in known_ruleset_ids():
        for win in wins:
            try:
                out.append(score(win, ruleset).to_json())
            except InputError as error:
                out.append({"error": error.code})
    return out


def _replay() -> Any:
    if not TENHOU.exists():
        return None
    out = io.StringIO()
    with redirect_stdout(out):
        main(["replay", str(TENHOU / "mjlog"), str(TENHOU / "tenhou6"), "--ruleset", "tenhou",
              "--json"])
    return json.loads(out.getvalue())


def main_() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wins", type=int, default=3000)
    parser.add_argument("--full", action="store_true")
    args = parser.parse_args()
    parts = {"conformance": _conformance(), "scores": _scores(args.wins), "replay": _replay()}
    if args.full:
        print(json.dumps(parts, indent=1, sort_keys=True, ensure_ascii=False))
        return
    for name, value in parts.items():
        text = json.dumps(value, sort_keys=True, ensure_ascii=False)
        count = len(value) if isinstance(value, list) else len(value or {})
        print(f"{name}: {count} items, sha256 {hashlib.sha256(text.encode()).hexdigest()}")


if __name__ == "__main__":
    main_()
