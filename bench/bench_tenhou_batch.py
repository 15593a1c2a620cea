"""Time scoring every standard four-player win of the Tenhou corpus under ``tenhou``.

    .venv/bin/python bench/bench_tenhou_batch.py [--repeat N] [--no-cli]

Measures, over the wins of shared/data/tenhou/agari.jsonl with standard rules (6,290):

* convert: agari.jsonl record -> win JSON form (riichi_rules.records.win_json);
* score(Win): in-process scoring of already-built ``Win`` objects (the scorer alone);
* score(json): in-process scoring from the JSON form (validation + scoring, as a caller does);
* ``riichi score --batch FILE --json --ruleset tenhou`` over a temporary JSONL of the same wins,
  wall clock of the whole process (start-up and ruleset compile included), if the CLI has
  ``--batch``; its totals are checked against the in-process ones.

In-process figures are the best of ``--repeat`` runs (default 3), after one compile of the
ruleset. The corpus is test data only: it is read from ../shared and never copied.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bytecode import write_bytecode  # bench/, the script's folder
from riichi_rules.hand import Win
from riichi_rules.records import to_win, win_json
from riichi_rules.scoring.scorer import program, score

ROOT = Path(__file__).resolve().parents[1]
AGARI = ROOT.parent / "shared" / "data" / "tenhou" / "agari.jsonl"


def standard_wins() -> list[dict[str, Any]]:
    out = []
    with AGARI.open(encoding="utf-8") as f:
        for line in f:
            record = json.loads(line)
            rules = record["ruleset"]
            if rules["players"] == 4 and rules["standard_scoring"]:
                out.append(record)
    return out


def best_of(repeat: int, fn: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def line(label: str, n: int, seconds: float) -> str:
    return f"{label:<34} {n:6d} wins  {seconds:8.3f} s  {n / seconds:10.0f} wins/s"


def cli_command() -> list[str] | None:
    """The ``riichi`` command beside this Python (the venv), else on PATH; None without
    ``score --batch``."""
    here = Path(sys.executable).with_name("riichi")
    exe = str(here) if here.exists() else shutil.which("riichi")
    if exe is None:
        return None
    try:
        help_text = subprocess.run([exe, "score", "--help"], capture_output=True, text=True,
                                   timeout=60).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    return [exe] if "--batch" in help_text else None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--no-cli", action="store_true")
    args = parser.parse_args()
    if not AGARI.is_file():
        print(f"no Tenhou corpus at {AGARI}: nothing to time", file=sys.stderr)
        return 2

    records = standard_wins()
    n = len(records)
    print(f"corpus: {AGARI} ({n} standard 4-player wins); Python {sys.version.split()[0]}")

    start = time.perf_counter()
    prog = program("tenhou")
    print(f"{'compile tenhou ruleset':<34} {time.perf_counter() - start:8.3f} s")

    jsons: list[dict[str, object]] = []
    convert = best_of(args.repeat, lambda: jsons.__setitem__(slice(None),
                                                               [win_json(r) for r in records]))
    print(line("convert record -> win JSON", n, convert))
    wins: list[Win] = [to_win(r) for r in records]

    totals: list[int] = []

    def score_wins() -> None:
        totals[:] = [score(w, prog).points for w in wins]

    print(line("score(Win) in-process", n, best_of(args.repeat, score_wins)))
    print(line("score(json) in-process", n,
               best_of(args.repeat, lambda: [score(j, prog) for j in jsons])))

    if args.no_cli:
        return 0
    command = cli_command()
    if command is None:
        print("riichi score --batch: not available (no riichi command with --batch)")
        return 0
    print(write_bytecode())
    with tempfile.TemporaryDirectory() as tmp:
        batch = Path(tmp) / "wins.jsonl"
        batch.write_text("".join(json.dumps(j) + "\n" for j in jsons), encoding="utf-8")
        one = Path(tmp) / "one.jsonl"
        one.write_text(json.dumps(jsons[0]) + "\n", encoding="utf-8")
        out = Path(tmp) / "out.jsonl"
        full = [*command, "score", "--batch", str(batch), "--json", "--ruleset", "tenhou"]
        startup = best_of(args.repeat, lambda: subprocess.run(
            [*command, "score", "--batch", str(one), "--json", "--ruleset", "tenhou"],
            stdout=subprocess.DEVNULL, check=False))
        with out.open("w", encoding="utf-8") as sink:
            start = time.perf_counter()
            proc = subprocess.run(full, stdout=sink, stderr=subprocess.PIPE, text=True,
                                  check=False)
            wall = time.perf_counter() - start
        results = [json.loads(x) for x in out.read_text(encoding="utf-8").splitlines()]
    print(f"{'riichi score --batch, 1 win':<34} {'':6s}       {startup:8.3f} s  (start-up + "
          "compile)")
    print(line("riichi score --batch (wall)", n, wall))
    if wall > startup:
        print(line("riichi score --batch (- start-up)", n, wall - startup))
    cli_totals = [r.get("points", {}).get("total") for r in results]
    agree = sum(a == b for a, b in zip(cli_totals, totals, strict=False))
    print(f"CLI exit status {proc.returncode}; {len(results)} result lines; "
          f"{agree}/{n} totals equal to the in-process ones")
    if proc.stderr.strip():
        print("CLI stderr: " + proc.stderr.strip()[:500])
    return 0 if agree == n and len(results) == n else 1


if __name__ == "__main__":
    sys.exit(main())
