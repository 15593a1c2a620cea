"""The replay of the whole shared corpus, game by game, to show that a change of the engine's
insides changes no report (a script, not a test: it takes minutes).

    .venv/bin/python bench/replay_snapshot.py --base main            # compare with main
    .venv/bin/python bench/replay_snapshot.py > after.jsonl           # this checkout's lines

Every file under ../shared/data (tenhou, mjai, other-platforms: a file no reader reads
gives its error, which is compared too) is replayed under every bundled ruleset (``--ruleset``
names fewer), as ``riichi replay`` does (each record at its date, an undated one under each
era). One JSON line a game: the ruleset, the file, the game's place in the file, its report
(hands, wins, mjai wins known by their deltas only, disagreements, notes, why it was not
replayed, the error of a file that was not read) and our final scores and points; and one
line a file with a digest of the events its reader made of it (the readers' changes too).

``--base REF``: the engine, grammar and rulesets of the git revision REF are taken out of
this repository (``git archive``) into a temporary folder, and both versions make their lines
(in two processes side by side); every line that differs is printed, and the exit status is
1 if any did. Without ../shared it says so and exits 0.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from revision import ROOT, check_origin, child_env, extract

DATA = ROOT.parent / "shared" / "data"


def corpus_files(data: Path) -> list[Path]:
    """Every file of the corpus's record folders, in name order."""
    return sorted(f for sub in ("tenhou", "mjai", "other-platforms") if (data / sub).is_dir()
                  for f in (data / sub).rglob("*") if f.is_file())


def snapshot(data: Path, rulesets: list[str]) -> Iterator[dict[str, Any]]:
    """The lines of this interpreter's engine (see the module's text)."""
    from riichi_rules.records.events import RecordError
    from riichi_rules.records.files import read_games
    from riichi_rules.referee.replay import replay_file
    from riichi_rules.rulesets import load_config

    files = corpus_files(data)
    for path in files:
        name = str(path.relative_to(data))
        try:
            games = read_games(path)
            digest = hashlib.sha256(repr([g.hands for g in games]).encode()).hexdigest()
            yield {"file": name, "games": len(games), "events": digest}
        except RecordError as error:
            yield {"file": name, "error": error.message.replace(str(data), "DATA")}
    for ruleset in rulesets:
        config = load_config(ruleset)
        for path in files:
            name = str(path.relative_to(data))
            for i, report in enumerate(replay_file(path, config)):
                line = report.to_json()
                line["source"] = str(line["source"]).replace(str(data), "DATA")
                yield {"ruleset": ruleset, "file": name, "game": i, **line,
                       "final_scores": report.final_scores,
                       "final_points": report.final_points}


def _run(engine: Path | None, args: argparse.Namespace, out: Path) -> subprocess.Popen[bytes]:
    """This script making its lines in a process of its own, with the package of ``engine``
    (a folder holding ``riichi_rules``) or this checkout's."""
    command = [sys.executable, str(Path(__file__).resolve()), "--data", str(args.data.resolve()),
               "--expect", str(engine or ROOT / "engine")]
    for ruleset in args.ruleset or []:
        command += ["--ruleset", ruleset]
    # each in the folder above its engine: a rule file's place in a message is shown from there
    folder = ROOT if engine is None else engine.parent
    with out.open("wb") as sink:
        return subprocess.Popen(command, stdout=sink, env=child_env(engine), cwd=folder)


def compare(args: argparse.Namespace) -> int:
    """Both versions' lines, and the lines that differ."""
    with tempfile.TemporaryDirectory(prefix="replay-snapshot-") as tmp:
        base = extract(args.base, Path(tmp))
        outs = {"base": Path(tmp) / "base.jsonl", "head": Path(tmp) / "head.jsonl"}
        runs = {"base": _run(base, args, outs["base"]),
                "head": _run(None, args, outs["head"])}
        if any(run.wait() != 0 for run in runs.values()):
            print("a snapshot run failed (its error is above)", file=sys.stderr)
            return 2
        lines = {side: out.read_text(encoding="utf-8").splitlines()
                 for side, out in outs.items()}
    if args.keep:
        for side, text in lines.items():
            (args.keep / f"{side}.jsonl").write_text("\n".join(text) + "\n", encoding="utf-8")
    differ = 0
    base_lines, head_lines = lines["base"], lines["head"]
    for i in range(max(len(base_lines), len(head_lines))):
        old = base_lines[i] if i < len(base_lines) else "(none)"
        new = head_lines[i] if i < len(head_lines) else "(none)"
        if old != new:
            differ += 1
            print(f"line {i + 1} differs:\n  {args.base}: {old}\n  this checkout: {new}")
    games = sum(1 for line in head_lines if '"ruleset"' in line)
    files = len(head_lines) - games
    print(f"{files} files read, {games} game reports ({len(args.ruleset or []) or 'every'} "
          f"ruleset{'s' if len(args.ruleset or []) != 1 else ''}): {differ} lines differ "
          f"between {args.base} and this checkout")
    return 1 if differ else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", help="a git revision to compare with (main, a commit)")
    parser.add_argument("--ruleset", action="append",
                        help="a ruleset id (repeat for several; default every bundled one)")
    parser.add_argument("--data", type=Path, default=DATA, help=argparse.SUPPRESS)
    parser.add_argument("--expect", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--keep", type=Path, help="with --base: a folder to write both "
                        "versions' lines to (base.jsonl, head.jsonl)")
    args = parser.parse_args()
    if not (args.data / "tenhou").is_dir():
        print(f"no shared corpus at {args.data} (../shared is absent): nothing to compare")
        return 0
    if args.base:
        return compare(args)
    from riichi_rules.conformance.cases import known_ruleset_ids

    wrong = check_origin(args.expect)
    if wrong:
        print(wrong, file=sys.stderr)
        return 2
    rulesets = args.ruleset or sorted(known_ruleset_ids())
    for line in snapshot(args.data, rulesets):
        print(json.dumps(line, ensure_ascii=False, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
