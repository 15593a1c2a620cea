"""A witness as a conformance case (search/table_cases.py): the events and the deal written
back in the case format (conformance/README.md), what a case states for each ruleset, and the
check that a case loads and passes under its rulesets."""

from __future__ import annotations

from riichi_rules import resources
from riichi_rules.conformance.events import Deal, parse_deal, parse_event
from riichi_rules.rulesets.config import load_config
from riichi_rules.search.table_cases import case_text, checked, deal_of, events_of, expectation

WHERE = resources.conformance_dir() / "search.yaml"
# furiten-own-discard-blocks-the-other-wait (conformance/furiten.yaml): seat 1 throws 5s and
# waits on 2s and 5s; seat 2 throws the 2s
HANDS = ("159m159p159s1234z", "234m567p34s678s5p5s", "37m37p37s1234567z", "48m48p48s1234567z")
EVENTS = [{"turn": [0, "9m"]}, {"turn": [1, "5p", "5s"]}, {"turn": [2, "2s"]}]


def _steps() -> list:  # type: ignore[type-arg]
    return [step for line, event in enumerate(EVENTS, 1) for step in parse_event(event, line)]


def test_the_events_are_written_back_as_they_were_read() -> None:
    """A draw and the discard of the same seat that follows it are one ``turn`` (the drawn
    tile thrown: two items; another tile: three)."""
    assert events_of(_steps()) == EVENTS


def test_the_deal_states_what_is_not_usual() -> None:
    deal = parse_deal({"hands": list(HANDS), "dora": "9p"})
    written = deal_of(deal)
    assert set(written) == {"hands", "dora"}  # each hand in order (234m5567p345678s)
    assert parse_deal(written).hands == tuple(tuple(sorted(h)) for h in deal.hands)
    under_way = parse_deal({"hands": list(HANDS), "dora": "9p", "wall": 12, "honba": 2,
                            "round": "S", "dealer": 3, "scores": [1000, 30000, 30000, 39000],
                            "discards": ["1z", "", "", ""], "next_draw": 2})
    written = deal_of(under_way, _steps())
    assert parse_deal(written).scores == under_way.scores
    assert written["wall"] == 12 and written["round"] == "S" and written["dealer"] == 3
    assert written["discards"] == ["1z", "", "", ""] and written["scores"][0] == 1000
    # the first event is seat 0's draw: in a hand under way the deal must say seat 2 draws
    # first (Deal.first_drawer), else the events would begin with seat 0
    assert written["next_draw"] == 2
    assert "next_draw" not in deal_of(Deal(under_way.hands, under_way.dora, wall=12,
                                           next_draw=0), _steps())


def test_a_case_states_what_differs() -> None:
    """Only the fields that differ, each side its own: the verdict (an illegal kind, or
    legal), the seats whose claims or furiten differ, the other fields whole."""
    mine = {"illegal": ["illegal_riichi"], "claims": {0: [], 1: ["ron"]},
            "furiten": {0: [], 1: []}}
    theirs = {"illegal": [], "claims": {0: [], 1: []}, "furiten": {0: [], 1: []}}
    assert expectation(mine, theirs) == {"illegal": "illegal_riichi", "claims": {1: ["ron"]}}
    assert expectation(theirs, mine) == {"legal": True, "claims": {1: []}}
    ended = {"illegal": [], "deltas": [-1000, 1000, 0, 0], "next": {"dealer_keeps": False,
                                                                    "honba_added": True}}
    other = {"illegal": [], "deltas": [-1000, 1000, 0, 0], "next": {"dealer_keeps": True,
                                                                    "honba_added": True}}
    assert expectation(ended, other) == {"next": {"dealer_keeps": False}}


def test_a_case_is_checked_under_its_rulesets() -> None:
    """EMA 2016 §3.2: seat 1 is furiten (own discard) and may not claim the 2s; the case
    written with that expectation loads and passes; with the wrong one it does not."""
    deal = parse_deal({"hands": list(HANDS), "dora": "9p"})
    configs = [load_config("ema-2016"), load_config("tenhou")]
    right = {"furiten": {1: ["own_discard"]}, "claims": {1: []}}
    text = case_text("search-test", "derivation: EMA 2016 §3.2", ["search"], deal, _steps(),
                     {"ema-2016": right, "tenhou": right})
    case = checked(text, configs, WHERE)
    assert case is not None and case.id == "search-test" and len(case.steps) == 6
    wrong = {"furiten": {1: []}}
    text = case_text("search-test", "derivation", ["search"], deal, _steps(),
                     {"ema-2016": wrong, "tenhou": right})
    assert checked(text, configs, WHERE) is None
