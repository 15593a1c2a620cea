"""Every Riichi City record of the shared corpus (``shared/data/other-platforms/riichi-city``,
the raw JSON of the platform's API), read and replayed under the ``riichi-city`` ruleset, as
``riichi replay ../shared/data/other-platforms/riichi-city --ruleset riichi-city`` does: every
hand's score changes, every win's han, fu, yaku and points, the draws, and the game's final
scores and points are checked against the record. Every disagreement must be listed in
KNOWN_REPLAY.md ("Riichi City disagreements") with its cause; a listed one that no longer
occurs must go. The files are found in the folder (none is counted here), and what each
must replay (its hands, its wins) is counted in the file itself.

The tile codes are checked against the record too: each hand spells its wall as tiles
(``handCardEncode``: ``2p3s3z4z...``) and gives it as codes (the deal, then ``paiShan``)."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

from corpus_data import DATA, OTHER_PLATFORMS, assert_all_listed, markdown_table, need_corpus
from riichi_rules.records.events import AddedKan, Call, ClosedKan, Draw
from riichi_rules.records.files import read_record, record_files
from riichi_rules.records.riichi_city import looks_like_riichi_city
from riichi_rules.records.riichi_city_codes import tile_of_code
from riichi_rules.referee.replay import GameReport, replay_files
from riichi_rules.tiles import parse_tiles

CITY = OTHER_PLATFORMS / "riichi-city"
KNOWN = Path(__file__).with_name("KNOWN_REPLAY.md")

pytestmark = need_corpus(CITY)


def files() -> list[Path]:
    """The Riichi City records of the folder (what ``riichi replay`` reads of it)."""
    found = [p for p in record_files([CITY]) if looks_like_riichi_city(p.read_bytes())]
    assert found, f"no Riichi City record in {CITY}"
    return found


def raw(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))["data"]
    return data


def events(hand: dict[str, Any]) -> list[tuple[int, int, dict[str, Any]]]:
    """(eventType, userId, data) of each event of a hand of the raw record."""
    return [(e["eventType"], e["userId"], json.loads(e["data"]) if e["data"] else {})
            for e in hand["handEventRecord"]]


@cache
def reports() -> dict[str, GameReport]:
    out = {Path(r.source).name: r for r in replay_files(files(), "riichi-city")}
    assert len(out) == len(files())
    return out


def known() -> dict[tuple[str, str, int, str], str]:
    """The table "Riichi City disagreements" of KNOWN_REPLAY.md: key -> cause."""
    rows: dict[tuple[str, str, int, str], str] = {}
    for file, hand, event, what, cause in markdown_table(KNOWN, "Riichi City disagreements", 5):
        rows[(file, hand, int(event), what)] = cause
    return rows


def relative(name: str) -> str:
    return (CITY / name).relative_to(DATA).as_posix()


def test_the_wall_spells_the_tile_codes() -> None:
    """Each hand's ``handCardEncode`` is its wall as 136 tiles; the deal takes them 4, 4, 4
    and 1 at a time from the dealer on (its 14th, the 53rd tile of the wall, is its first
    draw), and ``paiShan`` is the rest of the wall: the codes of both read as the tiles the
    wall spells."""
    for path in files():
        for number, hand in enumerate(raw(path)["handRecord"]):
            wall = [parse_tiles(t)[0] for t in re.findall(r"[0-9][mpsz]", hand["handCardEncode"])]
            assert len(wall) == 136, (path.name, number)
            deals = {user: data for kind, user, data in events(hand) if kind == 1}
            dealer = next(iter(deals.values()))["dealer_pos"]
            position = {p["userId"]: p["position"] for p in hand["players"]}
            order = sorted(deals, key=lambda user: (position[user] - dealer) % 4)
            dealt: dict[int, list[int]] = {user: [] for user in order}
            at = 0
            for size in (4, 4, 4, 1):
                for user in order:
                    dealt[user] += range(at, at + size)
                    at += size
            dealt[order[0]].append(at)  # the dealer's 14th
            for user in order:
                codes = deals[user]["hand_cards"]
                assert [tile_of_code(c) for c in codes] == [wall[i] for i in dealt[user]]
            assert [tile_of_code(c) for c in hand["paiShan"]] == wall[at + 1:]


def test_the_draws_follow_the_wall() -> None:
    """The reader's draws, read off the events, are the wall's tiles in order: the live draws
    from the 53rd tile on (the dealer's first, the 53rd, included), a kan's replacement draws
    from the wall's far end, its last tile first."""
    for path in files():
        record = read_record(path)
        for hand, raw_hand in zip(record.hands, raw(path)["handRecord"], strict=True):
            wall = [parse_tiles(t)[0] for t in re.findall(r"[0-9][mpsz]",
                                                          raw_hand["handCardEncode"])]
            live: list[object] = []
            dead: list[object] = []
            after_kan = False
            for event in hand.events:
                if isinstance(event, Draw):
                    (dead if after_kan else live).append(event.tile)
                    after_kan = False
                elif isinstance(event, ClosedKan | AddedKan) or (
                        isinstance(event, Call) and event.meld.is_kan):
                    after_kan = True
            assert live == wall[52:52 + len(live)], (path.name, hand.name)
            assert dead == wall[::-1][:len(dead)], (path.name, hand.name)


def test_every_game_replays_with_every_hand_and_win() -> None:
    for path in files():
        report = reports()[path.name]
        assert not report.error and not report.unsupported, (path.name, report.error)
        hands = raw(path)["handRecord"]
        results = [data for hand in hands for kind, _, data in events(hand) if kind == 5]
        wins = sum(len(r["win_info"]) for r in results if r["end_type"] in (0, 1))
        assert (report.hands, report.wins, report.deltas_only) == (len(hands), wins, 0)
        assert report.ruleset == "riichi-city"


def test_the_end_of_each_game_is_checked() -> None:
    """The record's final scores and points (``RoomEnd``: ``point_num``, and ``score`` in
    tenths) are what the replay compares with its own (a disagreement otherwise)."""
    for path in files():
        record = read_record(path)
        (end,) = [data for hand in raw(path)["handRecord"] for kind, _, data in events(hand)
                  if kind == 6]
        assert sorted(record.final_scores or ()) == sorted(u["point_num"]
                                                           for u in end["user_data"])
        assert sorted(record.final_points or ()) == sorted(u["score"] / 10
                                                           for u in end["user_data"])
        report = reports()[path.name]
        assert report.final_points is not None and report.final_scores is not None


def test_every_disagreement_is_listed() -> None:
    listed = known()
    seen = {(relative(name), d.hand, d.event, d.what): d.message
            for name, report in reports().items() for d in report.disagreements}
    assert_all_listed(seen, listed)
    text = KNOWN.read_text(encoding="utf-8")
    for cause in listed.values():
        assert f"**{cause}**" in text, f"cause '{cause}' is not explained in KNOWN_REPLAY.md"
