"""``riichi score --batch`` against a script on the ``mahjong`` package, both timed as whole
processes on the same wins.

    .venv/bin/python bench/bench_batch.py [--hands 5000] [--ruleset tenhou] [--jobs 1,2]

The wins are random complete wins from tests/oracle/generate.py (seeded), written once to a
JSON-lines file in our form (docs/formats.md) and once in the package's own terms
(136-format ids, melds, ``HandConfig`` flags; tests/oracle/mahjong_adapter.package_call), so
that neither side converts the other's input. Then, taking turns round after round:

* ours: ``riichi score --batch FILE --json --ruleset R`` (with ``--jobs N`` for each N of
  ``--jobs`` above 1): start, the ruleset's program (kept on disk after the warm-up run, as it
  is for any second run: see riichi_rules/scoring/cache.py), then for each line: JSON in,
  validation, scoring, JSON out;
* ours again, the same command with ``RIICHI_RULES_PURE_PYTHON=1``, when the engine is
  compiled by mypyc (riichi_rules.native): its pure-Python source;
* theirs: ``python bench/package_batch.py FILE OPTIONS``: start, then for each line JSON in,
  the package's objects, ``estimate_hand_value``, JSON out.

Both write to /dev/null. It prints each command's median wall time and CPU time (user +
system of the process and its children) over the rounds, hands a second, and the ratios
theirs/ours (above 1: riichi-rules is faster) of the wall times, with the lowest and highest
ratio of a round, and of the CPU times (with ``--jobs`` the CPU time is the workers' together:
the wall time is what the option buys). On a machine shared with other work the wall time
also holds the waits for a core: compare the CPU ratio too.
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from mahjong.hand_calculating.hand_config import OptionalRules  # noqa: E402
from mahjong.meld import Meld  # noqa: E402

from bytecode import write_bytecode  # noqa: E402  (bench/, the script's folder)
from oracle.generate import random_wins  # noqa: E402
from oracle.mahjong_adapter import options_for, package_call  # noqa: E402
from riichi_rules import compiled  # noqa: E402
from riichi_rules.native import PURE_VARIABLE, describe  # noqa: E402
from riichi_rules.rulesets.config import load_config  # noqa: E402

_MELD_TYPES = {Meld.CHI: "chi", Meld.PON: "pon", Meld.KAN: "kan",
               Meld.SHOUMINKAN: "shouminkan"}


def _package_line(win: dict[str, Any], ruleset: str) -> str:
    call = package_call(win, ruleset)
    melds = [{"type": _MELD_TYPES[m.type], "tiles": list(m.tiles), "opened": m.opened,
              "called": m.called_tile} for m in call.melds]
    return json.dumps({"tiles": call.tiles, "win_tile": call.win_tile, "melds": melds,
                       "dora": call.dora, "ura": call.ura, "flags": call.flags})


def _options(ruleset: str) -> str:
    options = options_for(ruleset)
    names = [p for p in inspect.signature(OptionalRules.__init__).parameters if p != "self"]
    return json.dumps({name: getattr(options, name) for name in names})


def _timed(command: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds of one run of a command (its output thrown away)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, stdout=subprocess.DEVNULL, check=False)
    if done.returncode not in (0, 1):  # 1: some wins cannot be scored (no yaku)
        raise SystemExit(f"{command[0]} failed (exit {done.returncode})")
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="riichi score --batch vs a mahjong-package script")
    ap.add_argument("--hands", type=int, default=5000)
    ap.add_argument("--ruleset", default="tenhou", help="tenhou or ema-2016 (default tenhou)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=5, help="timed rounds (default 5)")
    ap.add_argument("--jobs", default="1,2", help="--jobs values to time (default 1,2)")
    args = ap.parse_args(argv)

    riichi = Path(sys.executable).with_name("riichi")
    if not riichi.exists():
        print(f"no riichi command beside {sys.executable}", file=sys.stderr)
        return 2
    red = load_config(args.ruleset).parameters["red_fives"] not in (0, None)
    wins = random_wins(args.seed, args.hands, red_fives=red)
    with tempfile.TemporaryDirectory(prefix="bench-batch-") as folder:
        ours_file = Path(folder) / "wins.jsonl"
        theirs_file = Path(folder) / "package.jsonl"
        ours_file.write_text("".join(json.dumps(w) + "\n" for w in wins), encoding="utf-8")
        theirs_file.write_text("".join(_package_line(w, args.ruleset) + "\n" for w in wins),
                               encoding="utf-8")
        commands: dict[str, list[str]] = {}
        for jobs in (int(j) for j in args.jobs.split(",")):
            label = "riichi-rules" + (f" --jobs {jobs}" if jobs > 1 else "")
            commands[label] = [str(riichi), "score", "--batch", str(ours_file), "--json",
                               "--ruleset", args.ruleset] + (
                                   ["--jobs", str(jobs)] if jobs > 1 else [])
        if compiled:  # the same, its engine's source run (riichi_rules.native)
            commands["riichi-rules, pure Python"] = [
                "env", f"{PURE_VARIABLE}=1", *commands["riichi-rules"]]
        commands["mahjong script"] = [sys.executable, str(ROOT / "bench" / "package_batch.py"),
                                      str(theirs_file), _options(args.ruleset)]
        print(write_bytecode())
        for label, command in commands.items():  # warm-up: the output checked, then caches
            done = subprocess.run(command, capture_output=True, text=True, check=False)
            lines = done.stdout.count("\n")
            if done.returncode not in (0, 1) or lines != len(wins):
                print(f"{label}: exit {done.returncode}, {lines} lines for {len(wins)} wins\n"
                      f"{done.stderr[-2000:]}", file=sys.stderr)
                return 2
        times: dict[str, list[tuple[float, float]]] = {label: [] for label in commands}
        labels = list(commands)
        for r in range(args.repeat):  # the commands take turns, the order rotated each round
            for label in labels[r % len(labels):] + labels[:r % len(labels)]:
                times[label].append(_timed(commands[label]))
    print(f"{len(wins)} wins ({args.ruleset}, seed {args.seed}), {args.repeat} rounds, whole "
          f"processes, output to /dev/null; {os.cpu_count()} cores; riichi-rules "
          f"{describe(compiled)}")
    theirs = times["mahjong script"]
    for label, runs in times.items():
        wall = statistics.median(w for w, _ in runs)
        cpu = statistics.median(c for _, c in runs)
        line = (f"{label:<26} wall {wall * 1000:7.0f} ms  cpu {cpu * 1000:7.0f} ms  "
                f"{len(wins) / wall:7.0f} wins/s")
        if label != "mahjong script":
            ratios = sorted(t[0] / o[0] for o, t in zip(runs, theirs, strict=True))
            their_wall = statistics.median(t[0] for t in theirs)
            their_cpu = statistics.median(t[1] for t in theirs)
            line += (f"   theirs/ours: wall {their_wall / wall:.2f} (by round "
                     f"{ratios[0]:.2f}..{ratios[-1]:.2f}), cpu {their_cpu / cpu:.2f}")
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
