"""The mjlog reader: a made-up two-hand game (runs anywhere), then every mjlog game of the Tenhou
corpus in shared/data/tenhou/mjlog (skipped when the corpus is not beside the project).

``fixtures/synthetic_game.xml`` is written by hand for these tests (no real player, no real
game). Its tile ids follow Tenhou's numbering (shared/data/tenhou/README.md "Tile notation":
``id // 4`` = kind, 16/52/88 the red fives), and its packed melds follow Tenhou's encoding of
``m``, worked out in the comments below. Each expected value is read off the fixture's text by
those rules, not taken from the reader's output. The corpus tests compare the reader with
counts taken straight from the XML text, with ``games.tsv`` and with ``agari.jsonl`` (built by
another extractor, README "agari.jsonl").
"""

from __future__ import annotations

import gzip
import json
import re
from collections import Counter
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from tile_text import one, tiles

from corpus_data import TENHOU, listed_records, need_corpus, record_text, tsv_rows
from riichi_rules.hand import Meld, MeldType, Relative
from riichi_rules.records.events import (
    AddedKan,
    Call,
    ClosedKan,
    Discard,
    Draw,
    DrawnHand,
    GameRecord,
    HandRecord,
    NewDora,
    Nukidora,
    RecordError,
    RiichiAccepted,
    RiichiDeclared,
    WonHand,
)
from riichi_rules.records.mjlog import decode_meld, go_rules, read_mjlog
from riichi_rules.records.tenhou_agari import meld_json, recorded_score, tile_from_136
from riichi_rules.tiles import Tile, Wind, parse_tiles

FIXTURES = Path(__file__).parent / "fixtures"
SYNTHETIC = FIXTURES / "synthetic_game.xml"
MJLOG = TENHOU / "mjlog"
corpus = need_corpus(MJLOG)


# ---------------------------------------------------------------- the made-up game (no corpus)


@pytest.fixture(scope="module")
def game() -> GameRecord:
    return read_mjlog(SYNTHETIC)


def test_header(game: GameRecord) -> None:
    # GO type="169" = 0xA9 = 0x80|0x20 (houou room) | 0x08 (hanchan) | 0x01 (vs humans); 0x02 and
    # 0x04 clear = red fives and kuitan (README "GO type bits").
    assert (game.rules.players, game.rules.red_fives, game.rules.kuitan, game.rules.hanchan) == (
        4, True, True, True)
    assert game.rules.standard and game.rules.label == "四鳳南喰赤"
    assert game.rules.raw["type"] == 169
    assert game.players == ("A", "B", "C", "D")  # UN n0="%41" ... URL-decoded
    assert game.start_points == 25000  # INIT ten="250,..." in hundreds
    assert game.game_id is None  # the file name holds no Tenhou log id
    assert game.source == str(SYNTHETIC)
    # owari="209,-19.1,199,-30.1,373,47.3,219,1.9": (score/100, points) per seat
    assert game.final_scores == (20900, 19900, 37300, 21900)
    assert game.final_points == (-19.1, -30.1, 47.3, 1.9)
    assert game.errors == ()
    assert len(game.hands) == 2  # two INIT tags


def test_first_hand_start(game: GameRecord) -> None:
    hand = game.hands[0]
    # seed="0,0,0,1,2,112": round 0 = East 1, honba 0, sticks 0, dice, dora indicator id 112
    # (kind 28 = 2z South)
    assert (hand.index, hand.round_wind, hand.kyoku, hand.honba, hand.sticks, hand.dealer) == (
        0, Wind.E, 1, 0, 0, 0)
    assert hand.name == "E1-0"
    assert hand.scores == (25000, 25000, 25000, 25000)
    assert hand.dora_indicator == one("2z")
    # hai0="4,9,12,48,53,56,60,64,68,76,77,78,104": kinds 1 2 3 (2m 3m 4m), 12..17 (4p..9p; 53
    # is a plain 5p, only 52 is red), 19 x3 (2s), 26 (9s)
    assert hand.hands[0] == tiles("234m456789p2229s")
    # hai3="20,21,24,25,28,72,80,81,82,84,85,109,110": 66m 77m 8m 1s 333s 44s 11z
    assert hand.hands[3] == tiles("66778m1333s44s11z")


def kinds(hand: HandRecord) -> list[str]:
    return [type(e).__name__ for e in hand.events]


def test_first_hand_event_order(game: GameRecord) -> None:
    hand = game.hands[0]
    # one event per tag between INIT and AGARI, in file order:
    # T D N E V F N G T REACH D REACH U E V F W N W DORA G T D U E AGARI
    assert kinds(hand) == [
        "Draw", "Discard", "Call", "Discard", "Draw", "Discard", "Call", "Discard",
        "Draw", "RiichiDeclared", "Discard", "RiichiAccepted", "Draw", "Discard",
        "Draw", "Discard", "Draw", "AddedKan", "Draw", "NewDora", "Discard",
        "Draw", "Discard", "Draw", "Discard", "WonHand",
    ]
    assert [e.index for e in hand.events] == list(range(len(hand.events)))
    seats = [e.seat for e in hand.events]
    # T/D = seat 0, U/E = 1, V/F = 2, W/G = 3; N/REACH/DORA/AGARI name or imply their seat
    assert seats == [0, 0, 1, 1, 2, 2, 3, 3, 0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 3, 3, 3, 0, 0, 1, 1, 0]


def test_draws_discards_and_tsumogiri(game: GameRecord) -> None:
    ev = game.hands[0].events
    # <T8/><D8/>: id 8 = kind 2 = 3m, discarded as drawn
    assert ev[0] == Draw(0, one("3m"), index=0)
    assert ev[1] == Discard(0, one("3m"), True, index=1)
    # <T89/> then <D104/>: 5s drawn, 9s (id 104, kind 26) discarded from the hand
    assert ev[8] == Draw(0, one("5s"), index=8)
    assert ev[10] == Discard(0, one("9s"), False, index=10)
    assert ev[9] == RiichiDeclared(0, index=9) and ev[11] == RiichiAccepted(0, index=11)


def test_chi_pon_kakan(game: GameRecord) -> None:
    ev = game.hands[0].events
    # m=6311 = 0b1_1000_1010_0111: bit 2 set -> chi. 6311 >> 10 = 6 = base*3 + called position;
    # base 2 -> suit 0 (man), start 2 -> 3m; called position 0 -> 3m. Copies: bits 3-4 = 0
    # (id 8), bits 5-6 = 1 (id 13), bits 7-8 = 1 (id 17, not the red 16); bits 0-1 = 3 kamicha.
    assert ev[2] == Call(1, Meld.make("chi", parse_tiles("345m"), one("3m"), "left"), 0, index=2)
    # m=41579: bit 3 -> pon; 41579 >> 9 = 81 = kind 27 (1z) * 3 + 0 (called the first of the
    # three); bits 5-6 = 3 (copy 3, id 111, left out); bits 0-1 = 3 -> from kamicha = seat 2.
    assert ev[6] == Call(3, Meld.make("pon", parse_tiles("111z"), one("1z"), "left"), 2, index=6)
    # m=41587 = 41579 - 8 + 16: the same pon with bit 4 -> kakan adding copy 3 (id 111, drawn
    # by <W111/> just before)
    assert ev[17] == AddedKan(
        3, Meld.make("kakan", parse_tiles("1111z"), one("1z"), "left"), one("1z"), index=17
    )
    # <DORA hai="113"/> after the replacement draw <W116/>: id 113 = kind 28 = 2z
    assert ev[18] == Draw(3, one("3z"), index=18)
    assert ev[19] == NewDora(3, one("2z"), index=19)


def test_ron(game: GameRecord) -> None:
    win = game.hands[0].events[-1]
    assert isinstance(win, WonHand)
    # AGARI who="0" fromWho="1" machi="90" (kind 22 = 5s) hai="4,9,12,48,53,...,89,90"
    assert (win.seat, win.from_seat, win.tsumo) == (0, 1, False)
    assert win.win_tile == one("5s")
    assert win.hand == tiles("234m456789p22255s")
    assert win.melds == () and win.nukidora == 0
    # doraHai="112,113" (2z 2z), doraHaiUra="34,35" (kind 8 = 9m)
    assert win.dora == parse_tiles("22z") and win.ura == parse_tiles("99m")
    rec = win.recorded
    # ten="40,2000,0"; yaku="1,1,53,0": riichi 1 han, ura 0 han (left out)
    assert (rec.han, rec.fu, rec.points, rec.limit) == (1, 40, 2000, 0)
    assert rec.yaku == (("riichi", 1),) and rec.yakuman == ()
    # ba="0,1"; sc="240,30,250,-20,250,0,250,0": deltas in hundreds
    assert (rec.honba, rec.sticks, rec.pao) == (0, 1, None)
    assert rec.deltas == (3000, -2000, 0, 0)


def test_second_hand_kans_and_tsumo(game: GameRecord) -> None:
    hand = game.hands[1]
    # seed="0,1,0,3,4,134": East 1, honba 1; ten="270,230,250,250"
    assert (hand.kyoku, hand.honba, hand.scores) == (1, 1, (27000, 23000, 25000, 25000))
    assert hand.dora_indicator == one("7z")  # id 134, kind 33
    ev = hand.events
    assert kinds(hand) == ["Draw", "ClosedKan", "NewDora", "Draw", "Discard", "Call", "Draw",
                           "NewDora", "Discard", "Draw", "WonHand"]
    # m=13312 = 52 << 8: no chi/pon/kakan/north bit, relative 0 -> ankan of ids 52..55, kind 13
    # (5p), id 52 the red one
    assert ev[1] == ClosedKan(0, Meld.make("ankan", parse_tiles("0555p")), index=1)
    assert ev[2] == NewDora(0, one("7z"), index=2)  # DORA hai="135" right after the ankan
    # m=30723 = 120 << 8 | 3: a kan of id 120 (4z) called from kamicha (seat 0) -> daiminkan
    assert ev[5] == Call(1, Meld.make("daiminkan", parse_tiles("4444z"), one("4z"), "left"), 0,
                         index=5)
    assert ev[7] == NewDora(1, one("2z"), index=7)  # DORA hai="113" after <U128/>
    win = ev[-1]
    assert isinstance(win, WonHand) and win.tsumo and win.seat == 2
    # hai="12,16,20,32,...": 4m, red 5m (id 16), 6m, 999m 999p 999s, 66z
    assert win.hand == tiles("406m999m999p999s66z")
    assert win.dora == parse_tiles("77z2z")  # doraHai="134,135,113"
    assert win.ura == ()
    # yaku="0,1,29,2,26,2,54,1": menzen tsumo, sanankou, sanshoku doukou, aka (Tenhou ids,
    # README "Yaku distribution"); ten="50,12000,2" = haneman
    assert win.recorded.yaku == (("menzen_tsumo", 1), ("sanankou", 2), ("sanshoku_doukou", 2),
                                 ("aka_dora", 1))
    assert (win.recorded.han, win.recorded.limit, win.recorded.points) == (6, 2, 12000)
    assert win.recorded.deltas == (-6100, -3100, 12300, -3100)
    assert (win.recorded.honba, win.recorded.sticks) == (1, 0)  # ba="1,0"


def test_text_bytes_and_gzip_give_the_same_game(game: GameRecord) -> None:
    data = SYNTHETIC.read_bytes()
    from_text = read_mjlog(data.decode("utf-8"), source="x.xml")
    from_gzip = read_mjlog(gzip.compress(data), source="x.xml")
    assert from_text.hands == game.hands == from_gzip.hands
    assert from_text.source == "x.xml"
    named = read_mjlog(data.decode(), source="2019021004gm-00a9-0000-e2f6516d.xml")
    assert named.game_id == "2019021004gm-00a9-0000-e2f6516d"


def test_no_red_fives_lobby() -> None:
    # GO type 0xAB = 0xA9 | 0x02: "no red fives" -> id 52 and id 16 are plain fives
    text = SYNTHETIC.read_text(encoding="utf-8").replace('type="169"', 'type="171"')
    game = read_mjlog(text)
    assert not game.rules.red_fives and game.rules.label == "四鳳南喰"
    kan = game.hands[1].events[1]
    assert isinstance(kan, ClosedKan) and kan.meld.tiles == tiles("5555p")
    win = game.hands[1].events[-1]
    assert isinstance(win, WonHand) and not any(t.red for t in win.hand)


def test_decode_meld_nukidora_and_errors() -> None:
    # sanma2.xml's N m="31008" = 121 << 8 | 0x20: a north (id 121) set aside
    got = decode_meld(31008)
    assert (got.type, got.ids, got.called, got.from_rel) == ("nukidora", (121,), None, 0)
    # m = 41587: kakan; the pon was ids 108, 109, 110 (called 108), id 111 added
    got = decode_meld(41587)
    assert (got.type, got.ids, got.called, got.added, got.from_rel) == (
        "kakan", (108, 109, 110, 111), 108, 111, 3)
    with pytest.raises(ValueError):
        decode_meld(-1)
    with pytest.raises(ValueError):
        decode_meld(136 << 8)  # a kan of tile id 136
    assert tile_from_136(16) == Tile.of(4, True) and tile_from_136(16, False) == Tile.of(4)


@pytest.mark.parametrize(
    ("go_type", "players", "standard", "label"),
    [
        # README "Types found here"
        (9, 4, True, "四般南喰赤"),
        (137, 4, True, "四上南喰赤"),
        (185, 3, True, "三鳳南喰赤"),  # 3-player: the standard three-player rules
        (2113, 4, False, "四般東喰赤速"),  # 0x841: special lobby
        (553, 4, False, "四特南喰赤"),  # 0x229: chip lobby
        (1569, 4, False, "四特東喰赤"),  # 0x621
        (257, 4, True, "四般東喰赤"),  # 0x101: scores normally (README)
        (0x7, 4, True, "四般東"),  # no red fives, no kuitan
    ],
)
def test_go_rules(go_type: int, players: int, standard: bool, label: str) -> None:
    rules = go_rules(go_type)
    assert (rules.players, rules.standard, rules.label) == (players, standard, label)


def test_sanma_fragment() -> None:
    # A made-up 3-player start: seat 0 draws a north (id 120), sets it aside (m = 120 << 8 |
    # 0x20 = 30752), draws a replacement and discards it; seat 1 draws and discards; seat 2
    # draws and calls the hand off (kyuushu kyuuhai: a shape test of the bookkeeping, not a
    # legal kyuushu). No owari: the record is incomplete, and says so in ``errors``.
    text = (
        '<mjloggm ver="2.3"><GO type="185"/><UN n0="a" n1="b" n2="c" n3=""/>'
        '<INIT seed="0,0,0,1,1,100" ten="350,350,350,0" oya="0" '
        'hai0="0,1,2,3,32,33,34,35,36,37,38,39,72" hai1="73,74,75,76,77,78,79,80,81,82,83,84,85" '
        'hai2="86,87,89,90,91,92,93,94,95,96,97,98,99" hai3=""/>'
        '<T120/><N who="0" m="30752"/><T121/><D121/><U101/><E101/><V102/>'
        '<RYUUKYOKU type="yao9" ba="0,0" sc="350,0,350,0,350,0,0,0" '
        'hai2="86,87,89,90,91,92,93,94,95,96,97,98,99,102"/></mjloggm>'
    )
    game = read_mjlog(text)
    assert game.rules.players == 3 and game.rules.standard
    assert game.players == ("a", "b", "c")
    hand = game.hands[0]
    assert hand.scores == (35000, 35000, 35000) and len(hand.hands) == 3
    assert hand.events[1] == Nukidora(0, one("4z"), index=1)
    end = hand.events[-1]
    assert isinstance(end, DrawnHand)
    assert (end.kind, end.seat, end.tenpai, end.deltas) == ("kyuushu_kyuuhai", 2, (), (0, 0, 0))
    assert set(end.revealed) == {2} and len(end.revealed[2]) == 14
    assert game.errors == ("the game has no final result (owari)",)
    replay(hand, 3)


# ---------------------------------------------------------------- shared checks


def replay(hand: HandRecord, players: int) -> None:
    """Follow the events with the tiles of each seat and check what a table guarantees: a seat
    holds 13 tiles (melds counting 3) between turns and 14 in its turn; every tile leaving a
    hand was in it; a win's hand is the seat's hand (with the ron tile); shown hands at a draw
    are the seats' hands; the hand ends with its result and nothing after it."""
    held = [Counter(h) for h in hand.hands]
    assert len(hand.hands) == players and all(len(h) == 13 for h in hand.hands)
    melds = [0] * players
    wall_draws = 0
    replacement = 0
    last_discard: tuple[int, Tile] | None = None

    def size(seat: int) -> int:
        return sum(held[seat].values()) + 3 * melds[seat]

    def take(seat: int, tile: Tile) -> None:
        assert held[seat][tile] > 0, f"seat {seat} does not hold {tile}"
        held[seat][tile] -= 1

    ended = False
    for i, e in enumerate(hand.events):
        assert e.index == i
        assert not ended or isinstance(e, WonHand), "events after the hand's result"
        assert 0 <= e.seat < players
        match e:
            case Draw(seat, tile):
                held[seat][tile] += 1
                wall_draws += 1
                assert size(seat) == 14
            case Discard(seat, tile, _):
                take(seat, tile)
                assert size(seat) == 13
                last_discard = (seat, tile)
            case Call(seat, meld, from_seat):
                assert last_discard == (from_seat, meld.called)
                own = list(meld.tiles)
                assert meld.called is not None
                own.remove(meld.called)
                for t in own:
                    take(seat, t)
                melds[seat] += 1
                assert size(seat) == (13 if meld.type is MeldType.DAIMINKAN else 14)
                replacement += meld.type is MeldType.DAIMINKAN
            case ClosedKan(seat, meld):
                for t in meld.tiles:
                    take(seat, t)
                melds[seat] += 1
                replacement += 1
                assert size(seat) == 13
            case AddedKan(seat, meld, tile):
                take(seat, tile)
                replacement += 1
                assert size(seat) == 13
                last_discard = (seat, tile)
            case Nukidora(seat, tile):
                take(seat, tile)
                replacement += 1
                assert tile.kind == 30 and size(seat) == 13
            case WonHand(seat, from_seat, win_hand, win_tile):
                ended = True
                if from_seat == seat:
                    assert tuple(sorted(held[seat].elements())) == win_hand
                else:
                    assert last_discard is not None and last_discard == (from_seat, win_tile)
                    assert tuple(sorted([*held[seat].elements(), win_tile])) == win_hand
                assert len(e.melds) == melds[seat]
            case DrawnHand(_, kind, _, revealed):
                ended = True
                for seat, shown in revealed.items():
                    assert tuple(sorted(held[seat].elements())) == shown
                if kind == "exhaustive":
                    # 136 tiles (108 in 3-player) - 14 dead wall - 13 per seat: 70 draws (55),
                    # replacement draws included (each kan/north takes one from the live wall)
                    assert wall_draws == (70 if players == 4 else 55)
            case NewDora() | RiichiDeclared() | RiichiAccepted():
                pass
    assert ended, "the hand has no result"


def result_counts(game: GameRecord) -> tuple[int, int]:
    wins = sum(isinstance(e, WonHand) for h in game.hands for e in h.events)
    draws = sum(isinstance(e, DrawnHand) for h in game.hands for e in h.events)
    return wins, draws


def test_replay_of_the_made_up_game(game: GameRecord) -> None:
    for hand in game.hands:
        replay(hand, 4)
    assert result_counts(game) == (2, 0)


# ---------------------------------------------------------------- the corpus


def corpus_files() -> list[Path]:
    if not MJLOG.is_dir():
        return []
    return sorted(p for p in MJLOG.rglob("*") if p.suffix in (".xml", ".xml_", ".mjlog"))


@cache
def read(path: Path) -> GameRecord:
    return read_mjlog(path)


def rel(path: Path) -> str:
    return path.relative_to(TENHOU).as_posix()


@cache
def games_tsv() -> dict[str, dict[str, str]]:
    return {row["file"]: row for row in tsv_rows(TENHOU / "games.tsv")}


@cache
def text_of(path: Path) -> str:
    """The XML of an mjlog file, plain or gzip (the fastmaj files)."""
    return record_text(path)


@corpus
def test_corpus_files_are_those_the_corpus_lists() -> None:
    # README "Layout", mjx/SOURCES.tsv and MANIFEST-more.tsv name every mjlog file
    assert {rel(p) for p in corpus_files()} == listed_records((".xml", ".xml_", ".mjlog"))


@corpus
@pytest.mark.parametrize("path", corpus_files(), ids=lambda p: p.name)
def test_corpus_game(path: Path) -> None:
    game = read(path)
    text = text_of(path)
    assert game.errors == ()
    # counts straight from the XML text
    assert len(game.hands) == text.count("<INIT ")
    assert result_counts(game) == (text.count("<AGARI "), text.count("<RYUUKYOKU "))
    assert sum(isinstance(e, Draw) for h in game.hands for e in h.events) == len(
        re.findall(r"<[TUVW]\d+/>", text))
    assert sum(isinstance(e, Discard) for h in game.hands for e in h.events) == len(
        re.findall(r"<[DEFGdefg]\d+/>", text))
    assert sum(isinstance(e, Call | ClosedKan | AddedKan | Nukidora)
               for h in game.hands for e in h.events) == text.count("<N ")
    row = games_tsv().get(rel(path))
    if row is not None:  # games.tsv covers the first two groups (not mjlog/mjx)
        assert len(game.hands) == int(row["rounds"])
        assert result_counts(game) == (int(row["agari_tags"]), int(row["ryuukyoku_tags"]))
        assert game.rules.raw["type"] == int(row["go_type"])
        assert game.rules.label == row["label"]
        # the README's flags: special lobbies are not standard (a 3-player game of a ranked
        # lobby is: it plays the standard three-player rules, rule.players 3)
        flagged = "special lobby" in row["notes"]
        assert game.rules.standard is not flagged
        if row["game_id"] and row["game_id_from"] == "file name":
            assert game.game_id == row["game_id"]
    assert game.final_scores is not None and game.final_points is not None
    for hand in game.hands:
        replay(hand, game.rules.players)
    # each hand starts where the previous result left the scores
    for before, after in zip(game.hands, game.hands[1:], strict=False):
        moved = [sum(e.recorded.deltas[s] if isinstance(e, WonHand) else e.deltas[s]
                     for e in before.events if isinstance(e, WonHand | DrawnHand))
                 for s in range(game.rules.players)]
        riichi = [1000 * sum(isinstance(e, RiichiAccepted) and e.seat == s
                             for e in before.events) for s in range(game.rules.players)]
        assert after.scores == tuple(b + m - r for b, m, r in
                                     zip(before.scores, moved, riichi, strict=True))


def go_type(path: Path) -> int:
    found = re.search(r'<GO\s+type="(\d+)"', text_of(path))
    assert found, f"{path.name}: no <GO type=...>"
    return int(found.group(1))


@corpus
def test_corpus_totals() -> None:
    files = corpus_files()
    games = [read(p) for p in files]
    covered = Counter(r["file"] for r in agari_records())
    for path, game in zip(files, games, strict=True):
        wins = result_counts(game)[0]
        # README "Counts": agari.jsonl holds every win of the files it covers
        if rel(path) in covered:
            assert wins == covered[rel(path)], rel(path)
    assert set(covered) <= {rel(p) for p in files}
    # README "GO type bits": 0x10 three players; 0x200, 0x400, 0x800 the special lobbies
    # (chips, "ratio", a 1,000-point start): not standard. Judged from each file's own GO tag.
    for path, game in zip(files, games, strict=True):
        bits = go_type(path)
        assert game.rules.standard is not bool(bits & (0x200 | 0x400 | 0x800)), path
        assert game.rules.players == (3 if bits & 0x10 else 4), path


def agari_records() -> Iterator[dict[str, Any]]:
    with (TENHOU / "agari.jsonl").open(encoding="utf-8") as f:
        for line in f:
            record: dict[str, Any] = json.loads(line)
            if record["format"] == "mjlog":
                yield record


def meld_key(meld: Meld) -> tuple[str, tuple[Tile, ...], Tile | None, Relative | None]:
    return (meld.type.value, meld.tiles, meld.called, meld.source)


@corpus
def test_corpus_wins_match_agari_jsonl() -> None:
    records: dict[tuple[str, int, int], dict[str, Any]] = {}
    for r in agari_records():
        key = (r["file"], r["round_index"], r["winner"])
        assert key not in records
        records[key] = r
    covered = {f for f, _, _ in records}
    matched = 0
    # README: agari.jsonl covers the first groups and mjlog/mjx, not the later additions
    # (test_corpus_wins_match_their_agari_tags checks every file against its own tags)
    for path in corpus_files():
        if rel(path) not in covered:
            continue
        game = read(path)
        aka = game.rules.red_fives
        for hand in game.hands:
            wins = [e for e in hand.events if isinstance(e, WonHand)]
            for k, win in enumerate(wins):
                r = records[(rel(path), hand.index, win.seat)]
                matched += 1
                if r["game_id"] and game.game_id:
                    assert r["game_id"] == game.game_id
                assert (r["round_wind"], r["kyoku"], r["dealer"]) == (
                    hand.round_wind.value, hand.kyoku, hand.dealer)
                assert r["from_who"] == win.from_seat and r["is_tsumo"] == win.tsumo
                assert r["multi_ron_index"] == k and r["multi_ron_count"] == len(wins)
                assert tiles(r["hand"]) == win.hand
                assert one(r["win_tile"]) == win.win_tile
                assert tuple(one(t) for t in r["dora_indicators"]) == win.dora
                assert tuple(one(t) for t in r["ura_indicators"]) == win.ura
                ours = sorted(meld_key(m) for m in win.melds)
                theirs = sorted(
                    meld_key(Meld.from_json(meld_json(m, aka)))
                    for m in r["melds"] if m["type"] != "nukidora"
                )
                assert ours == theirs
                assert sum(m["type"] == "nukidora" for m in r["melds"]) == win.nukidora
                got = win.recorded
                want = recorded_score(r)
                assert (got.han, got.fu, got.points, got.limit, got.pao) == (
                    want.han, want.fu, want.points, want.limit, want.pao)
                assert dict(got.yaku) == dict(want.yaku)
                assert Counter(got.yakuman) == Counter(dict(want.yakuman))
                assert list(got.deltas) == r["recorded"]["deltas"][: game.rules.players]
                assert (got.honba, got.sticks) == (r["honba"], r["riichi_sticks"])
    # every mjlog win of agari.jsonl is found here
    assert matched == len(records) > 0


_AGARI = re.compile(r"<AGARI\s([^>]*?)/?>")
_ATTR = re.compile(r'(\w+)="([^"]*)"')


def agari_tags(path: Path) -> list[dict[str, str]]:
    """The attributes of every AGARI tag of the file, in order, as written."""
    return [dict(_ATTR.findall(m.group(1))) for m in _AGARI.finditer(text_of(path))]


def ints(value: str) -> list[int]:
    return [int(v) for v in value.split(",")] if value else []


@corpus
@pytest.mark.parametrize("path", corpus_files(), ids=lambda p: p.name)
def test_corpus_wins_match_their_agari_tags(path: Path) -> None:
    """Every win as read against the AGARI tag it came from, the attributes decoded here
    (README "Rules" and "agari.jsonl" fields): who, fromWho; machi and hai (tile ids, id // 4
    the kind, 16/52/88 the red fives where the lobby has them); ten = fu, points, limit;
    ba = honba, sticks; sc = score, change (in hundreds) per seat; doraHai, doraHaiUra."""
    game = read(path)
    players = game.rules.players
    aka = game.rules.red_fives
    wins = [e for h in game.hands for e in h.events if isinstance(e, WonHand)]
    tags = agari_tags(path)
    assert len(wins) == len(tags)
    for win, tag in zip(wins, tags, strict=True):
        assert (win.seat, win.from_seat) == (int(tag["who"]), int(tag["fromWho"]))
        assert win.win_tile == tile_from_136(int(tag["machi"]), aka)
        assert win.hand == tuple(sorted(tile_from_136(i, aka) for i in ints(tag["hai"])))
        fu, points, limit = ints(tag["ten"])[:3]
        got = win.recorded
        assert (got.fu, got.points, got.limit) == (fu, points, limit)
        assert (got.honba, got.sticks) == tuple(ints(tag["ba"]))
        assert list(got.deltas) == [100 * d for d in ints(tag["sc"])[1: 2 * players: 2]]
        assert win.dora == tuple(tile_from_136(i, aka) for i in ints(tag.get("doraHai", "")))
        assert win.ura == tuple(tile_from_136(i, aka) for i in ints(tag.get("doraHaiUra", "")))
        assert got.pao == (int(tag["paoWho"]) if "paoWho" in tag else None)


@corpus
def test_corpus_event_kinds_seen() -> None:
    seen: Counter[str] = Counter()
    for path in corpus_files():
        for hand in read(path).hands:
            for e in hand.events:
                seen[type(e).__name__] += 1
                if isinstance(e, DrawnHand):
                    seen[e.kind] += 1
    # every kind of event occurs in the corpus (README "Draws": yao9, kaze4, reach4, kan4, nm)
    for name in ("Draw", "Discard", "Call", "ClosedKan", "AddedKan", "Nukidora", "NewDora",
                 "RiichiDeclared", "RiichiAccepted", "WonHand", "DrawnHand", "exhaustive",
                 "kyuushu_kyuuhai", "suufon_renda", "suucha_riichi", "suukaikan",
                 "nagashi_mangan"):
        assert seen[name] > 0, name



def test_unknown_tags_make_one_note_a_tag_name() -> None:
    # issue #15: a record of millions of unknown tags gave a note each (14,000,001 notes);
    # 3 <X/> and 2 <Y a="1"/> are put after the first discard of the synthetic game
    text = SYNTHETIC.read_text(encoding="utf-8").replace(
        "<E69/>", '<E69/><X/><Y a="1"/><X/><Y a="2"/><X/>', 1)
    notes = [n for n in read_mjlog(text).errors if "unknown tag" in n]
    assert notes == ["skipped 3 unknown tags <X>, the first <X/>",
                     'skipped 2 unknown tags <Y>, the first <Y a="1"/>']


def test_a_record_of_too_many_tags_is_refused_before_it_is_parsed() -> None:
    # docs/limits.md: 50,000 tags (a Tenhou hanchan has about 1,750)
    text = SYNTHETIC.read_text(encoding="utf-8").replace("<E69/>", "<E69/>" + "<X/>" * 50_000)
    with pytest.raises(RecordError, match=r"50,0\d\d tags, more than the 50,000 a game record"):
        read_mjlog(text)
