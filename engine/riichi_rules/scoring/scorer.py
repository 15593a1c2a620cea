"""Score a win under a ruleset: read the hand every way, run the compiled rules on each
reading, keep the reading worth most."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, replace
from functools import cache
from itertools import compress, repeat
from operator import call
from pathlib import Path
from typing import Any

from riichi_rules.errors import InputError, RuleFault
from riichi_rules.hand import MeldType, Win, format_meld
from riichi_rules.language.vocabulary import MISSING, Env, WinFacts
from riichi_rules.readings import Group, Reading, readings
from riichi_rules.rulesets.config import RulesetConfig, load_config
from riichi_rules.scoring.program import (
    Checks,
    DoraRule,
    FuStep,
    ScoringProgram,
    YakuRule,
)
from riichi_rules.scoring.result import FuItem, Payment, Result, ScoredYaku
from riichi_rules.tiles import WINDS, Tile, Wind, format_tiles

# how many outcomes of the limits and of the payments, and fu values of groups, are remembered
# (a bound on memory: the han, fu and flags they depend on take far fewer values)
_OUTCOMES_KEPT = 4096
# the parameters the scorer reads itself, not through a rule: what a win may show (red fives:
# how many plain fives of a suit; the tiles in the set, the seats at the table, chi, kita: see
# _check_red_fives and table_problem) and who sits at the table to pay (players)
PARAMETERS_READ = frozenset({"red_fives", "players", "removed_tiles", "chi", "kita"})


def _payers(players: int) -> dict[str, tuple[tuple[str, ...], ...]]:
    """Who pays, for each kind of payer of a payments rule, by the winner's seat (0 = East),
    with the seats East, South ... as many as there are players."""
    seats = WINDS[:players]
    return {
        "discarder": (("discarder",),) * players,
        "each": tuple(tuple(s.value for s in seats if s is not w) for w in seats),
        "dealer": tuple(tuple(s.value for s in seats if s is not w and s is Wind.E)
                        for w in seats),
        "non_dealer": tuple(tuple(s.value for s in seats if s is not w and s is not Wind.E)
                            for w in seats),
    }


_PAYERS = {players: _payers(players) for players in (3, 4)}


_COMPILED: dict[Hashable, ScoringProgram] = {}


@cache
def _program_for(config: RulesetConfig) -> ScoringProgram:
    """The program of a config: compiled (or read from the disk cache) once per ruleset and
    values in force (two dates with the same values share the compiled rules), each date
    keeping its own config."""
    key = config.key()
    compiled = _COMPILED.get(key)
    if compiled is None:
        from riichi_rules.scoring.cache import load_program

        compiled = _COMPILED[key] = load_program(config)
    return compiled if compiled.config == config else replace(compiled, config=config)


def program(ruleset: str | Path | RulesetConfig | ScoringProgram) -> ScoringProgram:
    """The compiled scoring program of a ruleset (id, ``id@YYYY-MM-DD``, path or config),
    compiled once."""
    if isinstance(ruleset, ScoringProgram):
        return ruleset
    config = ruleset if isinstance(ruleset, RulesetConfig) else load_config(ruleset)
    return _program_for(config)


def score(
    hand: Win | Mapping[str, Any] | str,
    ruleset: str | Path | RulesetConfig | ScoringProgram = "ema-2016",
    **fields: Any,
) -> Result:
    """Score a win: a :class:`Win`, its JSON object, or the concealed tiles with the other
    fields of that object as keywords (``score("22p234p123s456s789s", win="9s", tsumo=True,
    ruleset="tenhou")``; the fields are those of ``riichi score --batch``, docs/formats.md).
    Raises :class:`InputError` for malformed input, a hand that is not complete or one with no
    yaku.

    The dealer (East, the default seat) wins by self-draw on 9s; 22p 234p 123s 456s 789s is
    menzen tsumo, pinfu and a closed pure straight (EMA 2016 §4: 1 + 1 + 2 han), and a pinfu
    tsumo is 20 fu (Tenhou: no fu for the self-draw). Basic points 20 x 2^(4 + 2) = 1280;
    each other player pays twice that, rounded up to 100: 2600, 7800 in all.

    Examples:
        >>> result = score("22p234p123s456s789s", win="9s", tsumo=True, ruleset="tenhou")
        >>> result.han, result.fu, result.points
        (4, 20, 7800)
        >>> [y.id for y in result.yaku]
        ['menzen_tsumo', 'pinfu', 'ittsu']
    """
    prog = program(ruleset)
    if isinstance(hand, Win):
        if fields:
            raise InputError("bad_field", "give a Win, or the hand with its fields, not both "
                             f"(got a Win and {', '.join(sorted(fields))})")
        win = hand
    else:
        if isinstance(hand, str):
            win = Win.from_json({"hand": hand, **fields})
        else:  # a JSON object from a file; Win.from_json names what is wrong with it
            win = Win.from_json({**hand, **fields} if fields and isinstance(hand, Mapping)
                                else hand)
    problem = table_problem(win, prog)
    if problem is not None:
        raise problem
    facts = WinFacts(win)
    if prog.table_setup.red_fives:
        _check_red_fives(win, facts.kinds, prog)
    env = Env(facts, prog.slot_count, prog.cache_size)  # the situation rules' too
    refused = situation_error(facts, prog, env)
    if refused is not None:
        raise refused
    candidates = readings(win)
    if not candidates:
        raise InputError("not_a_win", f"{format_tiles(win.concealed)} with "
                         f"{len(win.melds)} meld(s) is not a complete hand")
    best: _Candidate | None = None
    for reading in candidates:
        env.use(reading)
        for candidate in _score_reading(prog, env, reading):
            if best is None or candidate.key > best.key:
                best = candidate
    if best is None:
        raise InputError("no_yaku", "the hand is complete but has no yaku")
    return _settle(prog, env, best)


def situation_error(win: Win | WinFacts, prog: ScoringProgram,
                    env: Env | None = None) -> InputError | None:
    """The refusal of a win whose facts cannot hold together, as the ruleset's situation
    rules say (``impossible_flags``, each broken rule's message and place), or None.
    ``env``: an environment of the win's facts, with the program's sizes, to evaluate them
    in (made when not given)."""
    situations = prog.situations
    if not situations.rules:
        return None
    if env is None:
        env = Env(win if isinstance(win, WinFacts) else WinFacts(win), prog.slot_count,
                  prog.cache_size)
    env.cache = [MISSING] * prog.cache_size
    run = situations.run
    broken = ([situations.rules[i] for i in run(env)] if run is not None
              else [rule for rule in situations.rules if rule.forbid(env)])
    if not broken:
        return None
    return InputError("impossible_flags", "; ".join(
        f"{rule.message} ({rule.origin.file}:{rule.origin.line})" for rule in broken))


_Fired = tuple[YakuRule, int, int]  # a yaku rule that holds: (rule, han, yakuman multiple)
_Counted = tuple[DoraRule, int]  # a dora kind that counts: (rule, han)


@dataclass(slots=True)
class _Candidate:
    """One way to score the hand, up to its basic points (payments come once, for the best:
    the reading worth most is the one with the most basic points). What it shows (the yaku,
    the fu items) is made into result objects only for the best."""

    reading: Reading
    fired: list[_Fired]
    dora: list[_Counted]
    han: int
    fu: int
    fu_raw: int
    fu_items: list[FuItem]
    basic: int
    limit: str | None
    limit_origin: str
    yakuman_total: int
    yakuman_max: int

    @property
    def key(self) -> tuple[int, int, int, int]:
        # at equal value a real yakuman is shown before counted han (as Tenhou does)
        return (self.basic, self.yakuman_total, self.han, self.fu)


def _check_red_fives(win: Win, kinds: list[int], prog: ScoringProgram) -> None:
    """Where the set has red fives (one per suit, up to rule.red_fives suits), only three
    plain fives of such a suit exist (``kinds``: the kind of each tile of the hand)."""
    red = prog.table_setup.red_fives
    if not red:
        return
    shown = len(win.dora) + len(win.ura)
    suits = range(min(red, 3))
    if all(kinds.count(9 * suit + 4) + shown <= 3 for suit in suits):
        return  # too few fives in sight, red or not
    plain = [tile.kind for tile in (*win.all_tiles, *win.dora, *win.ura) if not tile.red]
    for suit in suits:
        count = plain.count(9 * suit + 4)
        if count > 3:
            raise InputError(
                "too_many_copies",
                f"{count} plain fives of {'mps'[suit]} in sight: with red fives in the set "
                f"({prog.config.id}), one of the four fives is red")


def table_problem(win: Win, prog: ScoringProgram) -> InputError | None:
    """Why the win cannot happen at the ruleset's table (None when it can): a seat no player
    sits in, a tile taken out of the set, a chi where no chi is played, a North set aside
    where none may be (code ``not_in_ruleset``)."""
    table = prog.table_setup
    name = prog.config.label
    seat = WINDS.index(win.seat)
    if seat >= table.players:
        seats = ", ".join(w.value for w in WINDS[:table.players])
        return InputError("not_in_ruleset", f"seat {win.seat.value}: {name} is played by "
                          f"{table.players} players, seated {seats}")
    if table.removed:
        shown = [t for t in (*win.all_tiles, *win.dora, *win.ura) if t.kind in table.removed]
        if shown:
            kinds = format_tiles(sorted({Tile.of(t.kind) for t in shown}))
            out = format_tiles(sorted(Tile.of(k) for k in table.removed))
            return InputError("not_in_ruleset", f"{kinds}: {name} plays without {out} (the "
                              "hand, melds and indicators may show none of them)")
    if not table.chi and any(m.type is MeldType.CHI for m in win.melds):
        chi = next(format_meld(m) for m in win.melds if m.type is MeldType.CHI)
        return InputError("not_in_ruleset", f"meld {chi}: {name} has no chi (a chow is "
                          "formed in the hand only)")
    if win.kita and not table.kita:
        why = (f"{name} is a four-player ruleset (score under a three-player one, such as "
               "tenhou-sanma)" if table.players == 4 else f"{name} does not play kita")
        return InputError("not_in_ruleset", f"kita {win.kita}: no North may be set aside: "
                          f"{why}")
    return None


def _fired(checks: Checks, env: Env, yakuman: bool) -> list[_Fired]:
    """(rule, han, multiple) for each rule whose condition holds and that no other that holds
    replaces."""
    run = checks.run
    if run is not None:  # generated code: every condition at once
        return run(env)
    out: list[_Fired] = []
    for rule, _, value in compress(checks.items, map(call, checks.conditions, repeat(env))):
        amount = value if type(value) is int else value(env)  # type: ignore[operator]
        if yakuman:
            out.append((rule, 0, amount))
        elif amount > 0:
            out.append((rule, amount, 0))
    if len(out) < 2:
        return out
    replaced = {name for rule, _, _ in out for name in rule.replaces}
    if not replaced:
        return out
    return [item for item in out if item[0].id not in replaced]


def _score_reading(prog: ScoringProgram, env: Env, reading: Reading) -> list[_Candidate]:
    yakuman = _fired(prog.yakuman_checks, env, True)
    if yakuman:
        return [_evaluate(prog, env, reading, yakuman, with_dora=False)]
    yaku = _fired(prog.closed_checks if env.facts.closed else prog.open_checks, env, False)
    if not yaku:
        return []
    alone = [item for item in yaku if item[0].stands_alone]
    if not alone:
        return [_evaluate(prog, env, reading, yaku, with_dora=True)]
    results = [_evaluate(prog, env, reading, [item], with_dora=False) for item in alone]
    rest = [item for item in yaku if not item[0].stands_alone]
    if rest:
        results.append(_evaluate(prog, env, reading, rest, with_dora=True))
    return results


def _evaluate(
    prog: ScoringProgram, env: Env, reading: Reading, fired: list[_Fired], with_dora: bool
) -> _Candidate:
    """Han, fu and the limit of one reading with the yaku that fired."""
    env.yaku = frozenset([item[0].id for item in fired])
    han = 0
    yakuman_total = 0
    yakuman_max = 0
    for _, h, multiple in fired:
        han += h
        yakuman_total += multiple
        if multiple > yakuman_max:
            yakuman_max = multiple
    env.yakuman_total = yakuman_total
    env.yakuman_max = yakuman_max
    dora: list[_Counted] = []
    if with_dora:
        for rule in prog.dora_checks:
            if rule.when(env):
                count = rule.count(env)
                if count:
                    dora.append((rule, count))
                    han += count
    env.han = han
    fu, fu_raw, fu_items = _fu(prog, env)
    env.fu = fu
    basic, limit_name, limit_origin = apply_limits(prog, env)
    return _Candidate(reading, fired, dora, han, fu, fu_raw, fu_items, basic, limit_name,
                      limit_origin, yakuman_total, yakuman_max)


def apply_limits(prog: ScoringProgram, env: Env) -> tuple[int, str | None, str]:
    """The basic points of the hand in ``env`` (its han, fu and yakuman set): the limits
    rule's formula, or the limit worth most among those whose condition holds. Returns
    (basic points, limit name or None, where that limit is written); ``env.basic`` is set."""
    limits = prog.limits
    inputs = limits.inputs
    if inputs is not None:  # the outcome depends on a few flags and numbers: remembered
        key = tuple(map(call, inputs, repeat(env)))
        known: tuple[int, str | None, str] | None = limits.outcomes.get(key)
        if known is not None:
            env.basic = known[0]
            return known
    basic = limits.basic(env)
    env.basic = basic
    limit_name: str | None = None
    limit_origin = ""
    best_points = 0
    for step in limits.limits:
        if step.when(env):
            points = step.points(env)
            if points > best_points:
                best_points, limit_name, limit_origin = points, step.name, step.origin.text
    if limit_name is not None:
        basic = best_points
        env.basic = basic
    outcome = (basic, limit_name, limit_origin)
    if inputs is not None:
        _remember(limits.outcomes, key, outcome)
    return outcome


def _remember(outcomes: dict[Any, Any], key: Hashable, outcome: Any) -> None:
    if len(outcomes) >= _OUTCOMES_KEPT:
        outcomes.clear()
    outcomes[key] = outcome


def _settle(prog: ScoringProgram, env: Env, best: _Candidate) -> Result:
    """The payments of the best candidate, and the result."""
    if env.reading is not best.reading:
        env.use(best.reading)
    shown = prog.shown
    scored = [shown.get((id(rule), han, multiple)) or _shown(prog, rule, han, multiple)
              for rule, han, multiple in best.fired]
    if best.dora:
        scored += [shown.get((id(rule), count, 0)) or _shown(prog, rule, count, 0)
                   for rule, count in best.dora]
    if prog.payments.inputs is None:  # the payments may read yaku(...) (dora kinds included)
        env.yaku = frozenset([y.id for y in scored])
    env.han, env.fu, env.basic = best.han, best.fu, best.basic
    env.yakuman_total, env.yakuman_max = best.yakuman_total, best.yakuman_max
    paid = payments(prog, env)
    deposit = prog.payments.deposit
    sticks = deposit(env) * env.win.sticks if deposit is not None else 0
    fu_items = tuple(best.fu_items)
    yakuman = 0  # as many as the last of the limits rule's 'multiple' clauses that holds says
    for count, when in prog.limits.multiples:
        if when is None or when(env):
            yakuman = int(count(env))
    return Result(
        ruleset=prog.config.label, han=best.han, fu=best.fu, fu_raw=best.fu_raw,
        yakuman=yakuman, limit=best.limit,
        limit_origin=best.limit_origin, basic=best.basic, yaku=tuple(scored),
        fu_items=fu_items, payments=paid, sticks=sticks, reading=best.reading,
        payments_origin=prog.payments.origin.text, notes=_red_five_note(env.win, prog),
    )


def _red_five_note(win: Win, prog: ScoringProgram) -> tuple[str, ...]:
    """A red five under a ruleset without red fives is read as a plain five, and said so."""
    if prog.table_setup.red_fives:
        return ()
    red = sum(tile.red for tile in (*win.all_tiles, *win.dora, *win.ura))
    if not red:
        return ()
    return (f"{red} red five{'s' if red > 1 else ''} read as plain: {prog.config.id} plays "
            "without red fives (rule.red_fives is 0)",)


def _shown(prog: ScoringProgram, rule: YakuRule | DoraRule, value: int, multiple: int) -> Any:
    """What the result shows of a yaku or dora kind with these values, made once per program
    and shared (results are immutable)."""
    made = ScoredYaku(rule.id, rule.title, value, multiple, rule.origin.text, rule.origin.source)
    _remember(prog.shown, (id(rule), value, multiple), made)
    return made


def _fu_item(prog: ScoringProgram, step: FuStep, value: int, group: Group | None) -> FuItem:
    """A fu item as the result shows it, made once per program for each step, value and
    group's tiles (groups alike share their tiles), and shared."""
    tiles = group.tiles if group is not None else ()
    key = (id(step), value, id(tiles))
    made: FuItem | None = prog.shown.get(key)
    if made is None or made.tiles is not tiles:  # the item holds the tiles: its key is its own
        made = FuItem(step.label, value, tiles, step.origin.text)
        _remember(prog.shown, key, made)
    return made


def _fu(prog: ScoringProgram, env: Env) -> tuple[int, int, list[FuItem]]:
    """The fu of the reading in ``env``: rounded, raw, and the items that count."""
    rule = prog.fu
    items: list[FuItem] = []
    fu = 0
    env.fu = 0
    for step in rule.steps:
        if step.each is not None:
            source, where, slot, kernel = step.each
            slots = env.slots
            known = step.known
            for element in source(env):
                if kernel is not None and where is None:
                    # a function of the group alone, remembered by group with its item: most
                    # groups are shared from hand to hand (the memo holds the group, so its
                    # id stays its own)
                    seen = known.get(id(element))
                    if seen is None or seen[0] is not element:
                        value = kernel(element)
                        seen = (element, value, _fu_item(prog, step, value, element))
                        _remember(known, id(element), seen)
                    value = seen[1]
                    if value:
                        fu += value
                        env.fu = fu
                        items.append(seen[2])
                    continue
                slots[slot] = element
                if where is not None and not where(env):
                    continue
                value = step.value(env)
                if value:
                    fu += value
                    env.fu = fu
                    items.append(_fu_item(prog, step, value, element))
            continue
        if step.when is not None and not step.when(env):
            continue
        item = step.item
        value = item.fu if item is not None else step.value(env)
        keyword = step.keyword
        if keyword == "add" and not value:
            continue
        if item is None:
            item = _fu_item(prog, step, value, None)
        if keyword == "fixed":
            return value, value, [item]
        fu = value if keyword == "base" else fu + value
        env.fu = fu
        items.append(item)
    if fu < 0:
        counted = ", ".join(f"{item.label} {item.fu}" for item in items)
        raise RuleFault(f"{rule.origin.file}:{rule.origin.line}",
                        f"the fu come to {fu} for this hand ({counted}): a hand's fu cannot be "
                        "below 0")
    step_size = rule.round_to
    return -(-fu // step_size) * step_size, fu, items


def payments(prog: ScoringProgram, env: Env) -> tuple[Payment, ...]:
    """Who pays what for the hand in ``env`` (its basic points set), by the payments rule."""
    seat = env.facts.seat_wind.kind - 27
    rule = prog.payments
    inputs = rule.inputs
    if inputs is not None:  # as for the limits
        key = (seat, env.win.honba, *map(call, inputs, repeat(env)))
        known: tuple[Payment, ...] | None = rule.outcomes.get(key)
        if known is not None:
            return known
    owed: dict[str, int] = {}
    payers = _PAYERS[prog.table_setup.players]
    for step in rule.pays:
        when = step.when
        if when is not None and not when(env):
            continue
        amount = step.amount(env)
        for payer in payers[step.payer][seat]:
            owed[payer] = owed.get(payer, 0) + amount
    honba_each = 0
    for step in rule.honba:
        if step.when is None or step.when(env):
            honba_each += step.amount(env)
    honba = honba_each * env.win.honba
    paid = tuple([Payment(payer, points, honba) for payer, points in owed.items()])
    if inputs is not None:
        _remember(rule.outcomes, key, paid)
    return paid
