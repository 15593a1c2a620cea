"""The clauses of the table rules two rulesets read differently (search/table_targets.py): which
they are, what they read, and how far a question is from the two answering differently.

The parameter values come from the rulesets' own ruleset.json (ema-2016 sets none: the schema
defaults are EMA 2016) and the clauses from rulesets/base/table.rules."""

from __future__ import annotations

from riichi_rules.language.table_vocabulary import TableEnv, seats_of
from riichi_rules.scoring.scorer import program
from riichi_rules.search.table_targets import TablePair, differing_clauses, table_clauses
from riichi_rules.tiles import parse_tiles


def _pair(a: str, b: str, part: tuple[str, str, str]) -> TablePair:
    return next(p for p in differing_clauses(program(a), program(b)) if p.part == part)


def _env(a: str, **facts: object) -> TableEnv:
    table = program(a).table
    env = TableEnv(table.slot_count, table.cache_size)
    for name, value in facts.items():
        setattr(env, name, value)
    return env


def test_ema_2016_and_ema_2025() -> None:
    """ema-2025/ruleset.json changes three parameters the table rules read:
    kakan_counts_as_discard false (furiten own_discard, when), riichi_min_wall_tiles 1 (4 at
    EMA 2016: riichi_rule declare, allow) and deposits_at_end first_split_on_tie ("first" at
    EMA 2016: standings sticks_left, whose first gain counts only under "first" and second
    only under the split). Its other changes (kiriage, renhou, fu) are scoring parameters."""
    parts = {p.part for p in differing_clauses(program("ema-2016"), program("ema-2025"))}
    assert parts == {("furiten", "own_discard", "when"), ("riichi_rule", "declare", "allow"),
                     ("standings", "sticks_left", "gain 0"),
                     ("standings", "sticks_left", "gain 1")}


def test_a_ruleset_reads_no_clause_differently_from_itself() -> None:
    assert differing_clauses(program("tenhou"), program("tenhou")) == []


def test_every_clause_of_the_table_rules_is_typed() -> None:
    """Each when/allow/forbid/up to/result/balance clause and each pay/gain step of
    table.rules is a part (the same names referee/shadow.py gives them)."""
    clauses = table_clauses(program("ema-2016"))
    assert ("claim", "ron", "up_to") in clauses
    assert ("pao_payment", "settlement", "pay 9") in clauses  # ten pay steps, from 0
    assert ("standings", "final_points", "balance") in clauses
    # ron on an added kan (chankan), a concealed kan (kokushi) and a North set aside (kita_ron)
    assert clauses[("claim", "ron", "allow")].parameters == {"chankan", "kokushi_robs_ankan",
                                                            "kita_ron"}
    assert clauses[("claim", "chi", "allow")].parameters == {"chi"}
    # the kita rules of rulesets/sanma/sanma.rules are parts of the three-player rulesets only
    sanma = table_clauses(program("tenhou-sanma"))
    assert set(sanma) - set(clauses) == {("kan_rule", "kita", "allow"),
                                         ("kan_rule", "kita_interrupts", "when")}
    assert sanma[("kan_rule", "kita", "allow")].parameters == {"kita"}


def test_the_riichi_wall_condition_measured() -> None:
    """riichi_rule declare (table.rules): ``wall >= rule.riichi_min_wall_tiles``, 4 at EMA 2016
    and 1 at EMA 2025. A closed tenpai hand with 2 tiles left: EMA 2016 refuses, EMA 2025
    allows, so they answer differently (distance 0). With 5 or 10 tiles left both allow it;
    EMA 2016 refuses only below 4, which 5 misses by 2 and 10 by 7 (distance.py squashes a
    miss d to d / (d + 1): 2/3 and 7/8), the nearest way to an answer that differs."""
    pair = _pair("ema-2016", "ema-2025", ("riichi_rule", "declare", "allow"))
    waits = tuple(parse_tiles("2s5s"))
    near = {wall: pair.distance(_env("ema-2016", closed=True, waits=waits, wall=wall,
                                     points=25000))
            for wall in (2, 5, 10)}
    assert near[2] == 0
    assert abs(near[5] - 2 / 3) < 1e-9 and abs(near[10] - 7 / 8) < 1e-9


def test_a_number_that_differs_always_answers_differently() -> None:
    """claim ron, up to: 3 at EMA 2016 (multiple_ron "double" is 2, "head_bump" 1, else 3),
    1 at JPML (head bump): whatever the question."""
    pair = _pair("ema-2016", "jpml", ("claim", "ron", "up_to"))
    assert pair.distance(_env("ema-2016")) == 0
    assert pair.a is not None and pair.b is not None
    assert (pair.a.answer(_env("ema-2016")), pair.b.answer(_env("jpml"))) == (3, 1)


def test_a_step_of_nothing_is_no_payment() -> None:
    """standings sticks_left, gain 0: ``sticks * rule.riichi_deposit when deposits_at_end ==
    "first" and place == 1``; JPML leaves the sticks on the table ("left"). With two sticks
    the first place gains 2000 at EMA 2016 and nothing at JPML; with none, nobody gains
    anything under either, so the two do not answer differently."""
    pair = _pair("ema-2016", "jpml", ("standings", "sticks_left", "gain 0"))
    first = _env("ema-2016", sticks=2)
    first.standing(seats_of([30000, 25000, 25000, 20000]), 0)
    assert pair.a is not None and pair.a.answer(first) == 2000
    assert pair.distance(first) == 0
    none = _env("ema-2016", sticks=0)
    none.standing(seats_of([30000, 25000, 25000, 20000]), 0)
    assert pair.distance(none) > 0


def test_what_the_clauses_read() -> None:
    """The parts written differently: riichi needs ``points >= rule.riichi_min_points`` at
    Mahjong Soul (1000; EMA 2016: 0, no minimum), the wall minimum (4) being the same in
    both ruleset.json files; a concealed kan in riichi
    needs, at EMA 2016 (waits_and_readings), the kan tiles to be a pung in every reading
    (``readings``, ``triplet``, ``tile``), which Mahjong Soul (waits_only) does not ask."""
    a, b = program("ema-2016"), program("mahjong-soul")
    pairs = {p.part: p for p in differing_clauses(a, b)}
    assert "points" in pairs[("riichi_rule", "declare", "allow")].differs
    assert "wall" not in pairs[("riichi_rule", "declare", "allow")].differs
    assert pairs[("kan_rule", "closed_kan", "allow")].differs == {"readings", "triplet",
                                                                   "tile"}
    # a count that must reach four (pao suukantsu: count(melds where kong) == 4) asks for many
    # of them; a limit (kans < rule.max_kans) does not
    clauses = table_clauses(program("m-league"))
    assert "many" in clauses[("pao", "suukantsu", "when")].reads
    assert "many" not in clauses[("kan_rule", "closed_kan", "allow")].reads
    # the tiles a rule names: the dragons of pao daisangen
    assert (31, 32, 33) in clauses[("pao", "daisangen", "when")].themes
