"""A scenario (table_scenarios.py) played out event by event under two rulesets at once, as
conformance steps: a referee per ruleset follows every event (conformance.events.Player), the
driver plays only what both allow, and wherever the referees' answers part (an action one of
them allows, the claims offered on a tile, furiten, how a hand ends and what follows) the
events so far, with the action, are a *candidate* witness.

The driver asks the referees what a game server asks (:meth:`HandReferee.turn_options`,
:meth:`~HandReferee.claims`, :meth:`~HandReferee.furiten`, and once the hand is over what
conformance.events.observe reads); the clause aimed at is watched by a *gauge*: its compiled
function, in the ruleset that has it, also measures how far each question it is asked is from
the two rulesets answering differently (table_targets.TablePair.distance). A rule asked only
when a seat declares an abortive draw of its name is measured on the moment's own question
(the declaring seat's, with the ron claims on the tile just released) after every event.

Long because the driver's table (:class:`_Table`) plays the scenario's intents (the turn, the
claims on a tile, a kan, the end of a hand and what follows) to both referees at once, reading
the table from the first one's state, and the gauges watch it from the same place.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from riichi_rules.conformance.events import Play, Player, Step, observe
from riichi_rules.errors import RuleFault
from riichi_rules.hand import Meld, MeldType, Relative
from riichi_rules.language.table_vocabulary import TableEnv
from riichi_rules.referee.questions import waits
from riichi_rules.referee.shadow import Part
from riichi_rules.referee.state import relation
from riichi_rules.scoring.program import Fn, PayStep, ScoringProgram, TableProgram
from riichi_rules.search.table_scenarios import ABORTIVE, Intent, Scenario
from riichi_rules.search.table_targets import TableClause, TablePair
from riichi_rules.tiles import Tile, dora_of

__all__ = ["END_FIELDS", "MID_FIELDS", "Asked", "Candidate", "Drive", "Driver", "outcome"]

MID_FIELDS = ("claims", "furiten")
"""What a case states about a hand still under way."""
END_FIELDS = ("wins", "deltas", "tenpai", "sticks", "next", "game_over", "final_scores",
              "final_points")
"""What a case states about a hand that has ended."""

NEVER_ASKED = 3.0
"""The measure of a drive in which the aimed-at clause was never asked."""
SAMPLED = 2000
"""The questions kept of each clause, where the caller keeps them (``samples``)."""

_LIMIT = 240  # steps of one drive, at most


def outcome(played: Play) -> dict[str, Any] | None:
    """What the referee decided after a case's events, as a case states it: the last event's
    verdict, and the claims and furiten of a hand under way, or how an ended hand ended;
    None when the case is not a valid one (an event that cannot happen, or an event before
    the last that raises a disagreement)."""
    if played.error or any(played.disagreements[:-1]):
        return None
    seen = observe(played)
    out: dict[str, Any] = {"illegal": sorted(set(seen["illegal"]))}
    for name in END_FIELDS if played.referee.ending else MID_FIELDS:
        out[name] = seen.get(name)
    return out


@dataclass(frozen=True, slots=True)
class Candidate:
    """The events of a case on which the referees may decide differently (``kind``: verdict,
    option, claims, furiten, ending, probe), and whether the aimed-at clause had answered
    differently by its end."""

    steps: tuple[Step, ...]
    kind: str
    parted: bool


@dataclass(slots=True)
class Drive:
    """A scenario played out: its events, the candidates met, how near the aimed-at clause
    came to answering differently (``nearest``, 0: it did, at the ``zero`` th event, during
    the intent ``zero_intent``)."""

    steps: list[Step] = field(default_factory=list)
    candidates: list[Candidate] = field(default_factory=list)
    nearest: float = NEVER_ASKED
    zero: int | None = None
    zero_intent: int | None = None
    zero_part: Part | None = None  # the clause that answered differently first
    near: dict[Part, float] = field(default_factory=dict)  # the nearest, clause by clause
    gated: int | None = None  # the intent during which a gate first held


@dataclass(slots=True)
class Asked:
    """The questions a clause was asked, kept for a later look: a uniform sample of them
    all (``asked``), and the first of those on which the two rulesets answered differently
    (``parted``), :data:`SAMPLED` of each at most."""

    asked: list[TableEnv] = field(default_factory=list)
    parted: list[TableEnv] = field(default_factory=list)
    seen: int = 0
    rng: random.Random = field(default_factory=lambda: random.Random(0))

    def keep(self, env: TableEnv, parted: bool) -> None:
        env.settle()  # read later, as it was asked
        self.seen += 1
        if len(self.asked) < SAMPLED:
            self.asked.append(env)
        else:  # reservoir sampling: each question kept with the same chance
            at = self.rng.randrange(self.seen)
            if at < SAMPLED:
                self.asked[at] = env
        if parted and len(self.parted) < SAMPLED:
            self.parted.append(env)


class Gauge:
    """Measures the questions some clauses are asked: the nearest any came to the two
    rulesets answering differently (by clause, and in all), and when and which first did.
    Clauses never asked measure by the rules that gate them (``gates``: conditions that must
    hold before they are asked)."""

    def __init__(self, pairs: Sequence[TablePair], gates: Sequence[TableClause] = (),
                 samples: dict[Part, Asked] | None = None) -> None:
        self.pairs = tuple(pairs)
        self.gates = tuple(gates)
        self.drive = Drive()
        self.gate = 1.0
        self.samples = samples

    def seer(self, pair: TablePair) -> Watcher:
        kept = None if self.samples is None else self.samples.setdefault(pair.part, Asked())

        def see(env: TableEnv) -> None:
            d = pair.distance(env)
            if kept is not None:
                kept.keep(env, d == 0)
            drive = self.drive
            if d < drive.nearest:
                drive.nearest = d
            if d < drive.near.get(pair.part, NEVER_ASKED):
                drive.near[pair.part] = d
            if d == 0 and drive.zero is None:
                drive.zero = len(drive.steps)
                drive.zero_part = pair.part
        return see

    def see_gate(self, env: TableEnv) -> None:
        self.gate = min([self.gate, *(g.near(env, True) for g in self.gates)])
        if self.gate == 0 and self.drive.gated is None:
            self.drive.gated = -1  # the intent is set by the driver

    def measure(self) -> float:
        if self.drive.nearest < NEVER_ASKED:
            return self.drive.nearest
        return NEVER_ASKED - 1.0 + self.gate if self.gates else NEVER_ASKED


def _watched(fn: Fn, see: Callable[[TableEnv], None]) -> Fn:
    def watched(env: TableEnv) -> Any:
        see(env)
        return fn(env)
    return watched


Watcher = Callable[[TableEnv], None]


def instrument(program: ScoringProgram, watch: Mapping[Part, Watcher],
               kinds: Mapping[str, Watcher] | None = None) -> ScoringProgram:
    """``program`` with the clauses in ``watch`` (and the ``when`` of every rule of the kinds
    in ``kinds``) calling their watcher on each question before answering it."""
    kinds = kinds or {}
    rules = {}
    for kind, kept in program.table.rules.items():
        out = []
        for rule in kept:
            changes: dict[str, Any] = {}
            if kind in kinds and rule.when is not None:
                changes["when"] = _watched(rule.when, kinds[kind])
            for (k, name, clause), see in watch.items():
                if (k, name) != (kind, rule.name):
                    continue
                keyword, _, index = clause.partition(" ")
                if keyword in ("pay", "gain"):
                    steps = list(changes.get(keyword + "s", getattr(rule, keyword + "s")))
                    step: PayStep = steps[int(index)]
                    if step.when is not None:
                        steps[int(index)] = dataclasses.replace(step,
                                                                when=_watched(step.when, see))
                    else:
                        steps[int(index)] = dataclasses.replace(step,
                                                                amount=_watched(step.amount, see))
                    changes[keyword + "s"] = tuple(steps)
                elif getattr(rule, keyword, None) is not None:
                    changes[keyword] = _watched(changes.get(keyword, getattr(rule, keyword)),
                                                see)
            out.append(dataclasses.replace(rule, **changes) if changes else rule)
        rules[kind] = tuple(out)
    table = TableProgram(rules, program.table.slot_count, program.table.cache_size)
    return dataclasses.replace(program, table=table)


# what the driver asks at each moment, by the kind of the aimed-at rule
_AT_TURNS = {"riichi_rule": ("riichi",), "kan_rule": ("closed_kan", "added_kan"),
             "draw": ("kyuushu_kyuuhai",), "discard": ("discard",)}
_AT_RELEASES = frozenset({"claim", "furiten"})
_AT_END = frozenset({"next_hand", "standings"})


class Driver:
    """Plays scenarios under two rulesets with some clauses of one rule watched (each in the
    ruleset that has it; ``gates``: the conditions of the rules that must hold before they
    are asked, see :class:`Gauge`; ``samples``: where to keep the questions each watched
    clause is asked, a few thousand at most)."""

    def __init__(self, a: ScoringProgram, b: ScoringProgram, pairs: Sequence[TablePair],
                 gates: Sequence[TableClause] = (), gate_kind: str = "",
                 samples: dict[Part, Asked] | None = None) -> None:
        self.pairs = tuple(pairs)
        self.gauge = Gauge(pairs, gates, samples)
        in_a = {p.part: self.gauge.seer(p) for p in pairs if p.a is not None}
        in_b = {p.part: self.gauge.seer(p) for p in pairs if p.a is None}
        kinds: dict[str, Watcher] = {gate_kind: self.gauge.see_gate} if gate_kind else {}
        self.a, self.b = instrument(a, in_a, kinds), instrument(b, in_b, kinds)
        kind, name, _ = pairs[0].part
        self.probe = name if kind == "draw" and name in ABORTIVE and name != "kyuushu_kyuuhai" \
            else ""
        self.probes = [self.gauge.seer(p) for p in pairs] if self.probe else []
        self.at_turns = _AT_TURNS.get(kind, ())
        self.at_releases = kind in _AT_RELEASES
        # rules asked once a hand is over (what follows it, the standings) or at the
        # exhaustive draw: a hand not over after the intents runs the wall down
        self.finish = kind in _AT_END or (kind == "draw" and name not in ABORTIVE)

    def run(self, scenario: Scenario) -> Drive:
        """Play ``scenario`` out; its drive (the gauge's measure in ``nearest``)."""
        drive = self.gauge.drive = Drive()
        self.gauge.gate = 1.0
        _Table(self, scenario, drive).play()
        drive.nearest = self.gauge.measure()
        return drive


class _Stop(Exception):
    """The drive cannot go on (an event illegal under either ruleset)."""


class _Empty(_Stop):
    """The wall is empty: the hand ends in an exhaustive draw."""


class _Table:
    """One scenario being played out."""

    def __init__(self, driver: Driver, scenario: Scenario, drive: Drive) -> None:
        self.driver = driver
        self.s = scenario
        self.drive = drive
        deal = scenario.deal()
        self.pa = Player(deal, driver.a, scenario.first)
        self.pb = Player(deal, driver.b, scenario.first)
        self.used = scenario.counts()
        self.accept: int | None = None  # a seat whose declaring discard has just passed
        self.intent = -1

    # ---- the table as the first referee sees it (both follow the same events) ------------
    @property
    def state(self) -> Any:
        return self.pa.referee.state

    def hand(self, seat: int) -> list[Tile]:
        return list(self.state.seats[seat].hand)

    def waits_of(self, seat: int) -> tuple[Tile, ...]:
        s = self.state.seats[seat]
        return waits(tuple(s.hand), tuple(s.melds))

    def drawer(self) -> int | None:
        phase = self.state.phase
        if phase == "draw":
            return int(self.state.next_draw)
        if phase == "rinshan":
            return int(self.state.turn)
        return None

    def free(self, kind: int) -> bool:
        return self.used[kind] < 4

    # ---- events ------------------------------------------------------------------------
    def emit(self, step: Step) -> None:
        """Follow ``step`` under both rulesets; a disagreement under either ends the drive
        (a candidate where the two verdicts differ)."""
        if len(self.drive.steps) >= _LIMIT:
            raise _Stop
        if step.kind != "ron" and self.accept is not None:
            seat, self.accept = self.accept, None
            self.emit(_step("accept", seat))
        self.drive.steps.append(step)
        if step.kind in ("draw", "new_dora") and step.tile is not None:
            self.used[step.tile.kind] += 1
        if step.dora is not None:
            self.used[step.dora.kind] += 1
        ok_a, ok_b = self.pa.step(step), self.pb.step(step)
        if not (ok_a and ok_b):
            self.drive.steps.pop()
            raise _Stop
        raised_a = {d.what for d in self.pa.out.disagreements[-1]}
        raised_b = {d.what for d in self.pb.out.disagreements[-1]}
        if raised_a or raised_b:
            if raised_a != raised_b:
                if self.pa.referee.ending or self.pb.referee.ending:  # what follows it, asked
                    outcome(self.pa.out)
                    outcome(self.pb.out)
                self.candidate(self.drive.steps, "verdict")
            self.drive.steps.pop()  # the drive keeps only what both allow
            raise _Stop
        self.after()

    def candidate(self, steps: Sequence[Step], kind: str) -> None:
        zero = self.drive.zero
        self.drive.candidates.append(Candidate(tuple(steps), kind, zero is not None
                                               and zero <= len(steps)))

    def after(self) -> None:
        """What both referees say now, where the aimed-at rule is asked."""
        state = self.state
        if state.ended:
            return
        driver = self.driver
        if driver.probe:
            self.measure_probe()
        if driver.at_releases and state.last_release is not None:
            ca, cb = self.pa.referee.claims(), self.pb.referee.claims()
            if ca != cb:
                self.candidate(self.drive.steps, "claims")
            fa = [self.pa.referee.furiten(s) for s in range(4)]
            fb = [self.pb.referee.furiten(s) for s in range(4)]
            if fa != fb:
                self.candidate(self.drive.steps, "furiten")

    def measure_probe(self) -> None:
        """An abortive draw of the aimed-at name, measured as if declared now: the question
        the referee would put about the last seat to act."""
        ref = self.pa.referee
        state = ref.state
        seat = state.seats[state.turn]
        env = ref.ask.env(state, seat)
        release = state.last_release
        if release is not None:
            env.ron_claims = sum(1 for s in state.seats
                                 if s.seat != release[0] and ref.ron_allowed(s.seat))
        before = self.drive.zero
        for see in self.driver.probes:
            see(env)
        if self.drive.zero is not None and before is None:
            self.candidate([*self.drive.steps, _step("draw_end", -1, end=self.driver.probe)],
                           "probe")

    def options(self, seat: int) -> tuple[list[str], list[str]]:
        """What ``seat`` may do on its turn under each ruleset; a first action allowed under
        one only is a candidate."""
        kinds = self.driver.at_turns
        oa, ob = self.pa.referee.turn_options(kinds), self.pb.referee.turn_options(kinds)
        if oa != ob:
            for option in [o for o in oa if o not in ob] + [o for o in ob if o not in oa]:
                extra = self.option_steps(seat, option)
                if extra:
                    self.candidate([*self.drive.steps, *extra], "option")
                    break
        return oa, ob

    def option_steps(self, seat: int, option: str) -> list[Step]:
        what, _, name = option.partition(" ")
        tile = _tile(name) if name else None
        if what == "tsumo":
            return [_step("tsumo", seat)]
        if what == "riichi" and tile is not None:
            return [_step("riichi", seat), _step("discard", seat, tile=tile)]
        if what == "discard" and tile is not None:
            return [_step("discard", seat, tile=tile)]
        if what == "kyuushu_kyuuhai":
            return [_step("draw_end", seat, end="kyuushu_kyuuhai")]
        if what == "closed_kan" and tile is not None:
            meld = Meld.make(MeldType.CLOSED_KAN,
                             [t for t in self.hand(seat) if t.kind == tile.kind])
            return [_step("closed_kan", seat, meld=meld)]
        if what == "added_kan" and tile is not None:
            return [self.added_kan_step(seat, tile, None)]
        return []

    # ---- playing ------------------------------------------------------------------------
    def play(self) -> None:
        try:
            try:
                for number, intent in enumerate(self.s.intents):
                    self.intent = number
                    if self.state.ended:
                        break
                    getattr(self, "do_" + intent.what)(intent)
                    if self.drive.zero is not None and self.drive.zero_intent is None:
                        self.drive.zero_intent = number
                    if self.drive.gated == -1:
                        self.drive.gated = number
                if not self.state.ended and self.driver.finish:
                    self.intent = len(self.s.intents)
                    self.do_exhaust(Intent("exhaust"))
            except _Empty:
                self.do_exhaust(Intent("exhaust"))
        except (_Stop, RuleFault):  # a rule with no value on the scenario (its own fault,
            # which riichi check, compare and conformance report) plays no further
            if self.drive.zero is not None and self.drive.zero_intent is None:
                self.drive.zero_intent = self.intent
            return
        if not self.state.ended:
            return
        try:
            oa, ob = outcome(self.pa.finish()), outcome(self.pb.finish())
        except RuleFault:
            return
        if oa is not None and ob is not None and oa != ob:
            self.candidate(self.drive.steps, "ending")

    def settle(self) -> None:
        """Whoever must act now (after a call, a draw) throws a tile."""
        state = self.state
        if state.phase == "act":
            self.throw(int(state.turn))

    def advance(self, seat: int) -> None:
        """Seats pass (draw a tile nobody wants and throw it) until ``seat`` is to draw."""
        self.settle()
        for _ in range(8):
            drawer = self.drawer()
            if drawer is None or drawer == seat:
                return
            self.pass_turn(drawer)
        raise _Stop

    def pass_turn(self, seat: int) -> None:
        self.draw(seat, self.junk())
        self.throw(seat)

    def draw(self, seat: int, kind: int | None) -> None:
        if self.state.wall <= 0:
            raise _Empty
        if kind is None:
            raise _Stop
        self.emit(_step("draw", seat, tile=Tile.of(kind)))
        if self.driver.at_turns:
            self.options(seat)

    def throw(self, seat: int, pick: int = 0, keep: bool = False) -> None:
        """``seat`` discards: the tile it drew if it is in riichi or the tile is of no use,
        else (``keep``, or a hand that waits) the tile that leaves it the most waits."""
        s = self.state.seats[seat]
        drawn = s.drawn
        if s.riichi or (drawn is not None and not keep and not self.waits_of(seat)):
            tile = drawn if drawn is not None else s.hand[-1]
        else:
            tile = self.best_discard(seat, pick)
        self.emit(_step("discard", seat, tile=tile))

    def best_discard(self, seat: int, pick: int = 0) -> Tile:
        """The tile that leaves ``seat`` the most waits, the least useful first (see
        :func:`_use`), of those both rulesets let it throw."""
        s = self.state.seats[seat]
        hand = list(s.hand)
        kinds = [t.kind for t in hand]
        scored: list[tuple[tuple[int, int], bool, Tile]] = []
        for tile in sorted(set(hand), key=lambda t: (t.kind, t.red)):
            rest = list(hand)
            rest.remove(tile)
            count = len(waits(tuple(rest), tuple(s.melds)))
            scored.append(((-count, _use(tile.kind, kinds)), tile != s.drawn, tile))
        scored.sort(key=lambda x: (x[0], x[1], x[2].kind))
        ranks = sorted({x[0] for x in scored})
        for rank in ranks:  # the best first; among equals, by the pick
            equal: list[Tile] = [x[2] for x in scored if x[0] == rank]
            equal = equal[pick % len(equal):] + equal[:pick % len(equal)]
            only = ("discard",)
            oa = self.pa.referee.turn_options(only, equal)
            ob = self.pb.referee.turn_options(only, equal)
            for tile in equal:
                if f"discard {tile}" in oa and f"discard {tile}" in ob:
                    return tile
        raise _Stop

    def junk(self, avoid: Sequence[int] = ()) -> int | None:
        """A tile nobody waits on or holds two of (the scenario's junk kinds first)."""
        wanted = {w.kind for seat in range(4) for w in self.waits_of(seat)}
        held = [0] * 34
        for seat in self.state.seats:
            for t in seat.hand:
                held[t.kind] += 1
        order: list[int] = [*self.s.junk, *_JUNK_ORDER]
        for kind in order:
            if self.free(kind) and kind not in wanted and held[kind] < 2 and kind not in avoid:
                return kind
        return next((k for k in order if self.free(k) and k not in wanted), None)

    # ---- intents --------------------------------------------------------------------------
    def do_pass(self, intent: Intent) -> None:
        seat = intent.seat if intent.seat >= 0 else self.drawer()
        if seat is None:
            self.settle()
            seat = self.drawer()
        if seat is None:
            return
        self.advance(seat)
        self.pass_turn(seat)

    def do_feed(self, intent: Intent) -> None:
        """A seat throws a tile ``seat`` wants: for a chow (every other pick of a call) the
        seat on its left, else the next seat to draw, or where no copy is left to draw, a
        seat that holds one (after drawing a tile nobody wants)."""
        self.settle()
        target = intent.seat
        if target < 0:
            target = next((s for s in range(4) if self.waits_of(s)), 0)
        left = (target - 1) % 4
        held = [t.kind for t in self.hand(target)]
        chow = intent.arg == "call" and (held.count(intent.kind) < 2 if intent.kind >= 0
                                         else intent.pick % 2 == 0)
        kinds = self.wanted(target, intent.arg, chow)
        kind = _chosen(kinds, intent)
        drawer = self.drawer()
        if drawer is None:
            return
        feeder = left if chow else drawer if drawer != target else (target + 1) % 4
        if not chow:  # the pick-th other seat from the next to draw: a later one throws it
            others = [(feeder + k) % 4 for k in range(4) if (feeder + k) % 4 != target]
            feeder = others[intent.pick % 3]
        if kind is not None and not self.free(kind) and not chow:
            order = [(drawer + k) % 4 for k in range(4)]
            feeder = next((s for s in order if s != target and self.holds(s, kind)), feeder)
        self.advance(feeder)
        if self.drawer() != feeder:
            return
        if kind is not None and self.holds(feeder, kind):  # thrown from the hand
            self.draw(feeder, self.junk())
            self.emit(_step("discard", feeder, tile=next(
                t for t in self.hand(feeder) if t.kind == kind)))
            return
        self.draw(feeder, kind if kind is not None and self.free(kind) else self.junk())
        self.emit(_step("discard", feeder, tile=self.state.seats[feeder].drawn))

    def holds(self, seat: int, kind: int) -> bool:
        """Whether ``seat`` holds a tile of ``kind`` it may throw (it is not in riichi)."""
        s = self.state.seats[seat]
        return not s.riichi and any(t.kind == kind for t in s.hand)

    def wanted(self, seat: int, how: str, chow: bool = False) -> list[int]:
        """The kinds ``seat`` would win on (``win``), make a kan of (``kan``), call (``call``;
        a chow too where ``chow``), or any of these, that some seat can still throw."""
        hand = [t.kind for t in self.hand(seat)]
        out: list[int] = []
        if how in ("win", "any"):  # the tiles most seats wait on first
            waiting = [w.kind for s in range(4) for w in self.waits_of(s)]
            out += sorted((w.kind for w in self.waits_of(seat)),
                          key=lambda k: -waiting.count(k))
        if how == "kan":
            out += [k for k in range(34) if hand.count(k) >= 3]
        if how in ("call", "any"):
            out += [k for k in range(34) if hand.count(k) >= 2]
            if chow:
                out += [k for k in range(27) if any(
                    a in hand and b in hand for a, b in ((k - 2, k - 1), (k - 1, k + 1),
                                                         (k + 1, k + 2))
                    if a // 9 == k // 9 == b // 9 and a >= 0)]
        others = [s for s in range(4) if s != seat]
        return [k for k in dict.fromkeys(out)
                if self.free(k) or any(self.holds(s, k) for s in others)]

    def do_call(self, intent: Intent) -> None:
        """``seat`` calls the tile just thrown, if both rulesets allow it."""
        release = self.state.last_release
        seat = intent.seat
        if release is None or seat < 0 or release[0] == seat or self.state.phase != "draw":
            return
        releaser, tile, on = release
        if on != "discard":
            return
        ca, cb = self.pa.referee.claims(), self.pb.referee.claims()
        both = [c for c in ca.get(seat, []) if c in cb.get(seat, []) and c != "ron"]
        if intent.arg != "any":
            both = [c for c in both if c == intent.arg]
        if not both:
            return
        how = both[intent.pick % len(both)]
        hand = self.hand(seat)
        source = Relative(relation(seat, releaser))
        if how == "chi":
            pairs = _chow_pairs(hand, tile)
            if not pairs:
                return
            pair = min(pairs, key=lambda p: -self.waits_after(seat, p))
            meld = Meld.make(MeldType.CHI, [*pair, tile], tile, source)
        else:
            same = [t for t in hand if t.kind == tile.kind][: 3 if how == "daiminkan" else 2]
            kind = MeldType.DAIMINKAN if how == "daiminkan" else MeldType.PON
            meld = Meld.make(kind, [*same, tile], tile, source)
        dora = self.kan_dora(seat, intent.pick) if how == "daiminkan" else None
        self.declare(_step("call", seat, meld=meld, from_seat=releaser), dora, intent.pick)
        if how == "daiminkan":
            self.replacement(seat, intent.pick)
        elif not self.next_is(seat, "kan"):
            if self.driver.at_turns:  # the discards a call leaves (swap calling)
                self.options(seat)
            self.throw(seat, intent.pick, keep=True)

    def waits_after(self, seat: int, taken: Sequence[Tile]) -> int:
        rest = self.hand(seat)
        for t in taken:
            rest.remove(t)
        best = 0
        for t in set(rest):
            left = list(rest)
            left.remove(t)
            best = max(best, len(waits(tuple(left), tuple(self.state.seats[seat].melds))))
        return best

    def next_is(self, seat: int, what: str) -> bool:
        following = self.s.intents[self.intent + 1:self.intent + 2]
        return bool(following) and following[0].what == what and following[0].seat == seat

    def kan_dora(self, seat: int, pick: int) -> Tile | None:
        """A new dora indicator for a kan: one that makes a tile of the kan player's a dora
        (or the kan itself), else any tile left."""
        mine = {t.kind for t in self.hand(seat)} | {
            t.kind for m in self.state.seats[seat].melds for t in m.tiles}
        fitting = [k for k in range(34) if self.free(k) and dora_of(Tile.of(k)) in mine]
        other = [k for k in range(34) if self.free(k)]
        pool = fitting if fitting and pick % 3 else other
        return Tile.of(pool[pick % len(pool)]) if pool else None

    def replacement(self, seat: int, pick: int) -> None:
        """The kan player's replacement draw: a tile it waits on when it means to win next,
        the fourth of another pung when it means to declare another kan, else one nobody
        wants; then its discard (unless it wins or declares the kan)."""
        following = self.s.intents[self.intent + 1:self.intent + 2]
        nxt = following[0] if following and following[0].seat == seat else None
        if nxt is not None and nxt.what == "kan" and nxt.arg == "open":
            nxt = None  # that kan is called from a discard, after this turn
        kind: int | None = None
        if nxt is not None and nxt.what == "tsumo":
            kind = _chosen([w.kind for w in self.waits_of(seat) if self.free(w.kind)], nxt)
        elif nxt is not None and nxt.what == "kan":
            kind = _chosen(self.kan_kinds(seat, nxt.arg, drawn=None), nxt)
        self.draw(seat, kind if kind is not None else self.junk())
        if nxt is None or nxt.what not in ("tsumo", "kan"):
            self.throw(seat, pick)

    def do_kan(self, intent: Intent) -> None:
        """On its turn ``seat`` draws the fourth tile of a pung it holds (a closed kan) or has
        called (an added kan) and declares the kan where both rulesets allow it."""
        seat = intent.seat if intent.seat >= 0 else self.drawer()
        if seat is None:
            return
        if intent.arg == "open":  # a kan called from a discard
            self.do_feed(Intent("feed", seat, "kan", intent.pick, intent.kind))
            self.do_call(Intent("call", seat, "daiminkan", intent.pick, intent.kind))
            return
        s = self.state.seats[seat]
        if not (self.state.phase == "act" and self.state.turn == seat and s.drawn is not None):
            self.advance(seat)
            kind = _chosen(self.kan_kinds(seat, intent.arg, drawn=None), intent)
            self.draw(seat, kind if kind is not None else self.junk())
        kinds = [k for k in self.kan_kinds(seat, intent.arg, drawn=s.drawn)
                 if s.drawn is not None and k == s.drawn.kind] or self.kan_kinds(
            seat, intent.arg, drawn=s.drawn)
        kans = ("closed_kan", "added_kan")
        oa, ob = self.pa.referee.turn_options(kans), self.pb.referee.turn_options(kans)
        for kind in kinds:
            tile = Tile.of(kind)
            closed, added = f"closed_kan {tile}", f"added_kan {tile}"
            for option in (closed, added):
                if option in oa and option in ob:
                    dora = self.kan_dora(seat, intent.pick)
                    if option == closed:
                        meld = Meld.make(MeldType.CLOSED_KAN, [t for t in s.hand if t.kind == kind])
                        self.declare(_step("closed_kan", seat, meld=meld), dora, intent.pick)
                    else:
                        self.declare(self.added_kan_step(seat, tile, None), dora, intent.pick)
                    self.replacement(seat, intent.pick)
                    return
        self.throw(seat, intent.pick)

    def kan_kinds(self, seat: int, how: str, drawn: Tile | None) -> list[int]:
        s = self.state.seats[seat]
        counts = [0] * 34
        for t in s.hand:
            counts[t.kind] += 1
        closed = [k for k in range(34) if counts[k] >= (4 if drawn else 3)]
        added = [m.tiles[0].kind for m in s.melds if m.type is MeldType.PON]
        if drawn is None:
            closed = [k for k in closed if self.free(k)]
            added = [k for k in added if self.free(k)]
        else:
            added = [k for k in added if counts[k] >= 1]
        pool = {"closed": closed, "added": added}.get(how, closed + added)
        return list(dict.fromkeys(pool))

    def declare(self, kan: Step, dora: Tile | None, pick: int) -> None:
        """A kan and its new dora indicator: written on the kan (the runner turns it over
        where the ruleset turns it), or, every fourth pick, turned over at once as an event
        of its own (where a ruleset turns it later, the referee says it is too early)."""
        if dora is None or pick % 4 != 3:
            self.emit(dataclasses.replace(kan, dora=dora))
            return
        self.emit(kan)
        self.emit(_step("new_dora", -1, tile=dora))

    def added_kan_step(self, seat: int, tile: Tile, dora: Tile | None) -> Step:
        pon = next(m for m in self.state.seats[seat].melds
                   if m.type is MeldType.PON and m.tiles[0].kind == tile.kind)
        meld = Meld.make(MeldType.ADDED_KAN, [*pon.tiles, tile], pon.called, pon.source)
        return _step("added_kan", seat, meld=meld, tile=tile, dora=dora)

    def do_riichi(self, intent: Intent) -> None:
        seat = intent.seat if intent.seat >= 0 else self.drawer()
        if seat is None or self.state.seats[seat].riichi:
            return
        self.advance(seat)
        keep = [w.kind for w in self.waits_of(seat)]
        self.draw(seat, self.junk(avoid=keep))
        oa = self.pa.referee.turn_options(("riichi",))
        ob = self.pb.referee.turn_options(("riichi",))
        both = [o for o in oa if o in ob]
        if not both:
            self.throw(seat, intent.pick)
            return
        drawn = str(self.state.seats[seat].drawn)
        choice = f"riichi {drawn}" if f"riichi {drawn}" in both else both[intent.pick % len(both)]
        self.emit(_step("riichi", seat))
        self.emit(_step("discard", seat, tile=_tile(choice.split(" ", 1)[1])))
        self.accept = seat

    def do_tsumo(self, intent: Intent) -> None:
        seat = intent.seat if intent.seat >= 0 else self.drawer()
        if seat is None:
            return
        s = self.state.seats[seat]
        if not (self.state.phase == "act" and self.state.turn == seat and s.drawn is not None):
            self.advance(seat)
            kind = _chosen([w.kind for w in self.waits_of(seat) if self.free(w.kind)], intent)
            self.draw(seat, kind if kind is not None else self.junk())
        oa = self.pa.referee.turn_options(("tsumo",))
        ob = self.pb.referee.turn_options(("tsumo",))
        if "tsumo" in oa and "tsumo" in ob:
            self.emit(_step("tsumo", seat))
        else:
            self.throw(seat, intent.pick)

    def do_ron(self, intent: Intent) -> None:
        """``seat`` (or every seat that may, nearest the thrower first) wins on the tile just
        released, where both rulesets offer it."""
        release = self.state.last_release
        if release is None or self.state.phase == "act":
            return
        ca, cb = self.pa.referee.claims(), self.pb.referee.claims()
        order = [(release[0] + k) % 4 for k in (1, 2, 3)]
        winners = [s for s in order if "ron" in ca.get(s, []) and "ron" in cb.get(s, [])]
        if intent.arg != "all":
            winners = [s for s in winners if s == intent.seat or intent.seat < 0][:1]
        for seat in winners:
            self.emit(_step("ron", seat, from_seat=release[0]))

    def do_exhaust(self, intent: Intent) -> None:
        """Seats pass until the wall is empty, then the exhaustive draw."""
        for _ in range(2 * _LIMIT):
            self.settle()
            drawer = self.drawer()
            if drawer is None or self.state.wall <= 0:
                break
            self.pass_turn(drawer)
        self.settle()
        self.emit(_step("draw_end", -1, end="exhaustive"))

    def do_abort(self, intent: Intent) -> None:
        kind = intent.arg or ABORTIVE[intent.pick % len(ABORTIVE)]
        if kind == "kyuushu_kyuuhai":
            seat = intent.seat if intent.seat >= 0 else self.drawer()
            if seat is None:
                return
            self.advance(seat)
            self.draw(seat, self.junk())
            self.emit(_step("draw_end", seat, end=kind))
            return
        self.emit(_step("draw_end", -1, end=kind))


def _use(kind: int, hand: Sequence[int]) -> int:
    """How much a tile does for a hand: the other tiles of its kind, and of its suit within
    two (the least useful is thrown first)."""
    same = hand.count(kind) - 1
    if kind >= 27:
        return 2 * same
    near = sum(1 for k in hand if k != kind and k // 9 == kind // 9 and abs(k - kind) <= 2)
    return 2 * same + near


def _chosen(kinds: Sequence[int], intent: Intent) -> int | None:
    """The kind the intent means if the moment offers it, else the one its pick chooses."""
    if not kinds:
        return None
    if intent.kind in kinds:
        return intent.kind
    return kinds[intent.pick % len(kinds)]


_JUNK_ORDER = (*range(27, 34), *(k for k in range(27) if k % 9 in (0, 8)),
               *(k for k in range(27) if k % 9 not in (0, 8)))
"""Tiles to throw, the likeliest to be of no use first."""


def _tile(text: str) -> Tile:
    from riichi_rules.tiles import parse_tiles
    return parse_tiles(text)[0]


def _chow_pairs(hand: Sequence[Tile], tile: Tile) -> list[tuple[Tile, Tile]]:
    if tile.kind >= 27:
        return []
    k = tile.kind
    out = []
    for a, b in ((k - 2, k - 1), (k - 1, k + 1), (k + 1, k + 2)):
        if a < 0 or b > 26 or a // 9 != k // 9 or b // 9 != k // 9:
            continue
        ta = next((t for t in hand if t.kind == a), None)
        tb = next((t for t in hand if t.kind == b), None)
        if ta is not None and tb is not None:
            out.append((ta, tb))
    return out


def _step(kind: str, seat: int, *, tile: Tile | None = None, meld: Meld | None = None,
          from_seat: int | None = None, end: str = "", dora: Tile | None = None) -> Step:
    text = f"{kind}: seat {seat}" + (f" {tile}" if tile is not None else "") + (
        f" {end}" if end else "")
    return Step(kind, seat, 0, text, tile=tile, meld=meld, from_seat=from_seat, end=end,
                dora=dora)


def nearest(drives: Sequence[Drive]) -> float:
    return min((d.nearest for d in drives), default=math.inf)
