"""One pass of the replay, for an instruction count that the machine's load does not move:

    valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        .venv/bin/python bench/replay_once.py STAGE [--files N]

STAGE is ``setup`` (imports, the tenhou ruleset compiled or read from the disk cache, the list
of files), ``read`` (setup, and every record read) or ``replay`` (read, and every game
replayed by the referee, each file's ruleset compiled for its date first, as
bench_replay.py's warm-up does); ``--files N`` takes the first N record files (default:
all). The difference of two stages' counts is the cost of the later one's work. Without
../shared it says so and exits 0.
"""

from __future__ import annotations

import argparse
import contextlib
import sys

from bench_replay import TENHOU, record_files
from riichi_rules.records.events import GameRecord, RecordError
from riichi_rules.records.files import read_games
from riichi_rules.referee.replay import on_its_day, replay_game
from riichi_rules.scoring.scorer import program


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("stage", choices=("setup", "read", "replay"))
    parser.add_argument("--files", type=int, default=None)
    args = parser.parse_args()
    if not (TENHOU / "mjlog").is_dir():
        print(f"no Tenhou corpus at {TENHOU} (../shared is absent): nothing to count")
        return 0
    prog = program("tenhou")
    files = record_files()[: args.files]
    games: list[GameRecord] = []
    if args.stage != "setup":
        for f in files:
            with contextlib.suppress(RecordError):  # the corpus's unreadable file, on purpose
                games.extend(read_games(f))
    if args.stage == "replay":
        dated = [on_its_day(g, prog) for g in games]  # compiled before the replay, not in it
        hands = sum(replay_game(g, p).hands for g, p in zip(games, dated, strict=True))
        print(f"{len(games)} games, {hands} hands")
    return 0


if __name__ == "__main__":
    sys.exit(main())
