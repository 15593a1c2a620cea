"""Our ``tenhou`` ruleset against Tenhou's own scoring of real wins.

Every standard four-player win of shared/data/tenhou/agari.jsonl (``ruleset.players == 4``
and ``ruleset.standard_scoring``; the README's "Standard Tenhou rules" hold for these) is
converted with riichi_rules.records, scored under ``tenhou``, and compared with what Tenhou's
server recorded in the AGARI element:

* han: ``recorded.han`` (13 per yakuman, kazoe yakuman included as 13+ han);
* fu: ``recorded.fu`` (not for a yakuman: Tenhou writes any value there);
* points: ``recorded.points``, the hand's value before honba and sticks (tsumo: all payers);
* limit: ``recorded.limit`` (0 none .. 5 yakuman) against our limit's name;
* yaku: ``recorded.yaku`` entries with han > 0 (dora, ura, aka included), or
  ``recorded.yakuman``, mapped to our ids, against ours, han by han;
* the winner's score change ``recorded.deltas[winner]``: points + honba + sticks for the first
  (or only) winner of a discard, points alone for the second winner of a double ron (README
  "Double ron": honba and sticks go only to the first AGARI).

Pao wins (``recorded.pao``, all daisangen): the liable player pays part or all of the hand,
but the hand's value and the winner's change are those of an ordinary win (README "Pao" and
"Counts"), so they are compared like the others; who pays what is not compared for any win.

Agreement must be at least 99.9 %, and every mismatch must be listed, with its cause, in
KNOWN_MISMATCHES.md (by game, hand index, winner). A listed win that now agrees fails too, so
the list stays true. Run ``pytest tests/corpus -s`` (or this file as a script) for the summary.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from corpus_data import TENHOU, need_corpus
from riichi_rules.errors import InputError
from riichi_rules.records import recorded_score, to_win
from riichi_rules.scoring.scorer import program, score

AGARI = TENHOU / "agari.jsonl"
KNOWN = Path(__file__).with_name("KNOWN_MISMATCHES.md")
REQUIRED_AGREEMENT = 0.999

# README "Counts": 5,922 standard 4-player wins in the first three groups, plus the 368 wins
# of mjlog/mjx (43 Phoenix games and one ippan game, all standard 4-player rules).
EXPECTED_STANDARD_WINS = 5922 + 368

# Tenhou's ten[2] (README "recorded.limit") by our limit names (rulesets/base/scoring.rules).
LIMIT_CODES = {None: 0, "mangan": 1, "haneman": 2, "baiman": 3, "sanbaiman": 4, "yakuman": 5}

Key = tuple[str, int, int]

pytestmark = need_corpus(AGARI)


def standard_wins(path: Path = AGARI) -> Iterator[dict[str, Any]]:
    """Every standard-rules four-player win of agari.jsonl, in file order."""
    with path.open(encoding="utf-8") as f:
        for line in f:
            record: dict[str, Any] = json.loads(line)
            rules = record["ruleset"]
            if rules["players"] == 4 and rules["standard_scoring"]:
                yield record


def key_of(record: dict[str, Any]) -> Key:
    """The game (its Tenhou id, or its file where the id is unknown), hand index, winner."""
    return (record["game_id"] or record["file"], record["round_index"], record["winner"])


@dataclass(frozen=True)
class Mismatch:
    key: Key
    fields: tuple[str, ...]
    detail: str


def compare(record: dict[str, Any]) -> Mismatch | None:
    """None if our score of the win agrees with Tenhou's on every compared field."""
    theirs = recorded_score(record)
    try:
        ours = score(to_win(record), program("tenhou"))
    except InputError as error:
        return Mismatch(key_of(record), (f"error:{error.code}",),
                        f"{record['hand']} {record['melds']}: {error.message}")
    yakuman = {y.id: y.yakuman for y in ours.yaku if y.yakuman}
    yaku = {y.id: y.han for y in ours.yaku if not y.yakuman}
    diffs: list[tuple[str, object, object]] = []  # (field, Tenhou, ours)
    if theirs.is_yakuman or yakuman:
        if yakuman != dict(theirs.yakuman):
            diffs.append(("yakuman", dict(theirs.yakuman), yakuman))
        if 13 * ours.yakuman != theirs.han:
            diffs.append(("han", theirs.han, 13 * ours.yakuman))
    else:
        if ours.han != theirs.han:
            diffs.append(("han", theirs.han, ours.han))
        if ours.fu != theirs.fu:
            diffs.append(("fu", theirs.fu, ours.fu))
        if yaku != dict(theirs.yaku):
            diffs.append(("yaku", dict(theirs.yaku), yaku))
    if ours.points != theirs.points:
        diffs.append(("points", theirs.points, ours.points))
    if LIMIT_CODES.get(ours.limit, -1) != theirs.limit:
        diffs.append(("limit", theirs.limit, ours.limit))
    receives = ours.winner_receives if theirs.collects_deposits else ours.points
    if receives != theirs.winner_delta:
        diffs.append(("delta", theirs.winner_delta, receives))
    if not diffs:
        return None
    melds = " ".join(m["tiles"] for m in record["melds"])
    detail = (f"{record['hand']} +[{melds}] win {record['win_tile']}: "
              + "; ".join(f"{name} Tenhou {t} / ours {o}" for name, t, o in diffs))
    return Mismatch(key_of(record), tuple(name for name, _, _ in diffs), detail)


_ROW = re.compile(r"^\|\s*([^|]+?)\s*\|\s*(\d+)\s*\|\s*(\d+)\s*\|\s*([^|]+?)\s*\|")


def known_mismatches(path: Path = KNOWN) -> dict[Key, str]:
    """The table rows of KNOWN_MISMATCHES.md: | game | hand index | winner | cause | ..."""
    out: dict[Key, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        m = _ROW.match(line)
        if m:
            out[(m[1].strip("`"), int(m[2]), int(m[3]))] = m[4]
    return out


@dataclass(frozen=True)
class Report:
    compared: int
    mismatches: tuple[Mismatch, ...]

    @property
    def agreed(self) -> int:
        return self.compared - len(self.mismatches)

    def summary(self, known: dict[Key, str]) -> str:
        lines = [
            f"Tenhou corpus ({AGARI}): {self.compared} standard 4-player wins compared, "
            f"{self.agreed} agreed ({100 * self.agreed / max(self.compared, 1):.3f} %), "
            f"{len(self.mismatches)} mismatched"
        ]
        causes = Counter(known.get(m.key, "NOT LISTED (" + ",".join(m.fields) + ")")
                         for m in self.mismatches)
        for cause, n in causes.most_common():
            lines.append(f"  {n:5d}  {cause}")
        for m in self.mismatches:
            if m.key not in known:
                lines.append(f"  not listed: {m.key}: {m.detail}")
        return "\n".join(lines)


@cache
def run() -> Report:
    compared = 0
    mismatches: list[Mismatch] = []
    for record in standard_wins():
        compared += 1
        found = compare(record)
        if found is not None:
            mismatches.append(found)
    return Report(compared, tuple(mismatches))


def test_every_standard_win_is_compared() -> None:
    assert run().compared == EXPECTED_STANDARD_WINS


def test_tenhou_corpus_agreement() -> None:
    report = run()
    known = known_mismatches()
    print("\n" + report.summary(known))
    unlisted = [m for m in report.mismatches if m.key not in known]
    assert not unlisted, "mismatches not in KNOWN_MISMATCHES.md:\n" + "\n".join(
        f"{m.key}: {m.detail}" for m in unlisted)
    assert report.agreed >= REQUIRED_AGREEMENT * report.compared


def test_known_mismatches_still_mismatch() -> None:
    mismatched = {m.key for m in run().mismatches}
    fixed = sorted(k for k in known_mismatches() if k not in mismatched)
    assert not fixed, (
        "these wins now agree with Tenhou: remove them from KNOWN_MISMATCHES.md: " + repr(fixed))


if __name__ == "__main__":
    if not AGARI.is_file():
        sys.exit(f"no corpus at {AGARI}")
    print(run().summary(known_mismatches()))
