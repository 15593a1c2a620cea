"""``riichi replay FILES... --ruleset tenhou``: replay game records (Tenhou mjlog XML,
tenhou.net/6 JSON, mjai JSON lines) through the referee and report every disagreement with the
game, the hand, the event and the reason, and what the readers noted (not disagreements: an
ignored tag, a missing end result, wins an mjai log gives only by their score changes, whose
han, fu, yaku and points cannot be compared). With ``--compare B``: each game's final standings
settled under the ruleset and under B too (riichi_rules.cli.impact).

A ruleset whose values changed over time judges each game by the rules of its day: the date
in the record (a Tenhou log id, a tenhou.net/6 log id, a date in its title, an mjai log's
metadata), else ``--date``; a record without either is tried under the rules of each era and
the report says which it fits. ``--ruleset tenhou@2009-06-01`` takes every game at that date.

Exit status: 0 when every game agrees, 1 when some disagreement or unreadable file was found.
"""

from __future__ import annotations

import argparse
import json
import sys

from riichi_rules.cli.impact import add_compare_option
from riichi_rules.cli.workers import add_worker_options, worker_error


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser(
        "replay",
        help="replay game records and check them against a ruleset",
        description="Replay every hand of every record (Tenhou mjlog XML, tenhou.net/6 JSON, "
        "mjai JSON lines): legal actions, furiten, the score of each win, each hand's score "
        "changes and the final standings. A win an mjai log gives only by its score changes "
        "(Mortal, mjai.app) has only those checked, and is counted as such.",
    )
    p.add_argument("files", nargs="+", metavar="FILE", help="record files or folders")
    p.add_argument("--ruleset", default="tenhou",
                   help="ruleset id or path (default tenhou); ID@YYYY-MM-DD takes every game "
                   "under the rules of that day")
    p.add_argument("--date", metavar="YYYY-MM-DD", type=_day,
                   help="the day of the games whose records give none (by default such a game "
                   "is tried under the rules of each era of the ruleset)")
    p.add_argument("--json", action="store_true",
                   help='print {"games", "hands", "wins", "deltas_only", "disagreements": '
                   '[...], "notes": [...], "unsupported": [...], "errors": [...]}')
    add_worker_options(p, "replay the files")
    add_compare_option(p)


def _day(text: str) -> str:
    from riichi_rules.rulesets.dated import parse_day

    try:
        return parse_day(text).isoformat()
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def run(args: argparse.Namespace) -> int:
    from riichi_rules.cli.impact import run_settle
    from riichi_rules.errors import DiagnosticError
    from riichi_rules.parallel import ClusterError, run_all
    from riichi_rules.records.files import record_files
    from riichi_rules.referee.replay import GameReport, lost_file, replay_one
    from riichi_rules.scoring.scorer import program

    status = worker_error(args, "replay")
    if status is not None:
        return status
    try:
        program(args.ruleset)
        if args.compare:
            program(args.compare)
    except DiagnosticError as error:
        print(error.render(), file=sys.stderr)
        return 2
    files = [str(f) for f in record_files(args.files)]
    work = [(f, args.ruleset, args.date) for f in files]
    progress = sys.stderr.isatty() and not args.json
    reports: list[GameReport] = []

    def note(done: int) -> None:
        if progress:
            print(f"\rreplayed {done}/{len(work)} files", end="", file=sys.stderr, flush=True)

    try:
        for done, batch in enumerate(run_all(replay_one, work, args.jobs, args.cluster,
                                             lost=lost_file), 1):
            reports.extend(batch)
            note(done)
    except ClusterError as error:
        print(f"riichi replay: error: {error}", file=sys.stderr)
        return 2
    if progress:
        print(file=sys.stderr)
    disagreements = [
        {"game": r.game_id or r.source, "source": r.source, **d.to_json()}
        for r in reports for d in r.disagreements
    ]
    errors = [{"source": r.source, "error": r.error} for r in reports if r.error]
    unsupported = [{"source": r.source, "reason": r.unsupported}
                   for r in reports if r.unsupported]
    notes = [{"source": r.source, "note": n} for r in reports for n in r.notes]
    summary = {
        "games": sum(1 for r in reports if not r.error and not r.unsupported),
        "hands": sum(r.hands for r in reports),
        "wins": sum(r.wins for r in reports),
        "deltas_only": sum(r.deltas_only for r in reports),
        "disagreements": disagreements,
        "notes": notes,
        "unsupported": unsupported,
        "errors": errors,
    }
    if args.json:
        if args.compare:
            summary["compare"] = run_settle(files, args)
        print(json.dumps(summary, indent=2, ensure_ascii=False))
    else:
        for d in disagreements:
            print(f"{d['source']}: {d['hand']} event {d['event']}: {d['what']}: {d['message']}")
        for n in notes:
            print(f"{n['source']}: note: {n['note']}")
        for u in unsupported:
            print(f"{u['source']}: not replayed: {u['reason']}")
        for e in errors:
            print(f"{e['source']}: {e['error']}")
        only = (f" ({summary['deltas_only']} checked only by their score changes)"
                if summary["deltas_only"] else "")
        print(f"{summary['games']} games, {summary['hands']} hands, {summary['wins']} wins"
              f"{only}: {len(disagreements)} disagreements, {len(errors)} unreadable, "
              f"{len(unsupported)} not replayed, {len(notes)} notes")
        if args.compare:
            run_settle(files, args)
    return 1 if disagreements or errors else 0
