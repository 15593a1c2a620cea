"""The table of a ruleset (rulesets/table.py): its seats and its tile set, and properties of
three-player scoring over random wins drawn from that set (hypothesis).

Expected values: riichi.wiki "Sanma" and mjstars-tenhou-sanma (three players, "2man through
8man removed": 27 kinds x 4 = 108 tiles; the red 5m goes with the 5m, leaving 0p and 0s);
the four-player set is 34 kinds x 4 = 136 tiles (ema-rcr-2016 ch.1)."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from riichi_rules.errors import InputError
from riichi_rules.rulesets.config import bundled_ids, load_config
from riichi_rules.rulesets.table import Table
from riichi_rules.scoring.scorer import score
from riichi_rules.tiles import Tile, Wind, format_tiles, parse_tiles

SANMA = ("tenhou-sanma", "mahjong-soul-sanma")
TWO_TO_EIGHT_MAN = frozenset(range(1, 8))  # the kinds 2m .. 8m
NORTH = 30


def test_the_three_player_set_has_no_2m_to_8m() -> None:
    for rid in SANMA:
        table = Table.of(load_config(rid))
        tiles = table.tile_set()
        assert table.players == 3 and table.seats == (Wind.E, Wind.S, Wind.W)
        assert len(tiles) == 108 and not {t.kind for t in tiles} & TWO_TO_EIGHT_MAN
        assert sorted(str(t) for t in tiles if t.red) == ["0p", "0s"]
        assert not table.chi and table.kita


def test_the_four_player_set_is_whole() -> None:
    for rid in bundled_ids():
        config = load_config(rid)
        table = Table.of(config)
        if table.players == 4:
            assert len(table.tile_set()) == 136 and table.removed == frozenset()
            assert table.chi and not table.kita
            assert sum(t.red for t in table.tile_set()) == config.parameters["red_fives"]


@st.composite
def sanma_wins(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    """A complete hand of four sets and a pair drawn from a three-player ruleset's tile set
    (sequences only in pinzu and souzu: 1m and 9m make none), in riichi so it has a yaku, with
    a random seat, self-draw or ron, kita, honba, sticks and dora indicator."""
    ruleset = draw(st.sampled_from(SANMA))
    table = Table.of(load_config(ruleset))
    left = list(table.tile_set())

    def take(kind: int) -> Tile:
        tile = next(t for t in left if t.kind == kind)
        left.remove(tile)
        return tile

    def count(kind: int) -> int:
        return sum(t.kind == kind for t in left)

    hand = []
    pair = draw(st.sampled_from(table.kinds))
    hand += [take(pair), take(pair)]
    for _ in range(4):
        triplets = [k for k in table.kinds if count(k) >= 3]
        runs = [k for k in range(9, 27) if k % 9 <= 6
                and all(count(k + i) >= 1 for i in range(3))]
        if runs and draw(st.booleans()):
            start = draw(st.sampled_from(runs))
            hand += [take(start + i) for i in range(3)]
        else:
            kind = draw(st.sampled_from(triplets))
            hand += [take(kind) for _ in range(3)]
    won = draw(st.sampled_from(hand))
    kita = draw(st.integers(0, count(NORTH)))
    for _ in range(kita):
        take(NORTH)
    win = {
        "hand": format_tiles(sorted(hand)), "win": str(won), "riichi": True,
        "tsumo": draw(st.booleans()), "seat": draw(st.sampled_from(table.seats)).value,
        "kita": kita, "honba": draw(st.integers(0, 5)), "sticks": draw(st.integers(0, 3)),
        "dora": [str(draw(st.sampled_from(left)))],
    }
    return ruleset, win


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sanma_wins())
def test_three_player_payments_sum_to_zero(drawn: tuple[str, dict[str, Any]]) -> None:
    ruleset, win = drawn
    try:
        result = score(win, ruleset)
    except InputError as error:  # a hand of no reading as drawn (e.g. 4 of a kind as 3 + 1)
        assert error.code == "not_a_win", error.message
        return
    table = Table.of(load_config(ruleset))
    assert not {t.kind for t in parse_tiles(win["hand"] + "".join(win["dora"]))} & \
        TWO_TO_EIGHT_MAN
    others = {s.value for s in table.seats} - {win["seat"]}
    payers = [p.payer for p in result.payments]
    if win["tsumo"]:
        # a self-draw: the two other players pay, nobody in the absent North seat
        assert sorted(payers) == sorted(others)
    else:
        assert payers == ["discarder"]
    # what the winner gains is what the payers lose, with the sticks from the table
    paid = sum(p.points + p.honba for p in result.payments)
    assert result.winner_receives - paid - result.sticks == 0
    assert result.sticks == 1000 * win["sticks"]
    # 200 a honba on a ron, 100 from each of the two payers on a self-draw (both sanma
    # rulesets' honba_ron and honba_tsumo_each: jbreidfjord-riichi-rs, riichienv-rules)
    assert sum(p.honba for p in result.payments) == 200 * win["honba"]
    assert paid == result.points + 200 * win["honba"]

