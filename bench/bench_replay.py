"""Time the replay of the Tenhou corpus through the referee under ``tenhou``.

    .venv/bin/python bench/bench_replay.py [--repeat N] [--jobs N] [--no-cli] [--profile]

Over every game record of shared/data/tenhou/mjlog/ (the ``.xml_`` files included) and
tenhou6/, it measures:

* read: parsing every file into a GameRecord (riichi_rules.records.files.read_record);
* replay: HandReferee over every hand of the standard four-player games (replay_game with the
  ruleset compiled once beforehand; three-player and special-lobby games are skipped by the
  referee and not counted): legal actions, furiten, each win scored and settled, standings;
* ``riichi replay FILES --json --ruleset tenhou`` (wall clock of the whole process: start-up,
  compile, reading and replay), once with ``--jobs 1`` and once with ``--jobs N`` if N > 1.

In-process figures are the best of ``--repeat`` runs (default 3), in hands per second. The
corpus is test data only: it is read from ../shared and never copied. Without ../shared the
script says so and exits 0.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from riichi_rules.records.events import GameRecord
from riichi_rules.records.files import read_record
from riichi_rules.referee.replay import GameReport, replay_game
from riichi_rules.scoring.scorer import program

ROOT = Path(__file__).resolve().parents[1]
TENHOU = ROOT.parent / "shared" / "data" / "tenhou"
SUFFIXES = {".xml", ".xml_", ".mjlog", ".json"}


def record_files() -> list[Path]:
    return sorted(p for folder in ("mjlog", "tenhou6") for p in (TENHOU / folder).rglob("*")
                  if p.is_file() and p.suffix in SUFFIXES)


def best_of(repeat: int, fn: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def line(label: str, hands: int, seconds: float) -> str:
    return f"{label:<40} {hands:5d} hands {seconds:8.3f} s {hands / seconds:9.0f} hands/s"


def riichi_command() -> list[str] | None:
    here = Path(sys.executable).with_name("riichi")
    exe = str(here) if here.exists() else shutil.which("riichi")
    return [exe] if exe else None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=2, help="processes for the CLI run")
    parser.add_argument("--no-cli", action="store_true")
    parser.add_argument("--profile", action="store_true", help="cProfile one replay")
    args = parser.parse_args()
    if not (TENHOU / "mjlog").is_dir():
        print(f"no Tenhou corpus at {TENHOU} (../shared is absent): nothing to time")
        return 0

    files = record_files()
    start = time.perf_counter()
    prog = program("tenhou")
    print(f"corpus: {TENHOU} ({len(files)} files); Python {sys.version.split()[0]}")
    print(f"{'compile tenhou ruleset':<40} {'':11s} {time.perf_counter() - start:8.3f} s")

    games: list[GameRecord] = []

    def read_all() -> None:
        games[:] = [read_record(f) for f in files]

    read = best_of(args.repeat, read_all)
    reports: list[GameReport] = []

    def replay_all() -> None:
        reports[:] = [replay_game(g, prog) for g in games]

    replay = best_of(args.repeat, replay_all)
    hands = sum(r.hands for r in reports)
    wins = sum(r.wins for r in reports)
    replayed = sum(1 for r in reports if not r.unsupported)
    disagreements = sum(len(r.disagreements) for r in reports)
    print(f"{replayed} games replayed ({len(reports) - replayed} not modelled), {hands} hands, "
          f"{wins} wins, {disagreements} disagreements")
    print(line("read records", hands, read))
    print(line("replay (referee)", hands, replay))
    print(line("read + replay", hands, read + replay))

    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        replay_all()
        profiler.disable()
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)

    if args.no_cli:
        return 0
    command = riichi_command()
    if command is None:
        print("riichi replay: no riichi command next to this Python or on PATH")
        return 0
    for jobs in sorted({1, max(1, args.jobs)}):
        full = [*command, "replay", *map(str, files), "--json", "--ruleset", "tenhou",
                "--jobs", str(jobs)]
        start = time.perf_counter()
        proc = subprocess.run(full, capture_output=True, text=True, check=False)
        wall = time.perf_counter() - start
        try:
            summary = json.loads(proc.stdout)
        except json.JSONDecodeError:
            print(f"riichi replay --jobs {jobs}: exit {proc.returncode}, no JSON: "
                  f"{proc.stderr.strip()[:300]}")
            return 1
        print(line(f"riichi replay --jobs {jobs} (wall)", summary["hands"], wall)
              + f"  exit {proc.returncode}, {len(summary['disagreements'])} disagreements")
    return 0


if __name__ == "__main__":
    sys.exit(main())
