"""`riichi score`: the command-line form, --json, --batch, --ruleset and exit statuses.

Expected scores are derived by hand from the EMA Riichi Competition Rules 2016 (the default
ruleset): basic points = fu x 2^(han + 2); a non-dealer ron is paid 4 x basic by the
discarder, a dealer ron 6 x basic; on a non-dealer tsumo the dealer pays 2 x basic and the
others 1 x basic; on a dealer tsumo each pays 2 x basic; every payment rounded up to 100
(EMA 2016 §4 and its scoring table). Mangan = 2000 basic from 5 han, haneman 3000 at 6-7 han,
yakuman 8000. Honba: 300 on a ron, 100 from each payer on a tsumo; a riichi stick is 1000
(shared/rules-sources/variants.md #45, [S4]).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from house_rules import house_ruleset
from riichi_rules.cli import batch
from riichi_rules.cli import score as score_cli

RunCli = Callable[..., Any]  # the fixtures of tests/cli/conftest.py

# ---------------------------------------------------------------- positional form, text

# 22p 234p 123s 456s 789s, won on 9s (the 7-8s two-sided wait): all chows, a non-value
# pair, a two-sided wait -> pinfu; 123s 456s 789s -> ittsu (2 han closed).
PINFU_ITTSU = "22p234p123s456s789s"


def test_tsumo_non_dealer_text(riichi: RunCli) -> None:
    # menzen tsumo 1 + pinfu 1 + ittsu 2 = 4 han; pinfu tsumo is 20 fu (no self-draw fu
    # with pinfu, EMA 2016 §4). basic 20 x 2^6 = 1280: E pays 2560 -> 2600, S/W... each of
    # the two other non-dealers pays 1280 -> 1300; 2600 + 1300 + 1300 = 5200.
    run = riichi("score", PINFU_ITTSU, "--win", "9s", "--tsumo", "--seat", "S")
    assert run.status == 0, run.err
    text = run.out
    for line in ("Fully concealed hand", "Pinfu", "Pure straight", "Basic points: 1280",
                 "Total: 5200"):
        assert line in text
    # every yaku line names the rule file and line it comes from
    assert "rulesets/base/yaku.rules:" in text


def test_win_defaults_to_last_tile(riichi: RunCli) -> None:
    explicit = riichi("score", PINFU_ITTSU, "--win", "9s", "--tsumo", "--seat", "S", "--json")
    implicit = riichi("score", PINFU_ITTSU, "--tsumo", "--seat", "S", "--json")
    assert implicit.status == explicit.status == 0
    assert implicit.json() == explicit.json()


def test_ron_dealer_json(riichi: RunCli) -> None:
    # ron, so no menzen tsumo: pinfu 1 + ittsu 2 = 3 han; 20 + 10 (closed ron) = 30 fu.
    # basic 30 x 2^5 = 960; dealer (seat E, the default) ron: 6 x 960 = 5760 -> 5800.
    run = riichi("score", PINFU_ITTSU, "--win", "9s", "--json")
    assert run.status == 0
    result = run.json()
    assert (result["han"], result["fu"], result["yakuman"], result["limit"]) == (3, 30, 0, None)
    assert {y["id"]: y["han"] for y in result["yaku"]} == {"pinfu": 1, "ittsu": 2}
    assert result["points"]["total"] == 5800
    assert result["points"]["payments"] == [{"from": "discarder", "points": 5800, "honba": 0}]
    assert result["ruleset"] == "ema-2016"


def test_melds_and_flags(riichi: RunCli) -> None:
    # concealed 234m 678p 99m (won on 8p, 6-7p two-sided), chi 4-56s, kakan 555=5p, then a
    # tsumo on the replacement tile: rinshan 1 han (the hand is open: nothing else).
    # fu: 20 + 2 (self-draw) + 8 (open kong of simples) = 30. Dealer tsumo, basic
    # 30 x 2^3 = 240, each pays 2 x 240 = 480 -> 500: 1500.
    run = riichi("score", "234m678p99m", "4-56s", "555=5p", "--win", "8p", "--tsumo",
                 "--rinshan", "--json")
    assert run.status == 0, run.out
    result = run.json()
    assert [y["id"] for y in result["yaku"]] == ["rinshan"]
    assert (result["han"], result["fu"]) == (1, 30)
    assert result["points"]["total"] == 1500
    assert sorted(p["points"] for p in result["points"]["payments"]) == [500, 500, 500]


def test_melds_may_follow_options(riichi: RunCli) -> None:
    before = riichi("score", "234m678p99m", "4-56s", "555=5p", "--win", "8p", "--tsumo",
                    "--rinshan", "--json")
    after = riichi("score", "234m678p99m", "--win", "8p", "4-56s", "--tsumo", "555=5p",
                   "--rinshan", "--json")
    assert after.status == 0
    assert after.json() == before.json()


def test_dora_indicators(riichi: RunCli) -> None:
    # dora indicator 1p -> dora 2p: the pair 22p and the 2p of 234p are 3 dora; 8s -> 9s:
    # one more. pinfu 1 + ittsu 2 + dora 4 = 7 han: haneman (6-7 han), 3000 basic; dealer
    # ron 6 x 3000 = 18000.
    one = riichi("score", PINFU_ITTSU, "--win", "9s", "--dora", "1p,8s", "--json")
    two = riichi("score", PINFU_ITTSU, "--win", "9s", "--dora", "1p", "--dora", "8s", "--json")
    assert one.status == two.status == 0
    assert one.json() == two.json()
    result = one.json()
    assert {y["id"]: y["han"] for y in result["yaku"]}["dora"] == 4
    assert result["han"] == 7
    assert result["limit"] == "haneman"
    assert result["points"]["total"] == 18000


def test_honba_and_sticks(riichi: RunCli) -> None:
    # the 5200 tsumo of test_tsumo_non_dealer_text, with 1 honba (100 from each payer) and
    # 2 riichi sticks (2000): 5200 + 300 + 2000 = 7500.
    run = riichi("score", PINFU_ITTSU, "--tsumo", "--seat", "S", "--honba", "1", "--sticks",
                 "2", "--json")
    assert run.status == 0
    points = run.json()["points"]
    assert (points["total"], points["honba"], points["sticks"]) == (5200, 300, 2000)
    assert points["winner_receives"] == 7500


def test_yakuman(riichi: RunCli) -> None:
    # thirteen orphans with the 1m pair, won on 9m (a single wait, not the 13-sided one):
    # yakuman, 8000 basic; non-dealer ron 4 x 8000 = 32000.
    run = riichi("score", "119m19p19s1234567z", "--win", "9m", "--seat", "W", "--json")
    assert run.status == 0, run.out
    result = run.json()
    assert result["yakuman"] == 1
    assert [y["id"] for y in result["yaku"]] == ["kokushi"]
    assert result["points"]["total"] == 32000


def test_other_ruleset_by_id_and_path(riichi: RunCli, tmp_path: Path) -> None:
    from riichi_rules import resources

    by_id = riichi("score", PINFU_ITTSU, "--json", "--ruleset", "wrc-2022")
    assert by_id.status == 0
    assert by_id.json()["ruleset"] == "wrc-2022"
    folder = resources.rulesets_dir() / "tenhou"
    by_path = riichi("score", PINFU_ITTSU, "--json", "--ruleset", str(folder))
    assert by_path.status == 0
    assert by_path.json()["ruleset"] == "tenhou"


# ---------------------------------------------------------------- bad input, one win

BAD_WINS = [
    # (arguments, error code): each a hand that cannot be scored
    (["22p234p123s456s789s9s", "--win", "9s"], "tile_count"),  # 15 tiles
    (["33333m456p789s111z"], "too_many_copies"),  # a fifth 3m
    (["22p234p123s456s78s0z", "--win", "8s"], "unknown_tile"),  # 0z: no red honour
    ([PINFU_ITTSU, "--ippatsu"], "impossible_flags"),  # ippatsu without riichi
    (["123m456m789m135p11z"], "not_a_win"),  # 14 tiles, no four sets and a pair
    # 123m 234m 456p 789s + 99m, won on 9m (a single wait): no pinfu, no tanyao (1, 9),
    # no iipeikou, ittsu or sanshoku: complete, but no yaku
    (["123m234m456p789s99m", "--win", "9m", "--seat", "S"], "no_yaku"),
    ([PINFU_ITTSU, "--win", "1z"], "win_not_in_hand"),
    (["22p234p123s456s789s", "--seat", "X"], "bad_field"),
    (["234m678p99m", "4x56s", "555=5p"], "bad_notation"),
    (["234m678p99m", "456s", "555=5p"], "bad_meld"),  # a chi needs its direction mark
]


def test_bad_wins_text(riichi: RunCli) -> None:
    for argv, code in BAD_WINS:
        run = riichi("score", *argv)
        assert run.status == 1, (argv, run.out, run.err)
        assert run.out == ""
        assert run.err.startswith(f"riichi score: {code}: "), (argv, run.err)


def test_bad_wins_json(riichi: RunCli) -> None:
    for argv, code in BAD_WINS:
        run = riichi("score", *argv, "--json")
        assert run.status == 1, argv
        error = run.json()["error"]
        assert error["code"] == code, (argv, error)
        assert error["message"]
        assert "line" not in run.json()


def test_fifteen_tiles_message(riichi: RunCli) -> None:
    run = riichi("score", "22p234p123s456s789s9s", "--win", "9s", "--json")
    assert "15 tiles" in run.json()["error"]["message"]


# ---------------------------------------------------------------- usage errors (status 2)

def test_usage_errors(riichi: RunCli) -> None:
    assert riichi("score").status == 2  # no hand, no batch
    assert riichi("score", PINFU_ITTSU, "--batch", "x.jsonl").status == 2
    assert riichi("score", "--batch", "x.jsonl", "--tsumo").status == 2
    assert riichi("score", PINFU_ITTSU, "--honba", "many").status == 2
    run = riichi("score", PINFU_ITTSU, "--tusmo")
    assert run.status == 2
    assert "did you mean --tsumo?" in run.err
    assert riichi("frobnicate").status == 2


def test_unknown_ruleset(riichi: RunCli) -> None:
    run = riichi("score", PINFU_ITTSU, "--ruleset", "ema-2061")
    assert run.status == 2
    assert "no ruleset 'ema-2061'" in run.err
    assert "did you mean 'ema-2016'?" in run.err


def test_unreadable_batch_file(riichi: RunCli, tmp_path: Path) -> None:
    run = riichi("score", "--batch", str(tmp_path / "missing.jsonl"))
    assert run.status == 2
    assert "cannot read" in run.err
    assert riichi("score", "--batch", str(tmp_path)).status == 2  # a folder


# ---------------------------------------------------------------- batch

GOOD = {"hand": PINFU_ITTSU, "win": "9s", "tsumo": True, "seat": "S"}  # 5200, see above
RON = {"hand": PINFU_ITTSU, "win": "9s"}  # dealer ron: 5800, see test_ron_dealer_json
BATCH_LINES = [
    json.dumps(GOOD),
    json.dumps({"hand": "22p234p123s456s789s9s", "win": "9s"}),  # 15 tiles
    "",  # a blank line
    "{not json",
    json.dumps(RON),
    json.dumps([1, 2, 3]),  # JSON, but not an object
    json.dumps({**RON, "ippatsu": True}),  # ippatsu without riichi
    json.dumps({"hand": "33333m456p789s111z", "win": "1z"}),  # a fifth 3m
    json.dumps({"hand": "22p234p123s456s78s0z", "win": "8s"}),  # 0z
    json.dumps({"hand": "123m456m789m135p11z", "win": "1z"}),  # not complete
    json.dumps({"hand": "123m234m456p789s99m", "win": "9m", "seat": "S"}),  # no yaku
    json.dumps({**RON, "riichii": True}),  # an unknown field
    json.dumps({**RON, "melds": [{"type": "chi", "tiles": "456s", "called": "4s",
                                  "from": "across"}]}),  # a chi from across
    json.dumps({"hand": "234m678p99m", "win": "8p", "tsumo": True, "rinshan": True,
                "melds": ["4-56s", {"type": "kakan", "tiles": "5555p", "called": "5p",
                                    "from": "across"}]}),  # 1500, see test_melds_and_flags
    json.dumps(GOOD),
]
BATCH_EXPECTED: list[int | str] = [
    5200, "tile_count", "blank_line", "bad_json", 5800, "bad_field", "impossible_flags",
    "too_many_copies", "unknown_tile", "not_a_win", "no_yaku", "bad_field", "bad_meld", 1500,
    5200,
]


def test_batch_json_one_line_per_input_line(riichi: RunCli, tmp_path: Path) -> None:
    path = tmp_path / "wins.jsonl"
    path.write_text("\n".join(BATCH_LINES) + "\n", encoding="utf-8")
    run = riichi("score", "--batch", str(path), "--json")
    assert run.status == 1  # some lines were bad
    out = run.json_lines()
    assert len(out) == len(BATCH_LINES)
    for number, (obj, expected) in enumerate(zip(out, BATCH_EXPECTED, strict=True), start=1):
        if isinstance(expected, int):
            assert obj["points"]["total"] == expected, (number, obj)
        else:
            assert obj["error"]["code"] == expected, (number, obj)
            assert obj["line"] == number
            assert obj["error"]["message"]


def test_batch_text_one_line_per_input_line(riichi: RunCli) -> None:
    run = riichi("score", "--batch", "-", stdin="\n".join(BATCH_LINES))  # no final newline
    assert run.status == 1
    lines = run.lines
    assert len(lines) == len(BATCH_LINES)
    for number, (line, expected) in enumerate(zip(lines, BATCH_EXPECTED, strict=True), start=1):
        assert line.startswith(f"{number}: ")
        if isinstance(expected, int):
            assert f", {expected}: " in line, line
        else:
            assert line.startswith(f"{number}: error: {expected}: "), line
    # 4 han 20 fu, 5200: the yaku with their han, then what each payer pays
    assert lines[0] == ("1: 4 han 20 fu, 5200: menzen_tsumo 1, pinfu 1, ittsu 2 "
                        "(E 2600, W 1300, N 1300)")


def test_batch_all_good(riichi: RunCli) -> None:
    run = riichi("score", "--batch", "-", "--json", stdin=json.dumps(GOOD) + "\n"
                 + json.dumps(RON) + "\r\n")
    assert run.status == 0
    assert [o["points"]["total"] for o in run.json_lines()] == [5200, 5800]


def test_batch_empty_input(riichi: RunCli) -> None:
    run = riichi("score", "--batch", "-", "--json", stdin="")
    assert (run.status, run.out) == (0, "")


def test_batch_odd_lines(riichi: RunCli) -> None:
    lines = [
        '{"hand": "22p234p123s456s789s", "win": "9s", "honba": 1e400}',  # infinity
        '{"hand": "22p234p123s456s789s", "win": "9s", "honba": -1}',
        "[" * 100_000,  # absurdly deep
        '{"hand": "22p234p123s456s789s", "win": "9s", "honba": ' + "9" * 5000 + "}",
        '{"hand": 5, "win": "9s"}',
        '"just a string"',
        "null",
        '{"hand": "22p234p123s456s789s", "win": "9s", "seat": 3}',
        '{"hand": "22p234p123s456s789s", "win": "9s", "melds": "4-56s"}',
        '\ufeff{"hand": "22p234p123s456s789s", "win": "9s"}',  # a byte-order mark
    ]
    run = riichi("score", "--batch", "-", "--json", stdin="\n".join(lines))
    out = run.json_lines()
    assert len(out) == len(lines)
    assert all("error" in o for o in out[:-1]), out
    assert run.status == 1


def test_batch_bom_file(riichi: RunCli, tmp_path: Path) -> None:
    path = tmp_path / "bom.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(RON).encode() + b"\n")
    run = riichi("score", "--batch", str(path), "--json")
    assert run.status == 0
    assert run.json_lines()[0]["points"]["total"] == 5800


def test_batch_bad_utf8(riichi: RunCli, tmp_path: Path) -> None:
    path = tmp_path / "latin1.jsonl"
    path.write_bytes(b'{"hand": "22p\xe9", "win": "9s"}\n' + json.dumps(RON).encode() + b"\n")
    run = riichi("score", "--batch", str(path), "--json")
    out = run.json_lines()
    # 0xe9 is 'é' in Latin-1, and no UTF-8 sequence starts with it: the 14th byte
    assert out[0]["error"] == {"code": "bad_encoding", "message": "not UTF-8: byte 0xe9 at "
                               "column 14; write the file in UTF-8"}
    assert out[1]["points"]["total"] == 5800
    assert run.status == 1


def test_batch_as_process_stdin(riichi_process: RunCli) -> None:
    lines = "\n".join(BATCH_LINES) + "\n"
    run = riichi_process("score", "--batch", "-", "--json", stdin=lines)
    assert run.status == 1
    assert len(run.lines) == len(BATCH_LINES)
    # the summary, on standard error only: BATCH_EXPECTED has 4 scores and 11 errors
    assert run.err == "riichi score: 15 lines: 4 scored, 11 could not be scored\n"


def test_internal_error_keeps_the_batch_going(
    riichi: RunCli, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bug while scoring one line is reported on that line (status 3); the rest goes on."""
    from riichi_rules.scoring import scorer

    real = scorer.score

    def flaky(win: Any, ruleset: Any = "ema-2016") -> Any:
        if isinstance(win, dict) and win.get("honba") == 7:
            raise ZeroDivisionError("boom")
        return real(win, ruleset)

    monkeypatch.setattr(scorer, "score", flaky)
    stdin = json.dumps({**RON, "honba": 7}) + "\n" + json.dumps(RON) + "\n"
    run = riichi("score", "--batch", "-", "--json", stdin=stdin)
    out = run.json_lines()
    assert out[0]["error"]["code"] == "internal_error"
    assert "ZeroDivisionError" in out[0]["error"]["message"]
    assert out[1]["points"]["total"] == 5800
    assert run.status == score_cli.EXIT_INTERNAL


def test_batch_in_processes_answers_as_one_process(riichi: RunCli, riichi_process: RunCli,
                                                   tmp_path: Path) -> None:
    """--jobs N: the same answer on each line, in input order, with the same exit status, as
    the batch in one process; several chunks of lines go to the processes (the expected
    totals are those of the lines above: 5200, 5800, 1500 ...)."""
    lines = BATCH_LINES * (2 * batch._CHUNK // len(BATCH_LINES) + 1)
    path = tmp_path / "wins.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    one = riichi("score", "--batch", str(path), "--json")
    for jobs in ("2", "3"):
        run = riichi_process("score", "--batch", str(path), "--json", "--jobs", jobs)
        assert (run.status, run.out) == (one.status, one.out)
    assert len(one.lines) == len(lines) > 2 * batch._CHUNK
    expected = BATCH_EXPECTED * (len(lines) // len(BATCH_LINES))
    for number, (obj, want) in enumerate(zip(one.json_lines(), expected, strict=True), 1):
        if isinstance(want, int):
            assert obj["points"]["total"] == want, (number, obj)
        else:
            assert (obj["error"]["code"], obj["line"]) == (want, number)
    text = riichi_process("score", "--batch", "-", "--jobs", "2",
                          stdin="\n".join(BATCH_LINES))
    assert text.lines == riichi("score", "--batch", "-", stdin="\n".join(BATCH_LINES)).lines


def test_jobs_only_with_a_batch(riichi: RunCli) -> None:
    assert riichi("score", PINFU_ITTSU, "--jobs", "2").status == 2
    assert riichi("score", "--batch", "-", "--jobs", "0", stdin="").status == 2


# ---------------------------------------------------------------- the real command

def test_process_exit_statuses(riichi_process: RunCli) -> None:
    ok = riichi_process("score", PINFU_ITTSU, "--tsumo", "--seat", "S", "--json")
    assert ok.status == 0
    assert json.loads(ok.out)["points"]["total"] == 5200
    bad = riichi_process("score", "22p234p123s456s789s0z")
    assert bad.status == 1
    assert "unknown_tile" in bad.err
    usage = riichi_process("score")
    assert usage.status == 2
    assert "usage: riichi score" in usage.err


def test_broken_ruleset(riichi: RunCli, tmp_path: Path) -> None:
    """A ruleset whose rule file has a mistake: nothing can be scored (status 2), and the
    problem is shown as `riichi check` would show it."""
    folder = house_ruleset(
        tmp_path / "house",
        'yaku all_chows "All chows" {\n    han 1 closed\n    when every set is chwo\n}\n',
        extends="ema-2016", name="House rules")
    run = riichi("score", PINFU_ITTSU, "--ruleset", str(folder), "--json")
    assert run.status == 2
    assert run.out == ""
    assert "house.rules:3:23: unknown name 'chwo'" in run.err
    assert "hint: did you mean 'chow'?" in run.err


def test_negative_counts(riichi: RunCli) -> None:
    run = riichi("score", PINFU_ITTSU, "--honba", "-1", "--json")
    assert run.status == 1
    assert run.json()["error"]["code"] == "bad_field"


def test_score_at_a_date(riichi: RunCli) -> None:
    # a ruleset at a date: its values in force that day (rulesets/tenhou/ruleset.json, history);
    # the win itself scores alike on every day of Tenhou
    a = riichi("score", PINFU_ITTSU, "--ruleset", "tenhou", "--date", "2009-06-01", "--json")
    b = riichi("score", PINFU_ITTSU, "--ruleset", "tenhou@2009-06-01", "--json")
    assert a.status == b.status == 0
    assert a.json()["ruleset"] == b.json()["ruleset"] == "tenhou@2009-06-01"
    assert a.json()["points"] == riichi("score", PINFU_ITTSU, "--ruleset", "tenhou",
                                        "--json").json()["points"]
    run = riichi("score", PINFU_ITTSU, "--ruleset", "tenhou@2009-06-01", "--date", "2010-01-01")
    assert run.status == 2 and "two dates given" in run.err
    run = riichi("score", PINFU_ITTSU, "--ruleset", "tenhou", "--date", "June 2009")
    assert run.status == 2 and "write it YYYY-MM-DD" in run.err


def test_a_three_player_win_with_kita(riichi: RunCli) -> None:
    # riichi.wiki "Sanma" (a North set aside is a dora, no yaku): 123p 456p 234s 678s 99s won
    # on a discard of 4s (23s, two-sided) in riichi with one North set aside: riichi 1 + pinfu
    # 1 + kita 1 = 3 han, 30 fu; 30 x 2^5 = 960, a non-dealer ron 4 x 960 = 3840 -> 3900.
    win = ["123456p234678s99s", "--win", "4s", "--riichi", "--seat", "S"]
    run = riichi("score", *win, "--kita", "1", "--ruleset", "tenhou-sanma", "--json")
    assert run.status == 0, run.err
    result = run.json()
    assert {y["id"]: y["han"] for y in result["yaku"]} == {"riichi": 1, "pinfu": 1, "kita": 1}
    assert (result["fu"], result["points"]["total"]) == (30, 3900)
    # a four-player ruleset has no kita; three players have no North seat and no 2m-8m
    refused = [
        riichi("score", *win, "--kita", "1", "--ruleset", "tenhou", "--json"),
        riichi("score", *win[:-1], "N", "--ruleset", "tenhou-sanma", "--json"),
        riichi("score", "123456p234678s22m", "--win", "4s", "--ruleset", "tenhou-sanma",
               "--json"),
    ]
    for run in refused:
        assert run.status == 1
        assert run.json()["error"]["code"] == "not_in_ruleset"
    assert "four-player ruleset" in refused[0].json()["error"]["message"]
    run = riichi("score", "--batch", "-", "--kita", "1")
    assert run.status == 2 and "--kita" in run.err
