"""The search's speed: situations tried per second, beside plain scoring of the same kind of
wins by riichi-rules and by the ``mahjong`` package (PyPI 2.1.0), and the table rules'
search in event sequences per second, in one run.

    .venv/bin/python bench/bench_search.py [--situations 20000] [--pair ema-2016 wrc-2025]
        [--sequences 1000] [--table-pair ema-2016 tenhou]

What is timed:

* **difference search**: ``search_differences(A, B, Budget(N))``, N situations: drawing and
  changing situations, building each win, the distance of the aimed-at clauses (which may
  score the win), scoring every goal reached under both rulesets and naming the causes,
  then making each cause's witness plainer.
* **witness search**: ``witness_report(A, Budget(N), samples=1)``: a witness and a near miss
  for every scoring rule of A.
* **table search**: ``search_table(A, B, Budget(S))``, S scenarios (``--sequences``) each
  played out as an event sequence under both rulesets (the referees following every event,
  asked what a game server asks), candidates played again and put down to their clauses,
  each witness made shorter and checked as a conformance case; the rate is event sequences
  per second (the search stops early where every clause has a witness).
* **plain scoring**, as the peer: the wins of N situations drawn the way the search draws
  them (before timing), scored once under A by riichi-rules (``score(win, program)``, the
  ``Win`` built beforehand) and by the package (``HandCalculator.estimate_hand_value``, its
  arguments built beforehand: tests/oracle/mahjong_adapter.py), taking turns every 100 wins.

The ratios say how many situations the search gets through in the time the package scores
one win (search / package; the search scores each goal under two rulesets and measures
distances besides), and riichi-rules' plain scoring against the package.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from oracle.mahjong_adapter import package_call, run_package  # noqa: E402
from riichi_rules.errors import InputError  # noqa: E402
from riichi_rules.hand import Win  # noqa: E402
from riichi_rules.scoring.scorer import program, score  # noqa: E402
from riichi_rules.search.climb import Budget  # noqa: E402
from riichi_rules.search.differences import search_differences  # noqa: E402
from riichi_rules.search.situations import mutate, random_situation  # noqa: E402
from riichi_rules.search.table_differences import search_table  # noqa: E402
from riichi_rules.search.witness import witness_report  # noqa: E402


def _wins(n: int, seed: int) -> list[Win]:
    """The wins of n situations drawn as the search draws them: a walk of changes (each kept
    when it makes a possible win) from a random start, afresh every 150 situations."""
    rng = random.Random(seed)
    out: list[Win] = []
    current = None
    for i in range(n):
        fresh = current is None or i % 150 == 0
        candidate = random_situation(rng) if fresh or current is None else mutate(rng, current)
        win = candidate.to_win()
        if win is not None:
            out.append(win)
            current = candidate
    return out


def _time(fn: Any) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--situations", type=int, default=20_000)
    parser.add_argument("--pair", nargs=2, default=("ema-2016", "wrc-2025"))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--sequences", type=int, default=1000)
    parser.add_argument("--table-pair", nargs=2, default=("ema-2016", "tenhou"))
    args = parser.parse_args()
    a, b = (program(x) for x in args.pair)
    n = args.situations

    wins = _wins(n, args.seed)
    calls = [package_call(w.to_json(), args.pair[0]) for w in wins]
    gc.collect()
    gc.freeze()
    ours_time = theirs_time = 0.0
    for start in range(0, len(wins), 100):
        chunk = slice(start, start + 100)

        def ours(chunk: slice = chunk) -> None:
            for win in wins[chunk]:
                with contextlib.suppress(InputError):
                    score(win, a)

        def theirs(chunk: slice = chunk) -> None:
            for call in calls[chunk]:
                run_package(call)

        if (start // 100) % 2:
            theirs_time += _time(theirs)
            ours_time += _time(ours)
        else:
            ours_time += _time(ours)
            theirs_time += _time(theirs)

    found: list[Any] = []
    search_time = _time(lambda: found.append(search_differences(a, b, Budget(n), args.seed)))
    witnessed: list[Any] = []
    witness_time = _time(lambda: witnessed.append(witness_report(a, Budget(n * 10), args.seed,
                                                                 samples=1)))
    report = witnessed[0]
    tried = sum(w.tried for w in report.rules)

    ta, tb = (program(x) for x in args.table_pair)
    played: list[Any] = []
    table_time = _time(lambda: played.append(search_table(ta, tb, Budget(args.sequences),
                                                          args.seed)))
    table = played[0]

    pkg_rate = len(wins) / theirs_time
    print(f"{len(wins)} wins of {n} situations (the rest impossible), "
          f"pair {args.pair[0]} / {args.pair[1]}, seed {args.seed}")
    print(f"  plain scoring, riichi-rules: {len(wins) / ours_time:8.0f} wins/s")
    print(f"  plain scoring, mahjong:      {pkg_rate:8.0f} wins/s   "
          f"(riichi-rules / mahjong: {theirs_time / ours_time:.2f})")
    print(f"  difference search:           {n / search_time:8.0f} situations/s "
          f"({len(found[0].findings)} causes found; search / mahjong: "
          f"{n / search_time / pkg_rate:.2f})")
    print(f"  witness search:              {tried / witness_time:8.0f} situations/s "
          f"({sum(1 for w in report.rules if w.found)} of {len(report.rules)} rules "
          f"witnessed in {witness_time:.1f} s; search / mahjong: "
          f"{tried / witness_time / pkg_rate:.2f})")
    witnessed = len(table.targets) - len(table.unwitnessed)
    print(f"  table search:                {table.searched / table_time:8.0f} event sequences/s "
          f"(pair {args.table_pair[0]} / {args.table_pair[1]}: {witnessed} of "
          f"{len(table.targets)} differing clauses witnessed by {len(table.findings)} cases, "
          f"{table.searched} sequences in {table_time:.1f} s)")


if __name__ == "__main__":
    main()
