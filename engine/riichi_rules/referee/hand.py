"""A hand, event by event: the referee keeps the table's state, asks the ruleset's table
rules whether each action is legal (the questions: questions.py; what cannot happen at the
table at all: mechanics.py), scores each win with the scorer, settles the hand (what moves
between the seats: settlement.py), and reports every point where a record disagrees with the
rules.

Usable live (a game server calls :meth:`HandReferee.apply` with each action, and asks
:meth:`HandReferee.furiten`, :meth:`HandReferee.ron_allowed` or :meth:`HandReferee.claims`)
or to check a record (see replay.py).

Long because it writes the hand's state as the hand goes on: every event's dispatch, and the
questions asked while the hand goes on (turn options, claims, furiten, a win's situation),
read and write that state in one place.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Any

from riichi_rules.errors import InputError, RuleFault
from riichi_rules.hand import Meld, MeldType
from riichi_rules.hand import Win as ScoringWin
from riichi_rules.native import pickled_by_fields
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
    RiichiAccepted,
    RiichiDeclared,
    WonHand,
)
from riichi_rules.referee.mechanics import ACT, DRAW, OVER, RINSHAN, Mechanics, Problem
from riichi_rules.referee.questions import Questions, chow_possible, waits
from riichi_rules.referee.settlement import Settlement
from riichi_rules.referee.state import HandState, SeatState, group_of
from riichi_rules.referee.wins import score_problems, situation_flags
from riichi_rules.scoring.program import ScoringProgram
from riichi_rules.scoring.result import Result
from riichi_rules.scoring.scorer import score
from riichi_rules.tiles import Tile, Wind

TURN_OPTIONS = ("tsumo", "riichi", "closed_kan", "added_kan", "kyuushu_kyuuhai", "discard")
"""The kinds of option :meth:`HandReferee.turn_options` lists."""


@dataclass(frozen=True, slots=True)
class Disagreement:
    """A point where the record and the rules part: ``what`` is a short kind (illegal_call,
    furiten_ron, score, deltas, tenpai, ...; turn, tiles and dora_timing for events that cannot
    happen at the table, see mechanics.py), ``message`` says it in words."""

    hand: str
    event: int
    what: str
    message: str

    def to_json(self) -> dict[str, object]:
        return {"hand": self.hand, "event": self.event, "what": self.what,
                "message": self.message}


@dataclass(frozen=True, slots=True)
class WinOutcome:
    """A win as the referee scored and settled it."""

    seat: int
    result: Result
    deltas: tuple[int, ...]


class HandReferee:
    """Follows one hand. ``scores`` are the points at the start; ``hands`` the dealt tiles, one
    hand for each of the ruleset's players (``rule.players``)."""

    def __init__(
        self,
        program: ScoringProgram,
        *,
        dealer: int,
        round_wind: Wind,
        honba: int,
        sticks: int,
        scores: Sequence[int],
        hands: Sequence[Sequence[Tile]],
        dora_indicator: Tile,
        name: str = "",
        scorer: Callable[[ScoringWin, ScoringProgram], Result] = score,
    ) -> None:
        self.program = program
        self.scorer = scorer  # every question about a win's score: the scorer, or a stand-in
        self.ask = Questions(program)
        self.name = name
        table = program.table_setup
        players = table.players
        if len(hands) != players or len(scores) != players:
            raise InputError("players", f"{len(hands)} hands and {len(scores)} scores dealt at "
                             f"a table of "
                             f"{players} players ({program.config.id}: rule.players)")
        self.state = HandState(
            dealer=dealer, round_wind=round_wind, honba=honba, sticks=sticks,
            seats=[SeatState(s, scores[s], list(hands[s])) for s in range(players)],
            dora=[dora_indicator], wall=table.live_wall, turn=dealer, next_draw=dealer,
        )
        self.deltas = [0] * players
        self.wins: list[WinOutcome] = []
        # each win followed, as the scorer sees it, whether it scores under this ruleset or not
        self.situations: list[tuple[WonHand, ScoringWin]] = []
        self.disagreements: list[Disagreement] = []
        self._event = -1
        self.mechanics = Mechanics(self.state, self.ask)
        self.settlement = Settlement(self.state, self.ask)
        dealt = [t for hand in hands for t in hand] + [dora_indicator]
        for what, message in self.mechanics.show(dealt, "the deal"):
            self._disagree(what, message)
        self._see(dealt)
        self._ron_release: tuple[int, Tile, str] | None = None  # the release being won on
        # the last win scored to see whether it has a yaku, and its result: a ron is scored
        # once when the win then claimed is the same (see _scored)
        self._checked: tuple[ScoringWin, Result] | None = None
        self.tenpai: tuple[int, ...] = ()  # the seats tenpai at an exhaustive draw
        self.ending = ""  # "win", "exhaustive" or "abortive" once the hand is over

    # ---- asking ----------------------------------------------------------------------------
    def furiten(self, seat: int) -> list[str]:
        """The furiten rules that hold for ``seat`` now (empty: not furiten)."""
        return [r.name for r in self.ask.furiten(self.state, self.state.seats[seat])]

    def ron_allowed(self, seat: int) -> bool:
        """Whether ``seat`` may win on the tile just released (a discard or a kan)."""
        release = self.state.last_release
        if release is None or release[0] == seat:
            return False
        releaser, tile, on = release
        s = self.state.seats[seat]
        env = self.ask.claim_env(self.state, s, tile, releaser, on,
                                 self._has_yaku(s, tile, releaser, on))
        return self.ask.allowed("claim", "ron", env)

    def claims(self) -> dict[int, list[str]]:
        """The claims each seat may make on the tile just released (ron, pon, daiminkan,
        chi), by the table rules; physical possibility (holding the tiles) included."""
        out: dict[int, list[str]] = {}
        release = self.state.last_release
        if release is None:
            return out
        releaser, tile, on = release
        for s in self.state.seats:
            if s.seat == releaser:
                continue
            found = []
            if self.ron_allowed(s.seat):
                found.append("ron")
            env = self.ask.claim_env(self.state, s, tile, releaser, on, False)
            same = sum(1 for t in s.hand if t.kind == tile.kind)
            if same >= 2 and self.ask.allowed("claim", "pon", env):
                found.append("pon")
            if same >= 3 and self.ask.allowed("claim", "daiminkan", env):
                found.append("daiminkan")
            if chow_possible(s.hand, tile) and self.ask.allowed("claim", "chi", env):
                found.append("chi")
            if found:
                out[s.seat] = found
        return out

    def turn_options(self, kinds: Collection[str] = TURN_OPTIONS,
                     tiles: Collection[Tile] | None = None) -> list[str]:
        """What the seat whose turn it is may do now, by the table rules: ``tsumo``,
        ``riichi TILE`` (declare, discarding TILE), ``closed_kan TILE``, ``added_kan TILE``,
        ``kyuushu_kyuuhai``, and ``discard TILE``; only the ``kinds`` of options asked for
        (all of them by default), and of those that name a tile, only ``tiles`` (all)."""
        state = self.state
        seat = state.seats[state.turn]
        if len(seat.hand) % 3 != 2:  # not this seat's moment to act: it has not drawn
            return []
        out: list[str] = []
        drawn = seat.drawn
        if drawn is not None and "tsumo" in kinds:
            try:
                self.score(self._scoring_win(seat, drawn, True, "discard"))
                out.append("tsumo")
            except RuleFault:
                raise  # the rule's fault, not a hand that does not win: never taken as "no"
            except InputError:
                pass
        distinct = sorted(set(seat.hand) if tiles is None else set(seat.hand) & set(tiles),
                          key=lambda t: (t.kind, t.red))
        if not seat.riichi and "riichi" in kinds:
            for tile in distinct:
                rest = list(seat.hand)
                rest.remove(tile)
                env = self.ask.env(state, seat, rest)
                if self.ask.allowed("riichi_rule", "declare", env):
                    out.append(f"riichi {tile}")
        for tile in distinct if "closed_kan" in kinds else ():
            if sum(1 for t in seat.hand if t.kind == tile.kind) == 4 and not tile.red:
                kan = Meld(MeldType.CLOSED_KAN, tuple(t for t in seat.hand if t.kind == tile.kind),
                           None, None)
                env = self.ask.closed_kan_env(state, seat, kan)[0]
                if self.ask.allowed("kan_rule", "closed_kan", env):
                    out.append(f"closed_kan {tile}")
        for meld in seat.melds if "added_kan" in kinds else ():
            if meld.type is MeldType.PON:
                extra = next((t for t in seat.hand if t.kind == meld.tiles[0].kind), None)
                if extra is not None and (tiles is None or extra in tiles) and self.ask.allowed(
                        "kan_rule", "added_kan", self.ask.added_kan_env(state, seat, extra)):
                    out.append(f"added_kan {extra}")
        if "kyuushu_kyuuhai" in kinds and self.ask.allowed("draw", "kyuushu_kyuuhai",
                                                            self.ask.env(state, seat)):
            out.append("kyuushu_kyuuhai")
        for tile in distinct if "discard" in kinds else ():
            env = self.ask.discard_env(state, seat, tile, drawn is not None and drawn == tile)
            if not self.ask.forbidding("discard", env):
                out.append(f"discard {tile}")
        return out

    def score(self, win: ScoringWin) -> Result:
        """The scorer's result for a win under this referee's ruleset (raises InputError):
        every question about a win's score goes through here (to ``scorer``)."""
        return self.scorer(win, self.program)

    # ---- following events ------------------------------------------------------------------
    def apply(self, event: Event) -> list[Disagreement]:
        """Follow one event; returns the disagreements it raised (also kept in
        :attr:`disagreements`)."""
        before = len(self.disagreements)
        self._event = event.index
        refused = self.mechanics.refusal(event)
        if refused is not None:
            self._disagree(*refused)
            return self.disagreements[before:]
        check, follow = _STEPS[type(event)]
        for what, message in check(self.mechanics, event):
            self._disagree(what, message)
        for kan, (what, message) in self.mechanics.deadlines(event):
            kan.late = True
            self._disagree(what, message)
        follow(self, event)
        return self.disagreements[before:]

    def _see(self, tiles: Sequence[Tile]) -> None:
        """Count tiles that come into view (see :meth:`Mechanics.show`)."""
        state = self.state
        for tile in tiles:
            state.seen[tile.kind] += 1
            state.seen_red[tile.kind] += tile.red

    def _disagree(self, what: str, message: str) -> None:
        self.disagreements.append(Disagreement(self.name, self._event, what, message))

    def _pass_release(self, except_seats: Sequence[int] = ()) -> None:
        """The released tile was not won on: every other seat let it pass (a concealed kan
        only passes the seats that could have robbed it)."""
        release = self.state.last_release
        if release is None:
            return
        releaser, tile, on = release
        for s in self.state.seats:
            if s.seat == releaser or s.seat in except_seats:
                continue
            if on == "closed_kan":
                env = self.ask.claim_env(self.state, s, tile, releaser, on, True)
                env.furiten = False
                if not self.ask.allowed("claim", "ron", env):
                    continue
            s.passed_since_turn.append(tile)
            s.passed_since_discard.append(tile)
            if s.riichi and not s.riichi_pending:
                s.passed_since_riichi.append(tile)
        self.state.last_release = None

    def _draw(self, event: Draw) -> None:
        state = self.state
        self._pass_release()
        seat = state.seats[event.seat]
        if seat.has_discarded:
            state.first_go_around = False
        seat.passed_since_turn.clear()
        seat.give(event.tile)
        seat.drawn = event.tile
        seat.call = None  # after a daiminkan's replacement draw the turn goes on as after a draw
        seat.called = None
        seat.rinshan = state.phase == RINSHAN
        if seat.rinshan and state.interrupting:  # the kan (or kita) stands: nobody robbed it
            for other in state.seats:
                other.ippatsu = False
        state.wall -= 1
        self._see([event.tile])
        state.turn, state.phase = event.seat, ACT
        for kan in state.kan_dora:
            if kan.stage == "declared":
                kan.stage = "drawn"

    def _riichideclared(self, event: RiichiDeclared) -> None:
        seat = self.state.seats[event.seat]
        seat.riichi = True
        seat.riichi_pending = True
        seat.declaring = True
        seat.riichi_first_turn = self.state.first_go_around and not seat.has_discarded

    def _discard(self, event: Discard) -> None:
        state = self.state
        seat = state.seats[event.seat]
        tile = event.tile
        env = self.ask.discard_env(state, seat, tile, seat.drawn is not None and seat.drawn == tile
                                and event.tsumogiri is not False)
        declaring = seat.declaring
        if declaring:
            env.riichi = False  # the declaring discard itself is free
        for rule in self.ask.forbidding("discard", env):
            self._disagree("illegal_discard",
                           f"seat {event.seat} discards {tile}: forbidden by {rule.name} "
                           f"({rule.origin})")
        held = seat.holds(tile)
        hand_after = seat.without(tile)
        if declaring:
            renv = self.ask.env(state, seat, hand_after)
            renv.riichi = False
            if not self.ask.allowed("riichi_rule", "declare", renv):
                self._disagree("illegal_riichi",
                               f"seat {event.seat} declares riichi discarding {tile}, which the "
                               f"riichi rule does not allow (waits: "
                               f"{' '.join(map(str, renv.waits)) or 'none'}, wall {renv.wall}, "
                               f"points {renv.points})")
            seat.ippatsu = True
            seat.declaring = False
        elif seat.ippatsu:
            seat.ippatsu = False
        seat.keep(hand_after, tile if held else None)
        seat.discards.append(tile)
        seat.has_discarded = True
        seat.passed_since_discard.clear()
        seat.drawn = None
        seat.call = None
        seat.called = None
        seat.rinshan = False
        if state.first_go_around:
            state.first_discards.append(tile)
        state.last_release = (event.seat, tile, "discard")
        state.turn, state.phase, state.next_draw = (event.seat, DRAW,
                                                    (event.seat + 1) % state.players)
        for kan in state.kan_dora:
            if kan.stage == "drawn" and kan.seat == event.seat:
                kan.stage = "discarded"

    def _riichiaccepted(self, event: RiichiAccepted) -> None:
        seat = self.state.seats[event.seat]
        stick = self.settlement.riichi_stick(seat)  # a negative gain: the stick put down
        seat.points += stick
        self.deltas[event.seat] += stick
        self.state.sticks += 1
        seat.riichi_pending = False
        seat.passed_since_riichi.clear()

    def _call(self, event: Call) -> None:
        state = self.state
        release = state.last_release
        caller = state.seats[event.seat]
        meld = event.meld
        called = meld.called
        if release is None or release[0] != event.from_seat or called is None or (
                release[1].kind != called.kind):
            self._disagree("illegal_call", f"seat {event.seat} calls {called} from seat "
                           f"{event.from_seat}, which did not just discard it")
        else:
            env = self.ask.claim_env(state, caller, release[1], release[0], release[2], False)
            name = {MeldType.CHI: "chi", MeldType.PON: "pon",
                    MeldType.DAIMINKAN: "daiminkan"}.get(meld.type, "")
            if not self.ask.allowed("claim", name, env):
                self._disagree("illegal_call",
                               f"seat {event.seat} claims {name} on {called} from seat "
                               f"{event.from_seat}: not allowed by the claim rules")
        self._pass_release(except_seats=(event.seat,))
        caller.passed_since_turn.clear()  # a call starts the caller's turn
        rest = list(meld.tiles)
        if called is not None and called in rest:
            rest.remove(called)
        for tile in rest:
            if caller.holds(tile):
                caller.remove(tile)
            else:
                self._disagree("illegal_call", f"seat {event.seat} melds {tile}, which it does "
                               "not hold")
        caller.melds.append(meld)
        state.seats[event.from_seat].discards_called = True
        state.first_go_around = False
        for s in state.seats:
            s.ippatsu = False
        caller.call = meld
        caller.called = called
        caller.drawn = None
        if meld.type is MeldType.DAIMINKAN:
            state.kans.append(event.seat)
        self._check_pao(caller, meld, event.from_seat, "discard")
        state.turn = event.seat
        state.phase = ACT
        if meld.type is MeldType.DAIMINKAN:
            state.phase = RINSHAN
            state.kan_dora.append(self.mechanics.kan_dora(event.seat, "discard"))

    def _check_pao(self, seat: SeatState, meld: Meld, liable: int, on: str) -> None:
        env = self.ask.env(self.state, seat)
        env.call = group_of(meld)
        env.on = on
        for rule in self.ask.holding("pao", env):
            seat.liable[rule.name] = liable

    def _closedkan(self, event: ClosedKan) -> None:
        state = self.state
        seat = state.seats[event.seat]
        meld = event.meld
        tile = meld.tiles[0]
        env, after = self.ask.closed_kan_env(state, seat, meld)
        if not self.ask.allowed("kan_rule", "closed_kan", env):
            self._disagree("illegal_kan", f"seat {event.seat} declares a concealed kan of "
                           f"{tile}, which the kan rules do not allow here")
        seat.hand = after  # counted anew when next asked
        seat.melds.append(meld)
        state.kans.append(event.seat)
        state.first_go_around = False
        seat.drawn = None
        state.last_release = (event.seat, tile, "closed_kan")
        self._kan(event.seat, "closed_kan")

    def _addedkan(self, event: AddedKan) -> None:
        state = self.state
        seat = state.seats[event.seat]
        env = self.ask.added_kan_env(state, seat, event.tile)
        if not self.ask.allowed("kan_rule", "added_kan", env):
            self._disagree("illegal_kan", f"seat {event.seat} adds {event.tile} to a pung, "
                           "which the kan rules do not allow here")
        if seat.holds(event.tile):
            seat.remove(event.tile)
        kind = event.tile.kind
        for i, meld in enumerate(seat.melds):
            if meld.type is MeldType.PON and meld.tiles[0].kind == kind:
                seat.melds[i] = event.meld
                break
        seat.added_kan_tiles.append(event.tile)
        state.kans.append(event.seat)
        state.first_go_around = False
        seat.drawn = None
        state.last_release = (event.seat, event.tile, "added_kan")
        self._check_pao(seat, event.meld, event.seat, "added_kan")
        self._kan(event.seat, "added_kan")

    def _kan(self, seat: int, on: str) -> None:
        """A kan's turn goes on with its replacement draw, and it waits for its indicator."""
        state = self.state
        state.turn, state.phase = seat, RINSHAN
        state.interrupting = True
        state.kan_dora.append(self.mechanics.kan_dora(seat, on))

    def _nukidora(self, event: Nukidora) -> None:
        """A North set aside (kita): as the ``kan_rule`` rules ``kita`` (may the seat?) and
        ``kita_interrupts`` (does it end the first go-around and, once its replacement tile is
        drawn, ippatsu?) say. Others may win on the North (the claim rule ron, ``on is
        kita``); else the seat draws its replacement tile, and the North counts for its win
        (``kita``)."""
        state = self.state
        seat = state.seats[event.seat]
        env = self.ask.env(state, seat)
        env.tile = event.tile
        env.on = "kita"
        env.after_call = seat.call is not None
        env.drawn = seat.drawn is not None and seat.drawn == event.tile
        rule = self.ask.table.named("kan_rule", "kita")
        if not self.ask.allowed("kan_rule", "kita", env):
            why = (f"forbidden by the kan rule kita ({rule.origin})" if rule is not None
                   else f"{self.program.config.id} has no kan rule kita (it plays no kita)")
            self._disagree("illegal_kita", f"seat {event.seat} sets {event.tile} aside: {why}")
        interrupting = self.ask.table.named("kan_rule", "kita_interrupts")
        interrupts = bool(interrupting is not None and interrupting.when is not None
                          and interrupting.when(env))
        if seat.holds(event.tile):
            seat.remove(event.tile)
        seat.kita += 1
        seat.drawn = None
        if interrupts:
            state.first_go_around = False
        state.interrupting = interrupts
        state.last_release = (event.seat, event.tile, "kita")
        state.turn, state.phase = event.seat, RINSHAN

    def _newdora(self, event: NewDora) -> None:
        state = self.state
        self._see([event.indicator])
        kan = next((k for k in state.kan_dora if k.indicator is None), None)
        if kan is not None:
            kan.indicator = event.indicator
        state.dora.append(event.indicator)

    # ---- wins ------------------------------------------------------------------------------
    def _scoring_win(
        self, seat: SeatState, tile: Tile, tsumo: bool, on: str, ura: Sequence[Tile] = (),
        sticks: int | None = None,
    ) -> ScoringWin:
        state = self.state
        concealed = tuple(seat.hand) if tsumo else (*seat.hand, tile)
        flags = situation_flags(self.ask, state, seat, tsumo, on)
        return ScoringWin(
            concealed=concealed, win_tile=tile, melds=tuple(seat.melds),
            seat=seat.wind(state.dealer, state.players), round=state.round_wind,
            dora=self.mechanics.visible_dora(on), ura=tuple(ura) if seat.riichi else (),
            honba=state.honba, sticks=state.sticks if sticks is None else sticks,
            kita=seat.kita, **flags,
        )

    def _has_yaku(self, seat: SeatState, tile: Tile, releaser: int, on: str) -> bool:
        if not any(w.kind == tile.kind for w in waits(seat.hand, seat.melds)):
            return False
        try:
            win = self._scoring_win(seat, tile, False, on)
            result = self.score(win)
        except RuleFault:
            raise  # the rule's fault, not a hand without a yaku
        except InputError:
            return False
        self._checked = (win, result)
        return True

    def _scored(self, win: ScoringWin) -> Result:
        """The score of a win won: the result of the same win checked for its yaku just
        before (a ron without ura dora, on the first winner's sticks) when the scorer is the
        plain one, a function of the win alone; else scored (a stand-in scorer, such as the
        shadow's, sees every question)."""
        checked = self._checked
        self._checked = None
        if checked is not None and self.scorer is score and checked[0] == win:
            return checked[1]
        return self.score(win)

    def _win(self, event: WonHand) -> None:
        state = self.state
        if event.ura and not state.ura_counted:
            state.ura_counted = True
            self._see(event.ura)
        self._score_win(event)
        state.phase = OVER
        state.ron_from = None if event.tsumo else event.from_seat

    def _score_win(self, event: WonHand) -> None:
        state = self.state
        seat = state.seats[event.seat]
        tsumo = event.from_seat == event.seat
        on = "discard"
        if not tsumo:
            release = self._ron_release or state.last_release
            if release is None or release[0] != event.from_seat:
                self._disagree("illegal_ron", f"seat {event.seat} wins on seat "
                               f"{event.from_seat}, which released no tile")
                return
            on = release[2]
            self._ron_release = release
            if not self.ron_allowed(event.seat):
                reasons = self.furiten(event.seat)
                why = f"furiten ({', '.join(reasons)})" if reasons else "the claim rules"
                self._disagree("furiten_ron" if reasons else "illegal_ron",
                               f"seat {event.seat} wins on {event.win_tile} from seat "
                               f"{event.from_seat}, which {why} do not allow")
            winners = [w.seat for w in self.wins]
            up_to = self.ask.table.named("claim", "ron")
            if up_to is not None and up_to.up_to is not None:
                limit = int(up_to.up_to(self.ask.env(state, seat)))
                if len(winners) + 1 > limit:
                    self._disagree("illegal_ron", f"seat {event.seat} is winner "
                                   f"{len(winners) + 1} on one tile; the ruleset allows "
                                   f"{limit}")
        first_winner = not self.wins
        try:
            win = self._scoring_win(seat, event.win_tile, tsumo, on, event.ura,
                                    sticks=state.sticks if first_winner else 0)
            self.situations.append((event, win))
            result = self._scored(win)
        except InputError as error:
            self._disagree("score", f"seat {event.seat}'s win does not score: {error.message}")
            return
        problems = score_problems(event.recorded, result)
        if problems:
            self._disagree("score", f"seat {event.seat}'s win: the record has "
                           + "; ".join(problems))
        done = {w.seat for w in self.wins} | {seat.seat, event.from_seat}
        claimants = (0 if tsumo else sum(  # other players in riichi who may still win on it
            1 for s in state.seats if s.seat not in done and s.riichi
            and not s.riichi_pending and self.ron_allowed(s.seat)))
        deltas, taken = self.settlement.win(seat, event, result, first_winner, claimants)
        state.sticks -= taken
        self.wins.append(WinOutcome(event.seat, result, tuple(deltas)))
        for number, d in enumerate(deltas):
            self.deltas[number] += d
            state.seats[number].points += d
        if tuple(deltas) != event.recorded.deltas:
            self._disagree("deltas", f"seat {event.seat}'s win: score changes "
                           f"{list(deltas)}, the record has {list(event.recorded.deltas)}")
        state.ended = True
        self.ending = "win"

    # ---- draws -----------------------------------------------------------------------------
    def _drawnhand(self, event: DrawnHand) -> None:
        self._end_by_draw(event)
        self.state.phase = OVER

    def _end_by_draw(self, event: DrawnHand) -> None:
        state = self.state
        if event.kind in ("exhaustive", "nagashi_mangan"):
            self._exhaustive(event)
            return
        if event.kind == "kyuushu_kyuuhai":
            seat = state.seats[event.seat]
            if not self.ask.allowed("draw", "kyuushu_kyuuhai", self.ask.env(state, seat)):
                self._disagree("illegal_draw", f"seat {event.seat} declares nine terminals, "
                               "which the draw rules do not allow")
        else:
            seat = state.seats[event.seat]
            env = self.ask.env(state, seat)
            release = state.last_release
            if event.kind == "sanchahou" and release is not None:
                env.ron_claims = sum(
                    1 for s in state.seats if s.seat != release[0] and self.ron_allowed(s.seat))
            rule = self.ask.table.named("draw", event.kind)
            if rule is None or rule.when is None or not rule.when(env):
                self._disagree("illegal_draw", f"abortive draw '{event.kind}', which the "
                               "draw rules do not call for here")
        if any(event.deltas):
            self._disagree("deltas", f"abortive draw with score changes {list(event.deltas)}")
        state.ended = True
        self.ending = "abortive"

    def _exhaustive(self, event: DrawnHand) -> None:
        state = self.state
        self._pass_release()
        if state.wall > 0:
            self._disagree("illegal_draw", f"an exhaustive draw with {state.wall} tiles still "
                           "in the wall")
        tenpai_rule = self.ask.table.named("draw", "tenpai")
        tenpai = []
        for s in state.seats:
            env = self.ask.env(state, s)
            if tenpai_rule is not None and tenpai_rule.when is not None and tenpai_rule.when(env):
                tenpai.append(s.seat)
        # the record only reveals the hands of players who show tenpai; a player may also
        # hide a tenpai hand (not show it), which counts as noten
        shown = set(event.tenpai)
        for number in sorted(shown - set(tenpai)):
            self._disagree("tenpai", f"seat {number} shows tenpai at the draw; the tenpai rule "
                           "says the hand is not tenpai")
        if event.tenpai or event.kind != "nagashi_mangan":
            tenpai = [number for number in tenpai if number in shown]
        deltas = self.settlement.exhaustive(tenpai)
        for number, d in enumerate(deltas):
            self.deltas[number] += d
            state.seats[number].points += d
        if tuple(deltas) != tuple(event.deltas):
            self._disagree("deltas", f"draw ({event.kind}): score changes {deltas}, the record "
                           f"has {list(event.deltas)}")
        self.tenpai = tuple(tenpai)
        state.ended = True
        self.ending = "exhaustive"


pickled_by_fields(Disagreement, WinOutcome)


_STEPS: dict[type, tuple[Callable[[Mechanics, Any], list[Problem]],
                         Callable[[HandReferee, Any], None]]] = {
    Draw: (Mechanics.check_draw, HandReferee._draw),
    Discard: (Mechanics.check_discard, HandReferee._discard),
    RiichiDeclared: (Mechanics.check_riichideclared, HandReferee._riichideclared),
    RiichiAccepted: (Mechanics.check_riichiaccepted, HandReferee._riichiaccepted),
    Call: (Mechanics.check_call, HandReferee._call),
    ClosedKan: (Mechanics.check_closedkan, HandReferee._closedkan),
    AddedKan: (Mechanics.check_addedkan, HandReferee._addedkan),
    NewDora: (Mechanics.check_newdora, HandReferee._newdora),
    WonHand: (Mechanics.check_win, HandReferee._win),
    DrawnHand: (Mechanics.check_drawnhand, HandReferee._drawnhand),
    Nukidora: (Mechanics.check_nukidora, HandReferee._nukidora),
}
"""Each kind of event: what can happen at the table (mechanics.py), and following it (the
functions, shared by every referee: bound methods were made anew for every hand)."""
