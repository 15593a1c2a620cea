"""Time the replay of the Tenhou corpus through the referee under ``tenhou``.

    .venv/bin/python bench/bench_replay.py [--repeat N] [--jobs N] [--cluster] [--no-cli]
                                           [--profile]
    .venv/bin/python bench/bench_replay.py --base REV [--repeat N]   # REV against this checkout

Over every game record of shared/data/tenhou/mjlog/ (the ``.xml_`` files included) and
tenhou6/, it measures:

* read: parsing every file into its GameRecords (riichi_rules.records.files.read_games; a
  file that cannot be read is counted and left out);
* replay: HandReferee over every hand of the standard four-player games (replay_game with the
  ruleset compiled once beforehand, taken at each record's date as ``riichi replay`` does,
  each timed pass with the caches kept by whole hand emptied first (:func:`forget_hands`);
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
time also holds the waits for a core; both are printed). ``--base REV`` measures REV's engine
(taken out with ``git archive``) and this checkout's, each in a process of its own (best of
two), taking turns for ``--repeat`` rounds, and prints each round's hands a second of read +
replay, the package's wins a second in the same process, and the ratios. The
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
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bytecode import write_bytecode
from revision import ROOT, check_origin, child_env, extract
from riichi_rules import compiled
from riichi_rules import waits as waits_module
from riichi_rules.native import PURE_VARIABLE, describe
from riichi_rules.records.events import GameRecord, RecordError
from riichi_rules.records.files import read_games
from riichi_rules.referee import questions as questions_module
from riichi_rules.referee.hand import HandReferee
from riichi_rules.referee.replay import GameReport, on_its_day, replay_game
from riichi_rules.scoring.program import ScoringProgram
from riichi_rules.scoring.scorer import program

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


def forget_hands() -> None:
    """Empty the caches kept by whole hand (the waits of a 13-tile hand), so that every replay
    timed is a first pass, as over an archive whose hands seldom come again: a best of several
    passes would otherwise find every hand's waits kept from the first."""
    for module in (waits_module, questions_module):
        for value in vars(module).values():
            if callable(getattr(value, "cache_clear", None)):
                value.cache_clear()


def measure(repeat: int) -> tuple[dict[str, Any], Callable[[], None]]:
    """The in-process figures (best of ``repeat``): CPU and wall seconds to read every file
    and to replay every game, the counts, and the package's time for every win; and the
    replay of every game (for a profile)."""
    files = record_files()
    prog = program("tenhou")
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

    read = best_of(repeat, read_all)
    for game in games:  # each era's program compiled before the replay is timed
        on_its_day(game, prog)
    reports: list[GameReport] = []

    def replay_all() -> None:
        forget_hands()
        reports[:] = [replay_game(g, on_its_day(g, prog)) for g in games]

    replay = best_of(repeat, replay_all)
    peer = package_rate(games, prog, repeat)
    return {
        "files": len(files), "unreadable": len(unreadable), "games": len(reports),
        "replayed": sum(1 for r in reports if not r.unsupported),
        "hands": sum(r.hands for r in reports), "wins": sum(r.wins for r in reports),
        "disagreements": sum(len(r.disagreements) for r in reports),
        "read": read, "replay": replay, "package": peer,
    }, replay_all


def show(figures: dict[str, Any]) -> None:
    """The in-process figures, a line each."""
    hands, read, replay = figures["hands"], figures["read"], figures["replay"]
    print(f"{figures['unreadable']} files unreadable (not timed further); "
          f"{figures['replayed']} games replayed ({figures['games'] - figures['replayed']} not "
          f"modelled), {hands} hands, {figures['wins']} wins, {figures['disagreements']} "
          "disagreements")
    print(line("read records", hands, *read))
    print(line("replay (referee)", hands, *replay))
    print(line("read + replay", hands, read[0] + replay[0], read[1] + replay[1]))
    if figures["package"] is not None:
        wins, cpu, wall = figures["package"]
        print(line("mahjong package: score each win", wins, cpu, wall, what="wins"))


def against(base: str, rounds: int) -> int:
    """``--base REF``: REF's engine and this checkout's, each measured in a process of its own
    (best of 2 inside it), the two taking turns for ``rounds`` rounds (the order switched from
    round to round); the ratio of this checkout's hands a second (read + replay) to REF's, by
    round, and each side's rate beside the package's in the same process."""
    runs: dict[str, list[dict[str, Any]]] = {"base": [], "head": []}
    with tempfile.TemporaryDirectory(prefix="bench-replay-") as tmp:
        engine = extract(base, Path(tmp))
        for i in range(rounds):
            for side in ("base", "head") if i % 2 == 0 else ("head", "base"):
                where = engine if side == "base" else ROOT / "engine"
                proc = subprocess.run(
                    [sys.executable, __file__, "--figures", "--expect", str(where)],
                    capture_output=True, text=True, check=False,
                    env=child_env(engine if side == "base" else None))
                if proc.returncode != 0:
                    print(f"{side} run failed: {proc.stderr.strip()[-500:]}")
                    return 1
                runs[side].append(json.loads(proc.stdout.splitlines()[-1]))
    print(f"in-process CPU figures, {rounds} rounds, {base} (before) and this checkout (after) "
          "taking turns; hands/s of read + replay, and the package's wins/s in the same process")
    print(f"{'round':<6} {'before':>9} {'package':>9} {'after':>9} {'package':>9} "
          f"{'after/before':>13} {'by package':>11}")
    ratios, normed = [], []
    for i, (old, new) in enumerate(zip(runs["base"], runs["head"], strict=True), 1):
        rates = [f["hands"] / (f["read"][0] + f["replay"][0]) for f in (old, new)]
        peers = [f["package"][0] / f["package"][1] if f["package"] else 0.0 for f in (old, new)]
        ratios.append(rates[1] / rates[0])
        normed.append(rates[1] / peers[1] / (rates[0] / peers[0]) if all(peers) else 0.0)
        print(f"{i:<6} {rates[0]:9.0f} {peers[0]:9.0f} {rates[1]:9.0f} {peers[1]:9.0f} "
              f"{ratios[-1]:13.2f} {normed[-1]:11.2f}")
    for side, label in (("base", f"before ({base})"), ("head", "after")):
        for stage in ("read", "replay"):
            rates = sorted(f["hands"] / f[stage][0] for f in runs[side])
            print(f"{label} {stage}: {' '.join(f'{r:.0f}' for r in rates)} hands/s")
    print(f"after/before, read + replay: median {statistics.median(ratios):.2f} "
          f"({min(ratios):.2f}..{max(ratios):.2f}); each side by the package's rate of its "
          f"process: median {statistics.median(normed):.2f} ({min(normed):.2f}..{max(normed):.2f})")
    same = {k: v for k, v in runs["base"][0].items() if k not in ("read", "replay", "package")}
    if any({k: v for k, v in f.items() if k not in ("read", "replay", "package")} != same
           for f in runs["base"] + runs["head"]):
        print("THE COUNTS DIFFER between the runs (games, hands, wins, disagreements)")
        return 1
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=2, help="processes for the CLI run")
    parser.add_argument("--cluster", action="store_true",
                        help="also time riichi replay --cluster local --jobs N")
    parser.add_argument("--no-cli", action="store_true")
    parser.add_argument("--profile", action="store_true", help="cProfile one replay")
    parser.add_argument("--base", help="a git revision (main, a commit): its engine and this "
                        "checkout's, taking turns --repeat rounds, in-process figures only")
    parser.add_argument("--figures", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--expect", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if not (TENHOU / "mjlog").is_dir():
        print(f"no Tenhou corpus at {TENHOU} (../shared is absent): nothing to time")
        return 0
    if args.base:
        return against(args.base, args.repeat)
    if args.figures:  # one side of --base: best of 2, one JSON line
        wrong = check_origin(args.expect)
        if wrong:
            print(wrong, file=sys.stderr)
            return 2
        print(json.dumps(measure(2)[0]))
        return 0

    files = record_files()
    start = time.perf_counter()
    program("tenhou")
    print(f"corpus: {TENHOU} ({len(files)} files); Python {sys.version.split()[0]}; "
          f"riichi-rules {describe(compiled)} ({PURE_VARIABLE}=1: pure Python)")
    print(f"{'compile tenhou ruleset':<40} {'':11s} {time.perf_counter() - start:8.3f} s")
    figures, replay_all = measure(args.repeat)
    show(figures)

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
    print(write_bytecode())
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
