"""Scoring speed: riichi-rules against the ``mahjong`` package (PyPI 2.1.0) on the same hands.

    .venv/bin/python bench/bench_scoring.py [--hands 5000] [--ruleset ema-2016] [--profile]

The hands are random complete wins from tests/oracle/generate.py (seeded), generated before any
timing. What each side's time includes:

* riichi-rules: ``score(win_json, program)`` per hand, i.e. ``Win.from_json`` (parse and
  validate the JSON form), every reading, the compiled rules, payments and the ``Result``.
  The ruleset is compiled once before timing (its compile time is printed separately).
* mahjong: ``HandConfig(...)`` (built per hand: the package writes dora han into it) and
  ``HandCalculator.estimate_hand_value(...)``. The conversion of our JSON to 136-format ids,
  ``Meld`` objects and ``OptionalRules`` is done beforehand and not timed.

Both sides score every hand, hands with no yaku included (both refuse those). The best of
``--repeat`` rounds is reported. Then one cold ``riichi score ... --json`` call is timed in a
subprocess (interpreter start, imports, ruleset compile), if the ``riichi`` command exists.
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import io
import pstats
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from oracle.generate import random_wins  # noqa: E402
from oracle.mahjong_adapter import package_call, run_package  # noqa: E402
from riichi_rules.errors import InputError  # noqa: E402
from riichi_rules.rulesets.config import load_config  # noqa: E402
from riichi_rules.scoring.scorer import program, score  # noqa: E402


def _best_of(repeat: int, *fns: Callable[[], None]) -> list[float]:
    """The best time of each function over ``repeat`` rounds; the functions take turns within
    a round, so that a load change on the machine hits both alike."""
    best = [float("inf")] * len(fns)
    for _ in range(repeat):
        for i, fn in enumerate(fns):
            t0 = time.perf_counter()
            fn()
            best[i] = min(best[i], time.perf_counter() - t0)
    return best


def _cli_command(win: dict[str, Any], ruleset: str) -> list[str] | None:
    exe = Path(sys.executable).parent / "riichi"
    path = str(exe) if exe.exists() else shutil.which("riichi")
    if path is None:
        return None
    cmd = [path, "score", win["hand"]]
    for m in win.get("melds", []):
        cmd.append(_compact_meld(m))
    cmd += ["--win", win["win"], "--seat", win.get("seat", "E"), "--round",
            win.get("round", "E"), "--ruleset", ruleset, "--json"]
    for flag in ("tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei",
                 "houtei", "tenhou", "chiihou", "renhou"):
        if win.get(flag):
            cmd.append("--" + flag.replace("_", "-"))
    for key in ("dora", "ura"):
        if win.get(key):
            cmd += ["--" + key, "".join(win[key])]
    cmd += ["--honba", str(win.get("honba", 0)), "--sticks", str(win.get("sticks", 0))]
    return cmd


def _compact_meld(m: dict[str, str]) -> str:
    """The compact meld notation of engine/riichi_rules/hand.py (``4-56s``, ``55=5p``, ...)."""
    mark = {"left": "-", "across": "=", "right": "+"}
    digits = [c for c in m["tiles"] if c.isdigit()]
    suit = m["tiles"][-1]
    if m["type"] == "ankan":
        return m["tiles"]
    called = m["called"][0]
    rest = list(digits)
    rest.remove(called)
    if m["type"] == "chi":
        order = sorted([*rest, called], key=lambda d: 5 if d == "0" else int(d))
        at = order.index(called)
    elif m["type"] == "pon":
        order, at = [rest[0], called, rest[1]], 1
    elif m["type"] == "daiminkan":
        order, at = [*rest, called], 3
    else:  # kakan
        order, at = [rest[0], rest[1], called, rest[2]], 2
    order[at] += mark[m["from"]]
    return "".join(order) + suit


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="riichi-rules vs mahjong: hands per second")
    ap.add_argument("--hands", type=int, default=5000)
    ap.add_argument("--ruleset", default="ema-2016", help="ema-2016 or tenhou (default ema-2016)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3, help="timed rounds, best kept (default 3)")
    ap.add_argument("--profile", action="store_true", help="cProfile riichi-rules, top 20")
    ap.add_argument("--no-cli", action="store_true", help="skip the cold CLI call")
    args = ap.parse_args(argv)

    red = load_config(args.ruleset).parameters["red_fives"] not in (0, None)
    t0 = time.perf_counter()
    wins = random_wins(args.seed, args.hands, red_fives=red)
    gen = time.perf_counter() - t0
    calls = [package_call(w, args.ruleset) for w in wins]
    t0 = time.perf_counter()
    prog = program(args.ruleset)
    compile_s = time.perf_counter() - t0

    def ours() -> None:
        for w in wins:
            with contextlib.suppress(InputError):
                score(w, prog)

    def theirs() -> None:
        for c in calls:
            run_package(c)

    ours()  # warm both (first-use imports and caches)
    theirs()
    t_ours, t_theirs = _best_of(args.repeat, ours, theirs)
    n = len(wins)
    print(f"ruleset {args.ruleset}, {n} hands (seed {args.seed}; generated in {gen:.2f} s, "
          f"not timed), best of {args.repeat}")
    print(f"ruleset compile (once, not in the rate): {compile_s * 1000:.0f} ms")
    print(f"riichi-rules  {n / t_ours:9.0f} hands/s   ({t_ours / n * 1e6:7.1f} us/hand)")
    print(f"mahjong       {n / t_theirs:9.0f} hands/s   ({t_theirs / n * 1e6:7.1f} us/hand)")
    print(f"ratio ours/theirs (hands/s): {t_theirs / t_ours:.2f}")

    if args.profile:
        prof = cProfile.Profile()
        prof.enable()
        ours()
        prof.disable()
        for key in ("tottime", "cumulative"):
            out = io.StringIO()
            pstats.Stats(prof, stream=out).sort_stats(key).print_stats(20)
            print(f"\n--- riichi-rules profile, by {key} ---")
            print("\n".join(out.getvalue().splitlines()[:50]))

    if not args.no_cli:
        cmd = _cli_command(wins[0], args.ruleset)
        if cmd is None:
            print("cold CLI call: skipped (no 'riichi' command found)")
        else:
            t0 = time.perf_counter()
            done = subprocess.run(cmd, capture_output=True, text=True, check=False)
            cold = time.perf_counter() - t0
            if done.returncode in (0, 1):  # 1 = the hand could not be scored (e.g. no yaku)
                print(f"cold CLI call: {cold * 1000:.0f} ms  ({' '.join(cmd[1:])}, exit "
                      f"{done.returncode})")
            else:
                print(f"cold CLI call: skipped, the command failed (exit {done.returncode}): "
                      + (done.stderr.strip().splitlines() or [""])[-1])
    return 0


if __name__ == "__main__":
    sys.exit(main())
