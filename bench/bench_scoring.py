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

Both sides score every hand, hands with no yaku included (both refuse those). The sides take
turns every ``--chunk`` hands, so that changes in the machine's load weigh on them alike.
Hands per second are those of the best of ``--repeat`` rounds; the ratios are of the time of
all rounds. Then one cold ``riichi score ... --json`` call is timed in a subprocess
(interpreter start, imports, ruleset compile), if the ``riichi`` command exists.
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import gc
import io
import pstats
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from bytecode import write_bytecode  # noqa: E402  (bench/, the script's folder)
from oracle.generate import random_wins  # noqa: E402
from oracle.mahjong_adapter import package_call, run_package  # noqa: E402
from riichi_rules import compiled  # noqa: E402
from riichi_rules.errors import InputError  # noqa: E402
from riichi_rules.hand import Win  # noqa: E402
from riichi_rules.native import PURE_VARIABLE, describe  # noqa: E402
from riichi_rules.rulesets.config import load_config  # noqa: E402
from riichi_rules.scoring.scorer import program, score  # noqa: E402


def _built(win: dict[str, Any]) -> Win | None:
    """Our input built beforehand, as the package's is (None: not a valid win)."""
    try:
        return Win.from_json(win)
    except InputError:
        return None


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
    ap.add_argument("--repeat", type=int, default=3, help="timed rounds (default 3)")
    ap.add_argument("--chunk", type=int, default=100,
                    help="hands each side scores before the next takes its turn (default 100)")
    ap.add_argument("--profile", action="store_true", help="cProfile riichi-rules, top 20")
    ap.add_argument("--no-cli", action="store_true", help="skip the cold CLI call")
    ap.add_argument("--no-gc-freeze", action="store_true",
                    help="leave the prepared inputs to the garbage collector during timing")
    args = ap.parse_args(argv)

    red = load_config(args.ruleset).parameters["red_fives"] not in (0, None)
    t0 = time.perf_counter()
    # fresh hands for every round (and one more set to warm up), so that no cache of either
    # side sees a hand twice
    rounds = [random_wins(args.seed + r, args.hands, red_fives=red)
              for r in range(args.repeat + 1)]
    # scoring from built input runs on other fresh hands of the same kind: on the same hands
    # it would find the hand caches (readings) filled by the run from JSON
    other = [random_wins(args.seed + 1000 + r, args.hands, red_fives=red)
             for r in range(args.repeat + 1)]
    gen = time.perf_counter() - t0
    calls = [[package_call(w, args.ruleset) for w in wins] for wins in rounds]
    t0 = time.perf_counter()
    prog = program(args.ruleset)
    compile_s = time.perf_counter() - t0
    built = [[_built(w) for w in wins] for wins in other]

    def ours(r: int, lo: int, hi: int) -> None:
        for w in rounds[r][lo:hi]:
            with contextlib.suppress(InputError):
                score(w, prog)

    def ours_built(r: int, lo: int, hi: int) -> None:
        for w in built[r][lo:hi]:
            if w is not None:
                with contextlib.suppress(InputError):
                    score(w, prog)

    def theirs(r: int, lo: int, hi: int) -> None:
        for c in calls[r][lo:hi]:
            run_package(c)

    if not args.no_gc_freeze:
        # the inputs of every round (made beforehand, some 10^5 objects) would otherwise be
        # walked by every full collection of the garbage collector during timing, a cost of
        # the benchmark's setup rather than of either library: freeze them out of it
        gc.collect()
        gc.freeze()
    n = args.hands
    sides = (ours, ours_built, theirs)
    for fn in sides:  # warm all three (first-use imports and caches) on the spare set
        fn(0, 0, n)
    # the three take turns chunk by chunk (each chunk's order rotated), so that the load of
    # the machine, which changes from second to second, weighs on them alike
    per_round: list[list[float]] = []
    for r in range(1, args.repeat + 1):
        spent = [0.0, 0.0, 0.0]
        for c, lo in enumerate(range(0, n, args.chunk)):
            for i in (c % 3, (c + 1) % 3, (c + 2) % 3):
                t0 = time.perf_counter()
                sides[i](r, lo, lo + args.chunk)
                spent[i] += time.perf_counter() - t0
        per_round.append(spent)
    t_ours, t_built, t_theirs = (min(times) for times in zip(*per_round, strict=True))
    total_ours, total_built, total_theirs = (sum(times) for times in zip(*per_round, strict=True))
    ratios = sorted(spent[2] / spent[1] for spent in per_round)
    print(f"riichi-rules {describe(compiled)} ({PURE_VARIABLE}=1: pure Python)")
    print(f"ruleset {args.ruleset}, {n} hands a round, {args.repeat} rounds of fresh hands "
          f"(seeds {args.seed + 1}..{args.seed + args.repeat}; generated in {gen:.2f} s, not "
          f"timed), the sides taking turns every {args.chunk} hands; best round")
    print(f"ruleset compile (once, not in the rate): {compile_s * 1000:.0f} ms")
    print(f"riichi-rules, from JSON   {n / t_ours:9.0f} hands/s   ({t_ours / n * 1e6:7.1f} "
          "us/hand: parse and validate the win, score)")
    print(f"riichi-rules, from a Win  {n / t_built:9.0f} hands/s   ({t_built / n * 1e6:7.1f} "
          "us/hand: score)")
    print(f"mahjong                   {n / t_theirs:9.0f} hands/s   ({t_theirs / n * 1e6:7.1f} "
          "us/hand: its input built beforehand)")
    print(f"ratio ours/theirs (hands/s), both from built input: {total_theirs / total_built:.2f}"
          f"   (all rounds; by round {ratios[0]:.2f}..{ratios[-1]:.2f})")
    print(f"ratio ours/theirs (hands/s), ours from JSON:       {total_theirs / total_ours:.2f}")

    if args.profile:
        prof = cProfile.Profile()
        prof.enable()
        ours(1, 0, n)
        prof.disable()
        for key in ("tottime", "cumulative"):
            out = io.StringIO()
            pstats.Stats(prof, stream=out).sort_stats(key).print_stats(20)
            print(f"\n--- riichi-rules profile, by {key} ---")
            print("\n".join(out.getvalue().splitlines()[:50]))

    if not args.no_cli:
        cmd = _cli_command(rounds[0][0], args.ruleset)
        if cmd is None:
            print("cold CLI call: skipped (no 'riichi' command found)")
        else:
            print(write_bytecode())
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
