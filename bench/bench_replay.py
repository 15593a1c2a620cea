"""Time the replay of the Tenhou corpus through the referee under ``tenhou``.

    .venv/bin/python bench/bench_replay.py [--repeat N] [--jobs N] [--cluster] [--no-cli]
                                           [--profile]

Over every game record of shared/data/tenhou/mjlog/ (the ``.xml_`` files included) and
tenhou6/, it measures:

* read: parsing every file into its GameRecords (riichi_rules.records.files.read_games; a
  file that cannot be read is counted and left out);
* replay: HandReferee over every hand of the standard four-player games (replay_game with the
  ruleset compiled once beforehand, taken at each record's date as ``riichi replay`` does;
  three-player and special-lobby games are skipped by the referee and not counted): legal
  actions, furiten, each win scored and settled, standings;
* the peer, in the same run: the ``mahjong`` package scoring every win the referee built
  (``HandCalculator.estimate_hand_value``; its input made beforehand from each win by
  tests/oracle/mahjong_adapter.package_call, and not timed), in wins per second: a measure of
  the machine's speed at the moment, beside the replay's hands a second;
* ``riichi replay FILES --json --ruleset tenhou`` (the whole process: start-up, compile,
  reading and replay), once with ``--jobs 1``, once with ``--jobs N`` if N > 1, and with
  ``--cluster`` once more with ``--cluster local --jobs N`` (a local Dask cluster of N workers
  started for the run, its start included): wall time, and the CPU time of the process and its
  children (not the Dask workers': a cluster's CPU time is not seen from here). Each run's
  JSON report must equal the one process's.

In-process figures are the best of ``--repeat`` runs (default 3), in hands per second, by the
CPU time of this process (``time.process_time``: on a machine shared with other work the wall
time also holds the waits for a core; both are printed). The
corpus is test data only: it is read from ../shared and never copied. Without ../shared the
script says so and exits 0.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import resource
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from riichi_rules.records.events import GameRecord, RecordError
from riichi_rules.records.files import read_games
from riichi_rules.referee.hand import HandReferee
from riichi_rules.referee.replay import GameReport, on_its_day, replay_game
from riichi_rules.scoring.program import ScoringProgram
from riichi_rules.scoring.scorer import program

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
TENHOU = ROOT.parent / "shared" / "data" / "tenhou"
SUFFIXES = {".xml", ".xml_", ".mjlog", ".json"}


def record_files() -> list[Path]:
    return sorted(p for folder in ("mjlog", "tenhou6") for p in (TENHOU / folder).rglob("*")
                  if p.is_file() and p.suffix in SUFFIXES)


def best_of(repeat: int, fn: Callable[[], object]) -> tuple[float, float]:
    """The CPU and wall seconds of the run of ``fn``, of ``repeat``, that took the least CPU."""
    best = (float("inf"), 0.0)
    for _ in range(repeat):
        start, cpu = time.perf_counter(), time.process_time()
        fn()
        best = min(best, (time.process_time() - cpu, time.perf_counter() - start))
    return best


def line(label: str, count: int, cpu: float, wall: float, what: str = "hands") -> str:
    return (f"{label:<40} {count:5d} {what:5s} cpu {cpu:7.3f} s {count / cpu:7.0f} {what}/s"
            f"   wall {wall:7.3f} s")


def package_rate(games: list[GameRecord], prog: ScoringProgram, repeat: int
                 ) -> tuple[int, float, float] | None:
    """The ``mahjong`` package's time to score every win the referee builds in ``games`` (best
    of ``repeat``): (wins, CPU seconds, wall seconds); None without the package."""
    try:
        from oracle.mahjong_adapter import options_for, package_call, run_package
    except ImportError:
        print("mahjong package: not installed (the test extra): no peer rate")
        return None
    calls = []
    options = options_for("tenhou")

    def keep(hand: object, referee: HandReferee) -> None:
        for _, win in referee.situations:
            calls.append(package_call(win.to_json(), "tenhou", options))

    for game in games:
        replay_game(game, on_its_day(game, prog), on_hand=keep)
    cpu, wall = best_of(repeat, lambda: [run_package(call) for call in calls])
    return len(calls), cpu, wall


def riichi_command() -> list[str] | None:
    here = Path(sys.executable).with_name("riichi")
    exe = str(here) if here.exists() else shutil.which("riichi")
    return [exe] if exe else None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=2, help="processes for the CLI run")
    parser.add_argument("--cluster", action="store_true",
                        help="also time riichi replay --cluster local --jobs N")
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

    unreadable: list[str] = []

    def read_all() -> None:
        games.clear()
        unreadable.clear()
        for f in files:
            try:
                games.extend(read_games(f))
            except RecordError as error:  # test data that is bad on purpose, or not a game
                unreadable.append(error.message)

    read = best_of(args.repeat, read_all)
    reports: list[GameReport] = []

    def replay_all() -> None:
        reports[:] = [replay_game(g, on_its_day(g, prog)) for g in games]

    replay = best_of(args.repeat, replay_all)
    hands = sum(r.hands for r in reports)
    wins = sum(r.wins for r in reports)
    replayed = sum(1 for r in reports if not r.unsupported)
    disagreements = sum(len(r.disagreements) for r in reports)
    print(f"{len(unreadable)} files unreadable (not timed further); "
          f"{replayed} games replayed ({len(reports) - replayed} not modelled), {hands} hands, "
          f"{wins} wins, {disagreements} disagreements")
    print(line("read records", hands, *read))
    print(line("replay (referee)", hands, *replay))
    print(line("read + replay", hands, read[0] + replay[0], read[1] + replay[1]))
    peer = package_rate(games, prog, args.repeat)
    if peer is not None:
        print(line("mahjong package: score each win", *peer, what="wins"))

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
    runs = [["--jobs", "1"]]
    if args.jobs > 1:
        runs.append(["--jobs", str(args.jobs)])
    if args.cluster:
        runs.append(["--cluster", "local", "--jobs", str(args.jobs)])
    first: object = None
    for engine in runs:
        full = [*command, "replay", *map(str, files), "--json", "--ruleset", "tenhou", *engine]
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        proc = subprocess.run(full, capture_output=True, text=True, check=False)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
        try:
            summary = json.loads(proc.stdout)
        except json.JSONDecodeError:
            print(f"riichi replay {' '.join(engine)}: exit {proc.returncode}, no JSON: "
                  f"{proc.stderr.strip()[:300]}")
            return 1
        first = summary if first is None else first
        same = "same report" if summary == first else "A DIFFERENT REPORT"
        print(line(f"riichi replay {' '.join(engine)}", summary["hands"], cpu, wall)
              + f"  exit {proc.returncode}, "
              f"{len(summary['disagreements'])} disagreements, {same}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
