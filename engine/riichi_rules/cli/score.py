"""``riichi score``: score one win given on the command line, or a file of wins (JSON lines).

Exit status: 0 every win scored; 1 some input could not be scored (each such line is
reported, and a batch goes on with the next line); 2 the command could not run at all (a
usage error, an unknown or broken ruleset, an unreadable batch file); 3 (``--batch`` only)
a line hit a bug in riichi-rules (reported on its line, and the batch went on).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import IO, TYPE_CHECKING

from riichi_rules import notation
from riichi_rules.cli import batch, numbers
from riichi_rules.cli.lasting import lasting

if TYPE_CHECKING:  # the scorer is imported inside run(): "riichi --help" must stay fast
    from riichi_rules.scoring.program import ScoringProgram

DEFAULT_RULESET = "ema-2016"

EXIT_OK = 0
EXIT_BAD_INPUT = 1
EXIT_USAGE = 2
EXIT_INTERNAL = 3  # --batch only: a line hit a bug (reported on its line)

# Options that describe the one win of the positional form (not allowed with --batch).
_WIN_OPTIONS = ("win", "seat", "round", "dora", "ura", "honba", "sticks", "kita",
                *notation.FLAGS)


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser(
        "score",
        help="score a win (or a file of wins, one JSON object a line)",
        description="Score a winning hand under a ruleset and explain the result: each yaku,\n"
        "each fu item and the payments, with the rule file and line they come from.",
        epilog="Examples:\n"
        "  riichi score 22p234p123s456s789s --win 9s --tsumo --seat S\n"
        "  riichi score 234m678p99m 4-56s 555=5p --win 8p --tsumo --rinshan --json\n"
        "  riichi score --batch wins.jsonl --json --ruleset tenhou\n"
        "  riichi score 123456p234678s99s --win 4s --riichi --seat S --kita 1 "
        "--ruleset tenhou-sanma\n"
        "Exit status: 0 all scored; 1 some input could not be scored; 2 usage error,\n"
        "unknown or broken ruleset, unreadable batch file; 3 (--batch) a line hit a bug.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "hand", nargs="?", metavar="HAND",
        help="the concealed tiles, winning tile included, in mpsz (e.g. 22p234p123s456s789s; "
        "0m/0p/0s are the red fives)",
    )
    p.add_argument(
        "melds", nargs="*", metavar="MELD",
        help="each declared meld in compact notation: 4-56s chi (called 4s from the left), "
        "55=5p pon (from across), 5555+p daiminkan, 555=5p kakan, 5555p ankan",
    )
    p.add_argument("--win", metavar="TILE",
                   help="the winning tile (default: the last tile written in HAND)")
    situation = p.add_argument_group("situation")
    situation.add_argument("--tsumo", action="store_true",
                           help="self-drawn win (default: ron, on a discard)")
    for flag in notation.FLAGS:
        if flag == "tsumo":
            continue
        situation.add_argument("--" + flag.replace("_", "-"), dest=flag, action="store_true",
                               help=_FLAG_HELP.get(flag))
    situation.add_argument("--seat", metavar="WIND",
                           help="the winner's seat wind: E (dealer, default), S, W or N (not N "
                           "with three players)")
    situation.add_argument("--round", metavar="WIND", help="the round wind (default E)")
    situation.add_argument(
        "--dora", metavar="TILES", action="append",
        help="dora indicators, e.g. 1m,2p (or 1m2p; the option may be repeated)",
    )
    situation.add_argument("--ura", metavar="TILES", action="append",
                           help="ura dora indicators (riichi only), as for --dora")
    situation.add_argument("--honba", metavar="N", type=numbers.whole,
                           help="honba counters (default 0)")
    situation.add_argument("--sticks", metavar="N", type=numbers.whole,
                           help="riichi sticks on the table, won by the winner (default 0)")
    situation.add_argument("--kita", metavar="N", type=numbers.whole,
                           help="Norths the winner set aside as dora (three-player rulesets, "
                           "e.g. --ruleset tenhou-sanma; default 0)")
    p.add_argument(
        "--batch", metavar="FILE",
        help="score every line of FILE ('-' for standard input): one win a line in the JSON "
        "form of docs/formats.md; prints exactly one line per input line, in order, and a "
        "summary on standard error",
    )
    p.add_argument(
        "--jobs", metavar="N", type=numbers.positive, default=1,
        help="with --batch: score the lines in N processes (the output is the same, one "
        "answer a line, in input order; the lines are read and answered a chunk at a time)",
    )
    p.add_argument("--ruleset", metavar="NAME|PATH", default=DEFAULT_RULESET,
                   help=f"a bundled ruleset id or a ruleset.json / its folder "
                   f"(default {DEFAULT_RULESET}; see 'riichi rulesets'); NAME@YYYY-MM-DD "
                   "takes it as it stood that day")
    p.add_argument("--date", metavar="YYYY-MM-DD",
                   help="score under the ruleset's values in force that day (a ruleset whose "
                   "values changed over time; default: today's)")
    p.add_argument("--json", action="store_true",
                   help="print the result as JSON (one object a line)")
    p.set_defaults(take_extra_positionals=_take_extra_positionals, score_parser=p)


_FLAG_HELP = {
    "riichi": "the winner declared riichi",
    "double_riichi": "riichi declared on the first uninterrupted turn (implies --riichi)",
    "ippatsu": "won within one uninterrupted go-around after riichi",
    "rinshan": "won on the replacement tile after a kan (tsumo)",
    "chankan": "won by robbing a kan",
    "haitei": "won on the last tile of the wall (tsumo)",
    "houtei": "won on the last discard (ron)",
    "tenhou": "dealer's win on the first draw",
    "chiihou": "non-dealer's win on the first draw",
    "renhou": "non-dealer's win on a discard before their first draw",
}


def _take_extra_positionals(args: argparse.Namespace, extras: list[str]) -> None:
    """``riichi score 234m67p11z --win 5p 4-56s``: melds written after an option."""
    if args.hand is None:
        args.hand, extras = extras[0], extras[1:]
    args.melds = [*args.melds, *extras]


def _usage_error(args: argparse.Namespace, message: str) -> int:
    parser: argparse.ArgumentParser = args.score_parser
    parser.print_usage(sys.stderr)
    print(f"riichi score: error: {message}", file=sys.stderr)
    return EXIT_USAGE


def run(args: argparse.Namespace) -> int:
    if args.batch is not None:
        given = [name for name in _WIN_OPTIONS if getattr(args, name) not in (None, False)]
        if args.hand is not None or given:
            what = ["HAND"] if args.hand is not None else []
            what += ["--" + name.replace("_", "-") for name in given]
            return _usage_error(args, f"--batch reads each win from FILE; {', '.join(what)} "
                                "cannot be given with it")
    elif args.hand is None:
        return _usage_error(args, "give a HAND (e.g. 22p234p123s456s789s --win 9s) or "
                            "--batch FILE")
    if args.jobs > 1 and args.batch is None:
        return _usage_error(args, "--jobs goes with --batch (one hand is scored in one process)")

    from riichi_rules.errors import RiichiError

    try:
        with lasting():  # the scorer's modules, the ruleset, its program
            from riichi_rules.rulesets.config import load_config
            from riichi_rules.scoring.scorer import program

            prog = program(load_config(args.ruleset, date=args.date))
    except RiichiError as error:
        print(f"riichi score: cannot load ruleset '{args.ruleset}':", file=sys.stderr)
        print(_render(error), file=sys.stderr)
        return EXIT_USAGE

    if args.batch is None:
        return _score_one(args, prog)
    try:
        stream = _open_batch(args.batch)
    except OSError as error:
        print(f"riichi score: cannot read {args.batch}: {error.strerror or error}",
              file=sys.stderr)
        return EXIT_USAGE
    # read from standard input, each answer goes out as soon as it is known (a program may be
    # waiting for it); read from a file, the answers are written in blocks
    write = _write_line if args.batch == "-" else _write
    try:
        lines = batch.read_lines(stream)
        if args.jobs > 1:
            tally = batch.run_parallel(lines, (args.ruleset, args.date), args.json, write,
                                       args.jobs)
        else:
            tally = batch.run_serial(lines, prog, args.json, write)
    except BrokenPipeError:  # the reader of the output went away: riichi.cli.main
        raise
    except OSError as error:  # the input could not be read to its end
        print(f"riichi score: cannot read {args.batch}: {error.strerror or error}",
              file=sys.stderr)
        return EXIT_USAGE
    finally:
        if args.batch != "-":
            stream.close()
    print(f"riichi score: {tally.render()}", file=sys.stderr)
    return tally.status


def _render(error: Exception) -> str:
    render: Callable[[], str] | None = getattr(error, "render", None)
    return render() if render is not None else str(error)


def _score_one(args: argparse.Namespace, prog: ScoringProgram) -> int:
    from riichi_rules.errors import RiichiError
    from riichi_rules.scoring.scorer import score

    obj = notation.win_json(
        args.hand, args.melds, win=args.win,
        flags=[flag for flag in notation.FLAGS if getattr(args, flag)],
        seat=args.seat, round_=args.round, dora=args.dora, ura=args.ura,
        honba=args.honba, sticks=args.sticks, kita=args.kita,
    )
    try:
        result = score(obj, prog)
    except RiichiError as error:
        detail = batch.error_json(error)
        if args.json:
            print(json.dumps({"error": detail}))
        else:
            print(f"riichi score: {detail['code']}: {detail['message']}", file=sys.stderr)
        return EXIT_BAD_INPUT
    print(result.json_text() if args.json else result.explain())
    return EXIT_OK


def _open_batch(name: str) -> IO[bytes] | IO[str]:
    if name == "-":
        buffer: IO[bytes] | None = getattr(sys.stdin, "buffer", None)
        return sys.stdin if buffer is None else buffer  # a text stdin: tests
    if Path(name).is_dir():
        raise IsADirectoryError(21, "a folder, not a file of wins")
    return open(name, "rb")


def _write_line(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()  # one result per input line, as soon as it is known (pipes)


def _write(line: str) -> None:
    sys.stdout.write(line + "\n")
