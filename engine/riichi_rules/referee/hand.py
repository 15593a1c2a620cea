"""A hand, event by event: the referee keeps the table's state, asks the ruleset's table
rules whether each action is legal, scores each win with the scorer, settles the hand, and
reports every point where a record disagrees with the rules.

Usable live (a game server calls :meth:`HandReferee.apply` with each action, and asks
:meth:`HandReferee.furiten`, :meth:`HandReferee.ron_allowed` or :meth:`HandReferee.claims`)
or to check a record (see replay.py)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from riichi_rules.errors import InputError
from riichi_rules.hand import Meld, MeldType
from riichi_rules.hand import Win as ScoringWin
from riichi_rules.language.table_vocabulary import TableEnv, seats_of
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
    Win,
)
from riichi_rules.referee.mechanics import RINSHAN, Mechanics
from riichi_rules.referee.questions import Questions, tenpai_readings, waits
from riichi_rules.referee.state import SEATS, HandState, SeatState, group_of
from riichi_rules.scoring.program import ScoringProgram, TableRule
from riichi_rules.scoring.result import Result
from riichi_rules.scoring.scorer import score
from riichi_rules.tiles import WINDS, Tile, Wind

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
    """Follows one hand. ``scores`` are the points at the start; ``hands`` the dealt tiles."""

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
    ) -> None:
        self.program = program
        self.rules = program.config.parameters
        self.ask = Questions(program)
        self.name = name
        self.state = HandState(
            dealer=dealer, round_wind=round_wind, honba=honba, sticks=sticks,
            seats=[SeatState(s, scores[s], list(hands[s])) for s in range(SEATS)],
            dora=[dora_indicator],
        )
        self.deltas = [0] * SEATS
        self.wins: list[WinOutcome] = []
        # each win followed, as the scorer sees it, whether it scores under this ruleset or not
        self.situations: list[tuple[Win, ScoringWin]] = []
        self.disagreements: list[Disagreement] = []
        self._event = -1
        self.mechanics = Mechanics(self.state, self.ask)
        for what, message in self.mechanics.show(
                [t for hand in hands for t in hand] + [dora_indicator], "the deal"):
            self._disagree(what, message)
        self._ron_release: tuple[int, Tile, str] | None = None  # the release being won on
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
            if _chow_possible(s.hand, tile) and self.ask.allowed("claim", "chi", env):
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
                kan = Meld(MeldType.ANKAN, tuple(t for t in seat.hand if t.kind == tile.kind),
                           None, None)
                if self.ask.allowed("kan_rule", "closed_kan", self._closed_kan_env(seat, kan)[0]):
                    out.append(f"closed_kan {tile}")
        for meld in seat.melds if "added_kan" in kinds else ():
            if meld.type is MeldType.PON:
                extra = next((t for t in seat.hand if t.kind == meld.tiles[0].kind), None)
                if extra is not None and (tiles is None or extra in tiles) and self.ask.allowed(
                        "kan_rule", "added_kan", self._added_kan_env(seat, extra)):
                    out.append(f"added_kan {extra}")
        if "kyuushu_kyuuhai" in kinds and self.ask.allowed("draw", "kyuushu_kyuuhai",
                                                            self.ask.env(state, seat)):
            out.append("kyuushu_kyuuhai")
        for tile in distinct if "discard" in kinds else ():
            env = self._discard_env(seat, tile, drawn is not None and drawn == tile)
            if not self.ask.forbidding("discard", env):
                out.append(f"discard {tile}")
        return out

    def score(self, win: ScoringWin) -> Result:
        """The scorer's result for a win under this referee's ruleset (raises InputError):
        every question about a win's score goes through here."""
        return score(win, self.program)

    # ---- the environments of the seat's own actions --------------------------------------
    def _discard_env(self, seat: SeatState, tile: Tile, drawn: bool) -> TableEnv:
        """The question "may ``seat`` discard ``tile`` now?" (``drawn``: it is the drawn tile)."""
        env = self.ask.env(self.state, seat)
        env.tile = tile
        env.drawn = drawn
        env.after_call = seat.call is not None
        env.called = seat.called
        env.call = group_of(seat.call) if seat.call is not None else None
        return env

    def _closed_kan_env(self, seat: SeatState, meld: Meld) -> tuple[TableEnv, list[Tile]]:
        """The question "may ``seat`` declare this concealed kan?", and the hand after it."""
        tile = meld.tiles[0]
        before = list(seat.hand)
        if seat.drawn is not None and seat.drawn in before:
            before.remove(seat.drawn)
        after = list(seat.hand)
        for t in meld.tiles:
            if t in after:
                after.remove(t)
        env = self.ask.env(self.state, seat, before)
        env.tile = tile
        env.on = "closed_kan"
        env.after_call = seat.call is not None
        env.drawn = seat.drawn is not None and seat.drawn.kind == tile.kind
        env.waits_after = waits(after, (*seat.melds, meld))
        if seat.riichi:
            env.readings = tenpai_readings(before, seat.melds)
        return env, after

    def _added_kan_env(self, seat: SeatState, tile: Tile) -> TableEnv:
        """The question "may ``seat`` add ``tile`` to its pung?"."""
        env = self.ask.env(self.state, seat)
        env.tile = tile
        env.on = "added_kan"
        env.after_call = seat.call is not None
        return env

    # ---- following events ------------------------------------------------------------------
    def apply(self, event: Event) -> list[Disagreement]:
        """Follow one event; returns the disagreements it raised (also kept in
        :attr:`disagreements`)."""
        before = len(self.disagreements)
        self._event = event.index
        problems, follow = self.mechanics.check(event)
        for what, message in problems:
            self._disagree(what, message)
        if follow:
            handler = getattr(self, "_" + type(event).__name__.lower())
            handler(event)
            self.mechanics.advance(event)
        return self.disagreements[before:]

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
        seat.hand.append(event.tile)
        seat.drawn = event.tile
        seat.call = None  # after a daiminkan's replacement draw the turn goes on as after a draw
        seat.called = None
        seat.rinshan = state.phase == RINSHAN
        if seat.rinshan:  # the kan stands (nobody robbed it): it interrupts the go-around
            for other in state.seats:
                other.ippatsu = False
        state.wall -= 1

    def _riichideclared(self, event: RiichiDeclared) -> None:
        seat = self.state.seats[event.seat]
        seat.riichi = True
        seat.riichi_pending = True
        seat.declaring = True
        seat.double_riichi = self.state.first_go_around and not seat.has_discarded

    def _discard(self, event: Discard) -> None:
        state = self.state
        seat = state.seats[event.seat]
        tile = event.tile
        env = self._discard_env(seat, tile, seat.drawn is not None and seat.drawn == tile
                                and event.tsumogiri is not False)
        declaring = seat.declaring
        if declaring:
            env.riichi = False  # the declaring discard itself is free
        for rule in self.ask.forbidding("discard", env):
            self._disagree("illegal_discard",
                           f"seat {event.seat} discards {tile}: forbidden by {rule.name} "
                           f"({rule.origin})")
        hand_after = list(seat.hand)
        if tile in hand_after:
            hand_after.remove(tile)
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
        seat.hand = hand_after
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

    def _riichiaccepted(self, event: RiichiAccepted) -> None:
        seat = self.state.seats[event.seat]
        deposit = int(self.rules["riichi_deposit"])  # type: ignore[call-overload]
        seat.points -= deposit
        self.deltas[event.seat] -= deposit
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
            if tile in caller.hand:
                caller.hand.remove(tile)
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
        env, after = self._closed_kan_env(seat, meld)
        if not self.ask.allowed("kan_rule", "closed_kan", env):
            self._disagree("illegal_kan", f"seat {event.seat} declares a concealed kan of "
                           f"{tile}, which the kan rules do not allow here")
        seat.hand = after
        seat.melds.append(meld)
        state.kans.append(event.seat)
        state.first_go_around = False
        seat.drawn = None
        state.last_release = (event.seat, tile, "closed_kan")

    def _addedkan(self, event: AddedKan) -> None:
        state = self.state
        seat = state.seats[event.seat]
        if not self.ask.allowed("kan_rule", "added_kan", self._added_kan_env(seat, event.tile)):
            self._disagree("illegal_kan", f"seat {event.seat} adds {event.tile} to a pung, "
                           "which the kan rules do not allow here")
        if event.tile in seat.hand:
            seat.hand.remove(event.tile)
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

    def _nukidora(self, event: Nukidora) -> None:  # three-player only: not modelled
        self._disagree("unsupported", "north set aside (three-player): not modelled")

    def _newdora(self, event: NewDora) -> None:
        self.state.dora.append(event.indicator)

    # ---- wins ------------------------------------------------------------------------------
    def _flags(self, seat: SeatState, tsumo: bool, on: str) -> dict[str, bool]:
        state = self.state
        first = state.first_go_around and not seat.has_discarded
        dealer = seat.seat == state.dealer
        return {
            "tsumo": tsumo,
            "riichi": seat.riichi,
            "double_riichi": seat.double_riichi,
            "ippatsu": seat.ippatsu and seat.riichi,
            "rinshan": tsumo and seat.rinshan,
            "chankan": not tsumo and on in ("added_kan", "closed_kan"),
            "haitei": tsumo and state.wall == 0 and not seat.rinshan,
            "houtei": not tsumo and on == "discard" and state.wall == 0,
            "tenhou": tsumo and first and dealer and not seat.melds,
            "chiihou": tsumo and first and not dealer and not seat.melds,
            "renhou": not tsumo and first and not dealer and not seat.melds,
        }

    def _scoring_win(
        self, seat: SeatState, tile: Tile, tsumo: bool, on: str, ura: Sequence[Tile] = (),
        sticks: int | None = None,
    ) -> ScoringWin:
        state = self.state
        concealed = tuple(seat.hand) if tsumo else (*seat.hand, tile)
        flags = self._flags(seat, tsumo, on)
        return ScoringWin(
            concealed=concealed, win_tile=tile, melds=tuple(seat.melds),
            seat=seat.wind(state.dealer), round=state.round_wind,
            dora=self.mechanics.visible_dora(on), ura=tuple(ura) if seat.riichi else (),
            honba=state.honba, sticks=state.sticks if sticks is None else sticks, **flags,
        )

    def _has_yaku(self, seat: SeatState, tile: Tile, releaser: int, on: str) -> bool:
        if not any(w.kind == tile.kind for w in waits(seat.hand, seat.melds)):
            return False
        try:
            self.score(self._scoring_win(seat, tile, False, on))
        except InputError:
            return False
        return True

    def _win(self, event: Win) -> None:
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
            result = self.score(win)
        except InputError as error:
            self._disagree("score", f"seat {event.seat}'s win does not score: {error.message}")
            return
        self._compare_score(event, result)
        deltas = self._settle_win(seat, event, result, first_winner)
        self.wins.append(WinOutcome(event.seat, result, tuple(deltas)))
        for number, d in enumerate(deltas):
            self.deltas[number] += d
            state.seats[number].points += d
        if tuple(deltas) != event.recorded.deltas:
            self._disagree("deltas", f"seat {event.seat}'s win: score changes "
                           f"{list(deltas)}, the record has {list(event.recorded.deltas)}")
        state.ended = True
        self.ending = "win"

    def _compare_score(self, event: Win, result: Result) -> None:
        """The recorded score against ours, as far as the record gives one (a win recorded
        only by its score changes has its deltas checked in :meth:`_win`, and nothing here)."""
        rec = event.recorded
        if rec.han is None or rec.points is None:
            return
        ours_yaku = {y.id: y.han for y in result.yaku if y.han}
        theirs_yaku = dict(rec.yaku)
        problems = []
        if rec.yakuman:
            if sorted(rec.yakuman) != sorted(y.id for y in result.yaku if y.yakuman):
                problems.append(f"yakuman {sorted(rec.yakuman)} vs ours "
                                f"{sorted(y.id for y in result.yaku if y.yakuman)}")
        else:
            if rec.han != result.han:
                problems.append(f"han {rec.han} vs ours {result.han}")
            if rec.fu is not None and rec.limit == 0 and rec.fu != result.fu:
                problems.append(f"fu {rec.fu} vs ours {result.fu}")
            if ours_yaku != theirs_yaku:
                problems.append(f"yaku {theirs_yaku} vs ours {ours_yaku}")
        if rec.points != result.points:
            problems.append(f"points {rec.points} vs ours {result.points}")
        if problems:
            self._disagree("score", f"seat {event.seat}'s win: the record has "
                           + "; ".join(problems))

    def _settle_win(
        self, seat: SeatState, event: Win, result: Result, first_winner: bool
    ) -> list[int]:
        state = self.state
        deltas = [0] * SEATS
        winds = {s.wind(state.dealer).value: s.seat for s in state.seats}
        collect = self._collect_env(seat, event, first_winner)
        honba_rule = self.ask.table.named("collect", "honba_counters")
        collects = bool(honba_rule and honba_rule.when and honba_rule.when(collect))
        honba_points = sum(p.honba for p in result.payments) if collects else 0
        liable = self._liable(seat, result)
        if liable is not None:
            env = self.ask.env(state, seat)
            env.total = result.points
            env.pao_part = self._pao_part(seat, result)
            env.honba_points = honba_points
            env.tsumo = event.from_seat == event.seat
            env.ron = not env.tsumo
            for rule in self.ask.table.of("pao_payment"):
                for step in rule.pays:
                    if step.when is not None and not step.when(env):
                        continue
                    amount = int(step.amount(env))
                    if step.payer == "normally":  # the usual payers, in the usual shares
                        for payment in result.payments:
                            payer = (event.from_seat if payment.payer == "discarder"
                                     else winds[payment.payer])
                            share = _round_up_100(payment.points * amount / result.points)
                            deltas[payer] -= share
                            deltas[seat.seat] += share
                        continue
                    payer = liable if step.payer == "liable" else event.from_seat
                    deltas[payer] -= amount
                    deltas[seat.seat] += amount
        else:
            for payment in result.payments:
                payer = event.from_seat if payment.payer == "discarder" else winds[payment.payer]
                amount = payment.points + (payment.honba if collects else 0)
                deltas[payer] -= amount
                deltas[seat.seat] += amount
        # the riichi sticks this winner takes, as the collect rules say
        gained = sum(rule.gained(collect) for rule in self.ask.table.of("collect"))
        deposit = int(self.rules["riichi_deposit"])  # type: ignore[call-overload]
        deltas[seat.seat] += gained
        state.sticks -= min(state.sticks, gained // deposit) if deposit > 0 else 0
        return deltas

    def _collect_env(self, seat: SeatState, event: Win, first_winner: bool) -> TableEnv:
        """The question "what does this winner collect from the table?": the sticks on it,
        whether the winner is the first on the tile, whether their own riichi stick is there,
        and how many other players in riichi may still win on the tile."""
        state = self.state
        env = self.ask.env(state, seat)
        env.sticks = state.sticks
        env.first_winner = first_winner
        env.riichi_stick = seat.riichi and not seat.riichi_pending
        env.tsumo = event.from_seat == event.seat
        env.ron = not env.tsumo
        if env.ron:
            done = {w.seat for w in self.wins} | {seat.seat, event.from_seat}
            env.riichi_claimants = sum(
                1 for s in state.seats if s.seat not in done and s.riichi
                and not s.riichi_pending and self.ron_allowed(s.seat))
        return env

    def _pao_part(self, seat: SeatState, result: Result) -> int:
        """The part of the win's value that the liable yakuman make: the value of one
        yakuman times their multiple, at most the whole (all of it where yakuman do not add
        up)."""
        liable = sum(y.yakuman for y in result.yaku if y.yakuman and y.id in seat.liable)
        if not result.yakuman or not liable:
            return result.points
        return min(result.points, result.points // result.yakuman * liable)

    def _liable(self, seat: SeatState, result: Result) -> int | None:
        for y in result.yaku:
            if y.yakuman and y.id in seat.liable:
                return seat.liable[y.id]
        return None

    # ---- what follows --------------------------------------------------------------------
    def next_hand(self) -> tuple[bool, bool]:
        """(the dealer keeps the deal, a honba counter is added), by the next_hand rules, once
        the hand has ended."""
        env = self._next_env()
        return self._holds("dealer_repeat", env), self._holds("add_honba", env)

    def game_over(self, rounds: int = 2) -> bool:
        """Whether the game ends with this hand, by the next_hand rule ``game_end``, once the
        hand has ended. ``rounds``: the rounds the game is played over (2: East and South;
        1: East only)."""
        env = self._next_env(rounds)
        env.dealer_keeps = self._holds("dealer_repeat", env)
        return self._holds("game_end", env)

    def _next_env(self, rounds: int = 2) -> TableEnv:
        """The question "what follows this hand?", about its dealer: how it ended, the scores
        and places after it (the sticks on the table not counted), and where it stands in the
        game (seat 0 is the first dealer, so the dealer's seat gives the hand's number)."""
        state = self.state
        env = self.ask.env(state, state.seats[state.dealer])
        env.won = bool(self.wins)
        env.dealer_won = any(w.seat == state.dealer for w in self.wins)
        env.dealer_tenpai = state.dealer in self.tenpai
        env.exhaustive_draw = self.ending == "exhaustive"
        env.abortive_draw = self.ending == "abortive"
        env.standing(seats_of([s.points for s in state.seats]), state.dealer)
        env.sticks = state.sticks
        env.round_number = WINDS.index(state.round_wind) + 1
        env.hand_number = state.dealer + 1
        env.game_rounds = rounds
        return env

    def _holds(self, name: str, env: TableEnv) -> bool:
        rule = self.ask.table.named("next_hand", name)
        return bool(rule and rule.when and rule.when(env))

    # ---- draws -----------------------------------------------------------------------------
    def _drawnhand(self, event: DrawnHand) -> None:
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
        deltas = [0] * SEATS
        nagashi = self.ask.table.named("draw", "nagashi_mangan")
        paid_nagashi = False
        if nagashi is not None and nagashi.when is not None:
            for s in state.seats:
                env = self.ask.env(state, s)
                if not nagashi.when(env):
                    continue
                paid_nagashi = True
                self._pay(nagashi, env, s.seat, deltas)
        if not paid_nagashi:
            noten = self.ask.table.named("draw", "noten_payment")
            if noten is not None and noten.when is not None:
                env = self.ask.env(state, state.seats[0])
                env.tenpai_count = len(tenpai)
                env.noten_count = SEATS - len(tenpai)
                if noten.when(env):
                    for step in noten.pays:
                        if step.when is not None and not step.when(env):
                            continue
                        amount = int(step.amount(env))
                        received = amount * env.noten_count // env.tenpai_count
                        for number in range(SEATS):
                            deltas[number] += received if number in tenpai else -amount
        for number, d in enumerate(deltas):
            self.deltas[number] += d
            state.seats[number].points += d
        if tuple(deltas) != tuple(event.deltas):
            self._disagree("deltas", f"draw ({event.kind}): score changes {deltas}, the record "
                           f"has {list(event.deltas)}")
        self.tenpai = tuple(tenpai)
        state.ended = True
        self.ending = "exhaustive"

    def _pay(self, rule: TableRule, env: TableEnv, receiver: int, deltas: list[int]) -> None:
        """Payments of a draw rule to ``receiver`` (nagashi mangan)."""
        dealer = self.state.dealer
        for step in rule.pays:
            if step.when is not None and not step.when(env):
                continue
            amount = int(step.amount(env))
            for s in range(SEATS):
                if s == receiver:
                    continue
                if step.payer == "each" or (step.payer == "dealer" and s == dealer) or (
                        step.payer == "non_dealer" and s != dealer):
                    deltas[s] -= amount
                    deltas[receiver] += amount




def _round_up_100(value: float) -> int:
    return int(-(-value // 100) * 100)


def _chow_possible(hand: Sequence[Tile], tile: Tile) -> bool:
    if tile.honour:
        return False
    kinds = {t.kind for t in hand}
    k, n = tile.kind, tile.number
    options = []
    if n >= 3:
        options.append((k - 2, k - 1))
    if 2 <= n <= 8:
        options.append((k - 1, k + 1))
    if n <= 7:
        options.append((k + 1, k + 2))
    return any(a in kinds and b in kinds for a, b in options)
