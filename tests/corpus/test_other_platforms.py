"""The games of other platforms in shared/data/other-platforms/, each under its platform's
ruleset: the Mahjong Soul game (tenhou.net/6 JSON converted from Mahjong Soul's log) under
``mahjong-soul``, the M.League game (its tenhou.net/6 conversion, a link in notes) under
``m-league``; M.League's viewer page, which no reader here reads, is refused saying so (README
of shared/data). The Riichi City games (its API's raw JSON) under ``riichi-city``:
test_riichi_city_corpus.py."""

from __future__ import annotations

import re

from corpus_data import OTHER_PLATFORMS, need_corpus
from riichi_rules.records.files import read_record, record_files
from riichi_rules.referee.replay import GameReport, replay_files

pytestmark = need_corpus(OTHER_PLATFORMS)

SOUL = OTHER_PLATFORMS / "mahjong-soul"
LEAGUE = OTHER_PLATFORMS / "m-league"
CITY = OTHER_PLATFORMS / "riichi-city"


def replayed(paths: list[object], ruleset: str) -> list[GameReport]:
    return list(replay_files(paths, ruleset))  # type: ignore[arg-type]


def test_the_mahjong_soul_game_under_mahjong_soul() -> None:
    files = list(record_files([SOUL]))
    assert files
    for report in replayed(files, "mahjong-soul"):
        assert not report.error and not report.unsupported, report.source
        assert report.disagreements == [], report.source
        assert report.hands and report.wins
        # its date from its id (YYMMDD-uuid) and its end checked: the record's sc holds
        # Mahjong Soul's final points, compared with ours (a disagreement otherwise)
        assert report.final_points is not None
    record = read_record(files[0])
    assert record.rules.platform == "mahjong-soul" and record.date is not None


def test_the_mahjong_soul_game_is_refused_under_tenhou_saying_why() -> None:
    for report in replayed(list(record_files([SOUL])), "tenhou"):
        assert report.unsupported.endswith("replay it with --ruleset mahjong-soul (or a "
                                           "ruleset extending it)")


def test_the_m_league_game_under_m_league() -> None:
    (path,) = [p for p in LEAGUE.iterdir() if p.name.endswith("_tenhou")]
    (report,) = replayed([path], "m-league")
    assert not report.error and not report.unsupported and report.disagreements == []
    assert report.hands and report.wins
    # errors_v2.txt lists the recording errors found in M.League's official logs, game by
    # game: none for this one
    game = path.name.removesuffix("_tenhou")
    listed = (LEAGUE / "errors_v2.txt").read_text(encoding="utf-8").split()
    assert game not in listed
    # the conversion's own notes give the final points ("松ヶ瀬 6.1pt; 渋川 59.5pt; ...");
    # ours, by m-league's standings (uma +30/+10/-10/-30, oka +20, to the tenth), match
    head = path.read_text(encoding="utf-8").splitlines()[2]
    stated = [float(x) for x in re.findall(r"(-?\d+\.\d)pt", head)]
    assert len(stated) == 4 and report.final_points == stated


def test_the_m_league_viewer_page_is_refused_saying_so() -> None:
    paths = [p for p in LEAGUE.iterdir() if p.suffix == "" and not p.name.endswith("_tenhou")]
    assert paths
    for report in replayed(paths, "m-league"):
        assert "M.League's game viewer" in report.error and "\n" not in report.error, report.source


def test_the_riichi_city_game_is_refused_under_tenhou_saying_why() -> None:
    reports = replayed(list(record_files([CITY])), "tenhou")
    assert reports
    for report in reports:
        assert report.unsupported.endswith("replay it with --ruleset riichi-city (or a "
                                           "ruleset extending it)")
