"""Referee situations in the conformance case format: a deal, a list of events, and what the
referee must say after them.

A case of this kind states a ``deal`` (the table when the events begin) and ``events`` in a
compact YAML form (``- draw: [0, 5m]``, ``- call: {seat: 2, meld: "55=5m", from: 0}`` ...;
conformance/README.md lists them). The loader turns them into a :class:`Deal` and
:class:`Step` s here (each step keeps the line it was written at); :func:`play` then follows
the steps with a :class:`~riichi_rules.referee.hand.HandReferee`, checking first that each
event can physically happen (a discarded tile is held, a ron follows a release...), and
collects what the expectation of a case can state (:func:`observe`).

Long because reading the steps of a case and playing them share the step's form: an event
written in the case format, checked that it can physically happen, then followed by the
referee, and what a case can expect read off the result.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from riichi_rules.conformance.outcomes import outcome_of
from riichi_rules.errors import InputError
from riichi_rules.hand import NORTH, Meld, MeldType, Relative, parse_meld
from riichi_rules.records.events import (
    AddedKan,
    Call,
    ClosedKan,
    Discard,
    Draw,
    DrawnHand,
    Event,
    NewDora,
    Nukidora,
    RecordedWin,
    RiichiAccepted,
    RiichiDeclared,
    WonHand,
)
from riichi_rules.referee.game import GameReferee, HandStart
from riichi_rules.referee.hand import Disagreement, HandReferee
from riichi_rules.referee.state import PLACES
from riichi_rules.scoring.program import ScoringProgram
from riichi_rules.tiles import Tile, Wind, format_tiles, parse_tiles

__all__ = [
    "EVENT_KINDS",
    "IGNORED_AT_END",
    "Deal",
    "Play",
    "Player",
    "Step",
    "StepError",
    "observe",
    "parse_deal",
    "parse_event",
    "play",
    "tile_budget",
]

EVENT_KINDS = (
    "draw", "discard", "turn", "riichi", "accept", "call", "closed_kan", "added_kan",
    "new_dora", "ron", "tsumo", "draw_end", "kita",
)
"""The keys of the compact event forms (``turn`` is a draw and a discard)."""

DRAW_END_KINDS = (
    "exhaustive", "nagashi_mangan", "kyuushu_kyuuhai", "suufon_renda", "suucha_riichi",
    "suukaikan", "sanchahou",
)

IGNORED_AT_END = frozenset({"deltas"})
"""Disagreements the referee raises when a win or a drawn hand differs from the *record*: a
case has no record (its expectation states the score changes, compared directly), so these are
not reported. Its wins are recorded unscored (:data:`_NO_RECORD`), so the referee compares no
score with them; a win that does not score at all is still reported (``score``)."""

_SOURCE = {1: Relative.RIGHT, 2: Relative.ACROSS, 3: Relative.LEFT}  # (from - seat) % 4

WALL = 70
"""The ``wall`` of a deal that does not state one: a fresh hand, whose referee draws from its
ruleset's whole live wall (70 tiles with four players, 55 with three: ``Table.live_wall``); a
deal that states fewer is given mid-hand."""


class StepError(ValueError):
    """An event or deal that cannot be read: ``key`` is the part of it at fault (or None)."""

    def __init__(self, message: str, key: str | int | tuple[str | int, ...] | None = None
                 ) -> None:
        super().__init__(message)
        self.key: tuple[str | int, ...] = (
            () if key is None else key if isinstance(key, tuple) else (key,))


@dataclass(frozen=True, slots=True)
class Deal:
    """The table when the events begin: ``hands`` one for each player (three or four).
    ``wall`` is the live tiles left to draw (:data:`WALL`: a fresh hand); ``discards`` the
    rivers so far (a deal given mid-hand: with a river or a shorter wall, the first go-around
    is over); ``next_draw`` the seat that draws next (None:
    the dealer at the start of a hand; in a deal given mid-hand, the seat of the first event
    when it is a draw); ``rounds`` the rounds the game is played over (2: East and South; 1:
    East only), for the end of the game."""

    hands: tuple[tuple[Tile, ...], ...]
    dora: Tile
    dealer: int = 0
    round_wind: Wind = Wind.E
    honba: int = 0
    sticks: int = 0
    scores: tuple[int, ...] = (25000, 25000, 25000, 25000)
    wall: int = 70
    discards: tuple[tuple[Tile, ...], ...] = ((), (), (), ())
    next_draw: int | None = None
    rounds: int = 2

    @property
    def mid_hand(self) -> bool:
        return self.wall < WALL or any(self.discards)

    def first_drawer(self, steps: Sequence[Step]) -> int:
        """The seat that draws next when the events begin: ``next_draw`` if the deal states
        it; else the dealer, or in a deal given mid-hand the seat of the first event when it
        is a draw (the case begins on that seat's turn)."""
        if self.next_draw is not None:
            return self.next_draw
        if self.mid_hand and steps and steps[0].kind == "draw":
            return steps[0].seat
        return self.dealer


@dataclass(frozen=True, slots=True)
class Step:
    """One event as written in a case (``turn`` is two steps on the same line)."""

    kind: str
    seat: int
    line: int
    text: str
    tile: Tile | None = None
    meld: Meld | None = None
    from_seat: int | None = None
    ura: tuple[Tile, ...] = ()
    end: str = ""
    shown: tuple[int, ...] | None = None
    dora: Tile | None = None  # a kan's new dora indicator, turned where the ruleset turns it


# --------------------------------------------------------------------------- reading


Key = str | int | tuple[str | int, ...] | None


def _tile(text: object, key: Key = None) -> Tile:
    if not isinstance(text, str):
        raise StepError(f"a tile is written like 5m, not {text!r}", key)
    try:
        tiles = parse_tiles(text)
    except InputError as error:
        raise StepError(error.message, key) from None
    if len(tiles) != 1:
        raise StepError(f"one tile, not {text!r}", key)
    return tiles[0]


def _tiles(text: object, key: Key = None) -> tuple[Tile, ...]:
    if isinstance(text, list):
        base = key if isinstance(key, tuple) else () if key is None else (key,)
        return tuple(_tile(t, (*base, i)) for i, t in enumerate(text))
    if not isinstance(text, str):
        raise StepError(f"tiles are written like 123m44z, not {text!r}", key)
    try:
        return tuple(parse_tiles(text))
    except InputError as error:
        raise StepError(error.message, key) from None


def parse_deal(raw: Mapping[str, Any]) -> Deal:
    """A deal from its YAML form (already checked by the schema). Raises :class:`StepError`
    naming the key at fault."""
    hands = []
    for number, text in enumerate(raw["hands"]):
        hand = _tiles(text, ("hands", number))
        if len(hand) != 13:
            raise StepError(f"seat {number} is dealt {len(hand)} tiles, not 13",
                            ("hands", number))
        hands.append(hand)
    discards = tuple(_tiles(t or "", ("discards", number))
                     for number, t in enumerate(raw.get("discards", [""] * len(hands))))
    if len(discards) != len(hands) or len(raw.get("scores", hands)) != len(hands):
        raise StepError(f"{len(hands)} hands dealt: give as many rivers and scores",
                        "discards" if len(discards) != len(hands) else "scores")
    return Deal(
        hands=tuple(hands),
        dora=_tile(raw["dora"], "dora"),
        dealer=int(raw.get("dealer", 0)),
        round_wind=Wind.parse(raw.get("round", "E")),
        honba=int(raw.get("honba", 0)),
        sticks=int(raw.get("sticks", 0)),
        scores=tuple(int(s) for s in raw.get("scores", (25000,) * len(hands))),
        wall=int(raw.get("wall", WALL)),
        discards=discards,
        next_draw=None if raw.get("next_draw") is None else int(raw["next_draw"]),
        rounds=int(raw.get("rounds", 2)),
    )


def _meld(text: object, key: str = "meld") -> Meld:
    if not isinstance(text, str):
        raise StepError(f"a meld is written like '55=5m', not {text!r}", key)
    try:
        return parse_meld(text)
    except InputError as error:
        raise StepError(error.message, key) from None


def parse_event(raw: Mapping[str, Any], line: int) -> list[Step]:
    """The steps of one event in its compact form (already checked by the schema: one key,
    the value of the right shape). Raises :class:`StepError`."""
    [(kind, value)] = raw.items()
    text = _render(kind, value)
    if kind in ("draw", "discard"):
        seat, name = value
        return [Step(kind, seat, line, text, tile=_tile(name, 1))]
    if kind == "turn":
        seat, drawn, *rest = value
        first = _tile(drawn, 1)
        second = _tile(rest[0], 2) if rest else first
        return [Step("draw", seat, line, f"{text} (the draw)", tile=first),
                Step("discard", seat, line, f"{text} (the discard)", tile=second)]
    if kind in ("riichi", "accept", "kita"):
        return [Step(kind, int(value), line, text)]
    if kind == "new_dora":
        return [Step(kind, -1, line, text, tile=_tile(value))]
    seat = int(value.get("seat", -1))
    dora = _tile(value["dora"], "dora") if "dora" in value else None
    if kind == "call":
        meld = _meld(value["meld"])
        origin = int(value["from"])
        if origin == seat:
            raise StepError(f"seat {seat} cannot call its own discard", "from")
        if meld.type not in (MeldType.CHI, MeldType.PON, MeldType.DAIMINKAN):
            raise StepError(f"a call makes a chi, pon or daiminkan, not a {meld.type.value} "
                            "(use closed_kan or added_kan)", "meld")
        want = _SOURCE[(origin - seat) % PLACES]
        if meld.source is not want:
            raise StepError(f"'{value['meld']}' marks the called tile as coming from the "
                            f"{meld.source.value if meld.source else '?'}, but seat {origin} "
                            f"sits on seat {seat}'s {want.value} (mark "
                            f"{_MARK[want]})", "meld")
        if dora is not None and meld.type is not MeldType.DAIMINKAN:
            raise StepError(f"only a kan turns a new dora indicator, not a "
                            f"{meld.type.value}", "dora")
        return [Step(kind, seat, line, text, meld=meld, from_seat=origin, dora=dora)]
    if kind == "closed_kan":
        meld = _meld(value["meld"])
        if meld.type is not MeldType.CLOSED_KAN:
            raise StepError(f"a closed kan is four tiles with no mark, like 1111m, not "
                            f"{value['meld']!r}", "meld")
        return [Step(kind, seat, line, text, meld=meld, dora=dora)]
    if kind == "added_kan":
        meld = _meld(value["meld"])
        if meld.type is not MeldType.ADDED_KAN:
            raise StepError(f"an added kan is written with the mark after the pon's called "
                            f"tile and the added tile last, like 555=5p, not {value['meld']!r}",
                            "meld")
        added = _tile(value["tile"], "tile") if "tile" in value else _added_tile(meld)
        if added.kind != meld.tiles[0].kind:
            raise StepError(f"the added tile {added} does not belong to {value['meld']}",
                            "tile")
        return [Step(kind, seat, line, text, meld=meld, tile=added, dora=dora)]
    if kind == "ron":
        origin = int(value["from"])
        if origin == seat:
            raise StepError("a win on one's own tile is a tsumo", "from")
        return [Step(kind, seat, line, text, from_seat=origin,
                     ura=_tiles(value.get("ura", []), "ura"))]
    if kind == "tsumo":
        return [Step(kind, seat, line, text, ura=_tiles(value.get("ura", []), "ura"))]
    if kind == "draw_end":
        shown = value.get("shown")
        return [Step(kind, seat, line, text, end=str(value["kind"]),
                     shown=None if shown is None else tuple(sorted(int(s) for s in shown)))]
    raise StepError(f"unknown event '{kind}'")  # the schema lets none through


_MARK = {Relative.LEFT: "-", Relative.ACROSS: "=", Relative.RIGHT: "+"}


def _added_tile(meld: Meld) -> Tile:
    rest = list(meld.tiles)
    if meld.called is not None:
        rest.remove(meld.called)
    return rest[-1]


def _render(kind: str, value: object) -> str:
    if isinstance(value, list):
        shown = ", ".join(str(v) for v in value)
        return f"{kind}: [{shown}]"
    if isinstance(value, dict):
        inner = ", ".join(f"{k}: {v}" for k, v in value.items())
        return f"{kind}: {{{inner}}}"
    return f"{kind}: {value}"


def tile_budget(deal: Deal, steps: Sequence[Step]) -> tuple[int | None, str] | None:
    """Whether the deal and the events use more than four tiles of a kind (or two red fives of
    a suit): None, or (the index of the step that goes over, None for the deal; the message)."""
    counts: Counter[int] = Counter()
    reds: Counter[int] = Counter()

    def take(tiles: Sequence[Tile]) -> str:
        for t in tiles:
            counts[t.kind] += 1
            reds[t.kind] += t.red
            if counts[t.kind] > 4:
                return f"a fifth {format_tiles([Tile.of(t.kind)])}"
            if reds[t.kind] > 1:
                return f"a second red {format_tiles([Tile.of(t.kind)])}"
        return ""

    over = take([t for hand in deal.hands for t in hand]
                + [t for river in deal.discards for t in river] + [deal.dora])
    if over:
        return None, f"the deal holds {over} (hands, rivers and the dora indicator)"
    for index, step in enumerate(steps):
        used: list[Tile] = []
        if step.kind in ("draw", "new_dora") and step.tile is not None:
            used.append(step.tile)
        if step.dora is not None:
            used.append(step.dora)
        used.extend(step.ura)
        over = take(used)
        if over:
            return index, f"{step.text} brings {over} to the table"
    return None


# --------------------------------------------------------------------------- playing


@dataclass
class Play:
    """A case's events followed by the referee: ``disagreements[i]`` are those step ``i``
    raised (record-only kinds at wins and draws left out; a kan's new dora indicator, turned
    over by the runner, raises its own at the kan's step); ``error`` a step that cannot happen
    at the table (the case is wrong), with ``error_step`` its index; ``turned[i]`` says where
    the new dora indicator of the kan at step ``i`` was turned over."""

    game: GameReferee
    referee: HandReferee
    steps: tuple[Step, ...]
    disagreements: list[list[Disagreement]] = field(default_factory=list)
    error: str = ""
    error_step: int = -1
    turned: dict[int, str] = field(default_factory=dict)


def play(deal: Deal, steps: Sequence[Step], program: ScoringProgram, name: str = "",
         make_referee: Callable[..., HandReferee] = HandReferee) -> Play:
    """Follow the steps with a referee under ``program`` (made by ``make_referee``: a
    :class:`HandReferee`, or one that also asks other rulesets, see referee/shadow.py)."""
    player = Player(deal, program, deal.first_drawer(steps), name, make_referee)
    for step in steps:
        if not player.step(step):
            break
    return player.finish()


class Player:
    """The steps of a case followed one at a time (what :func:`play` does in one go): a
    search that builds a case event by event (riichi_rules.search.table) follows it so.
    ``first`` is the seat that draws first (:meth:`Deal.first_drawer`)."""

    def __init__(self, deal: Deal, program: ScoringProgram, first: int, name: str = "",
                 make_referee: Callable[..., HandReferee] = HandReferee) -> None:
        game = GameReferee(program, rounds=deal.rounds, make_referee=make_referee,
                           start=HandStart(deal.dealer, deal.round_wind, deal.honba,
                                           deal.sticks, tuple(deal.scores)))
        referee = game.deal(deal.hands, deal.dora, name=name)
        state = referee.state
        if deal.mid_hand:
            state.wall = deal.wall
            state.first_go_around = False
            for seat, river in zip(state.seats, deal.discards, strict=True):
                seat.discards = list(river)
                seat.has_discarded = True
        state.next_draw = first
        if deal.mid_hand:  # the seat before it threw last
            state.turn = (state.next_draw - 1) % state.players
        self.out = Play(game, referee, ())
        self.steps: list[Step] = []
        self.release: tuple[int, Tile] | None = None  # the last tile released (a ron may follow)
        self.waiting: list[int] = []  # the steps of open kans whose indicator waits

    @property
    def referee(self) -> HandReferee:
        return self.out.referee

    def step(self, step: Step) -> bool:
        """Follow one more step; False (and :attr:`Play.error` set) when it cannot happen at
        the table. What it raised is the last of :attr:`Play.disagreements`."""
        out, referee = self.out, self.out.referee
        state = referee.state
        index = len(self.steps)
        self.steps.append(step)
        out.steps = (*out.steps, step)
        if step.kind in _TURNS_OVER and any(self.steps[k].seat == step.seat
                                            for k in self.waiting):
            for kan in [k for k in self.waiting if self.steps[k].seat == step.seat]:
                self.waiting.remove(kan)
                _turn_over(out, kan, f"before line {step.line}: {step.text}")
        try:
            event = _event(referee, step, index, self.release)
        except StepError as error:
            out.error, out.error_step = str(error), index
            return False
        kans = len(state.kan_dora)
        raised = referee.apply(event)
        if isinstance(event, WonHand | DrawnHand):
            raised = [d for d in raised if d.what not in IGNORED_AT_END]
        out.disagreements.append(raised)
        if step.dora is not None and len(state.kan_dora) > kans:
            if state.kan_dora[-1].at_once:
                _turn_over(out, index, "at the kan, before the replacement draw")
            else:
                self.waiting.append(index)
        if isinstance(event, Discard):
            self.release = (event.seat, event.tile)
        elif isinstance(event, ClosedKan):
            self.release = (event.seat, event.meld.tiles[0])
        elif isinstance(event, AddedKan | Nukidora):
            self.release = (event.seat, event.tile)
        elif isinstance(event, Draw | Call):
            self.release = None
        return True

    def finish(self) -> Play:
        """The play so far, the kans whose indicator was never turned over noted."""
        for kan in self.waiting:
            self.out.turned[kan] = (f"new dora indicator {self.steps[kan].dora} not turned "
                                    "over (the kan player did not discard or declare a kan "
                                    "again)")
        return self.out


_TURNS_OVER = ("discard", "closed_kan", "added_kan")
"""The steps before which the kan player's waiting indicator is turned over: its discard after
the replacement draw, or its next kan."""


def _turn_over(out: Play, kan: int, where: str) -> None:
    """Turn over the new dora indicator of the kan at step ``kan``; what it raises goes with
    that step (where the case states the indicator)."""
    step = out.steps[kan]
    assert step.dora is not None
    raised = out.referee.apply(NewDora(step.seat, step.dora, index=kan))
    out.disagreements[kan].extend(raised)
    out.turned[kan] = f"new dora indicator {step.dora} turned over {where}"


_NO_RECORD = RecordedWin(han=None, fu=None, points=None, limit=0, yaku=(), yakuman=(),
                         deltas=(0, 0, 0, 0), pao=None, honba=0, sticks=0)
"""A case's win as a record without its score (:attr:`RecordedWin.scored` False): the
expectation states the score instead."""


def _event(referee: HandReferee, step: Step, index: int,
           release: tuple[int, Tile] | None) -> Event:
    """The referee event of a step, after checking that it can happen at the table."""
    state = referee.state
    seat = state.seats[step.seat] if 0 <= step.seat < state.players else None
    if step.kind == "new_dora":
        assert step.tile is not None
        last = state.kans[-1] if state.kans else state.turn
        return NewDora(last, step.tile, index=index)
    if step.kind == "draw_end":
        return _drawn_hand(referee, step, index)
    if seat is None:
        raise StepError(f"no seat {step.seat}")
    size = len(seat.hand) + 3 * len(seat.melds)
    if step.kind == "draw":
        assert step.tile is not None
        if size != 13:
            raise StepError(f"seat {step.seat} holds {size} tiles (kans as 3): it must discard "
                            "before drawing again")
        if state.wall <= 0:
            raise StepError("the live wall is empty: no tile to draw")
        return Draw(step.seat, step.tile, index=index)
    if step.kind == "discard":
        assert step.tile is not None
        if size != 14:
            raise StepError(f"seat {step.seat} holds {size} tiles (kans as 3): it discards "
                            "after a draw or a call")
        if step.tile not in seat.hand:
            raise StepError(f"seat {step.seat} does not hold {step.tile} (its hand: "
                            f"{format_tiles(sorted(seat.hand))})")
        return Discard(step.seat, step.tile, seat.drawn is not None and seat.drawn == step.tile,
                       index=index)
    if step.kind == "riichi":
        return RiichiDeclared(step.seat, index=index)
    if step.kind == "accept":
        if not seat.riichi:
            raise StepError(f"seat {step.seat} has not declared riichi")
        return RiichiAccepted(step.seat, index=index)
    if step.kind == "call":
        assert step.meld is not None and step.from_seat is not None
        if release is None or release[0] != step.from_seat:
            raise StepError(f"seat {step.from_seat} has just released no tile to call")
        if release[1] != step.meld.called:
            raise StepError(f"seat {step.from_seat} released {release[1]}, not "
                            f"{step.meld.called}")
        _holds(seat.hand, _without(step.meld.tiles, step.meld.called), step.seat)
        return Call(step.seat, step.meld, step.from_seat, index=index)
    if step.kind == "closed_kan":
        assert step.meld is not None
        if size != 14:
            raise StepError(f"seat {step.seat} declares a kan on its own turn, after a draw")
        _holds(seat.hand, step.meld.tiles, step.seat)
        return ClosedKan(step.seat, step.meld, index=index)
    if step.kind == "added_kan":
        assert step.meld is not None and step.tile is not None
        if size != 14:
            raise StepError(f"seat {step.seat} declares a kan on its own turn, after a draw")
        kind = step.tile.kind
        pon = [m for m in seat.melds if m.type is MeldType.PON and m.tiles[0].kind == kind]
        if not pon:
            raise StepError(f"seat {step.seat} has no pon of {Tile.of(kind)} to add to")
        if sorted(pon[0].tiles) != sorted(_without(step.meld.tiles, step.tile)):
            raise StepError(f"the pon is {format_tiles(pon[0].tiles)}; the kan must be it and "
                            f"{step.tile}")
        _holds(seat.hand, (step.tile,), step.seat)
        return AddedKan(step.seat, step.meld, step.tile, index=index)
    if step.kind == "ron":
        assert step.from_seat is not None
        if release is None or release[0] != step.from_seat:
            raise StepError(f"seat {step.from_seat} has just released no tile to win on")
        tile = release[1]
        hand = tuple(sorted((*seat.hand, tile)))
        return WonHand(step.seat, step.from_seat, hand, tile, tuple(seat.melds), tuple(state.dora),
                   step.ura, _NO_RECORD, seat.kita, index=index)
    if step.kind == "tsumo":
        if seat.drawn is None:
            raise StepError(f"seat {step.seat} has not just drawn a tile")
        return WonHand(step.seat, step.seat, tuple(sorted(seat.hand)), seat.drawn,
                   tuple(seat.melds), tuple(state.dora), step.ura, _NO_RECORD, seat.kita,
                   index=index)
    if step.kind == "kita":
        if size != 14:
            raise StepError(f"seat {step.seat} sets a North aside on its own turn, after a draw")
        north = next((t for t in seat.hand if t.kind == NORTH), None)
        if north is None:
            raise StepError(f"seat {step.seat} holds no North (4z) to set aside (its hand: "
                            f"{format_tiles(sorted(seat.hand))})")
        return Nukidora(step.seat, north, index=index)
    raise StepError(f"unknown event '{step.kind}'")


def _without(tiles: Sequence[Tile], tile: Tile | None) -> list[Tile]:
    rest = list(tiles)
    if tile is not None and tile in rest:
        rest.remove(tile)
    return rest


def _holds(hand: Sequence[Tile], tiles: Sequence[Tile], seat: int) -> None:
    left = list(hand)
    for t in tiles:
        if t not in left:
            raise StepError(f"seat {seat} does not hold {format_tiles(tiles)} (its hand: "
                            f"{format_tiles(sorted(hand))})")
        left.remove(t)


def _drawn_hand(referee: HandReferee, step: Step, index: int) -> DrawnHand:
    state = referee.state
    seat = step.seat if step.seat >= 0 else state.turn
    shown: tuple[int, ...] = ()
    if step.end in ("exhaustive", "nagashi_mangan"):
        if step.shown is not None:
            shown = step.shown
        else:  # every player in tenpai shows it (as the table rule says it is tenpai)
            rule = referee.ask.table.named("draw", "tenpai")
            if rule is not None and rule.when is not None:
                shown = tuple(s.seat for s in state.seats
                              if rule.when(referee.ask.env(state, s)))
    revealed = {s: tuple(sorted(state.seats[s].hand)) for s in shown}
    return DrawnHand(seat, step.end, shown, revealed, (0,) * state.players, index=index)


# --------------------------------------------------------------------------- observing


def observe(result: Play) -> dict[str, Any]:
    """What a case's expectation can state, as the referee has it after the events."""
    referee = result.referee
    state = referee.state
    last = result.disagreements[-1] if result.disagreements else []
    out: dict[str, Any] = {
        "legal": not last,
        "illegal": [d.what for d in last],
        "furiten": {s: sorted(referee.furiten(s)) for s in range(state.players)},
        "claims": {s: [] for s in range(state.players)},
        "wins": {w.seat: outcome_of(w.result) for w in referee.wins},
        "deltas": list(referee.deltas),
        "tenpai": sorted(referee.tenpai),
        "sticks": state.sticks,
    }
    if state.last_release is not None and not state.ended:
        for s, claims in referee.claims().items():
            out["claims"][s] = sorted(claims)
    end = result.game.end_hand()
    if end is not None:
        out["next"] = {"dealer_keeps": end.dealer_keeps, "honba_added": end.honba_added}
        out["game_over"] = end.game_over
        out["final_scores"] = result.game.final_scores()
        out["final_points"] = result.game.final_points()
    return out
