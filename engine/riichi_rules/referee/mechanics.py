"""What can physically happen at the table, checked before the referee follows an event:
whose turn it is, which tiles a seat holds, that no tile exists in a fifth copy, and when a
kan's new dora indicator is turned over (asked of the table rule ``kan_rule reveal_at_once``).
The checks read the hand's state and never write it: the referee writes it (hand.py).

The referee does not trust a record (or a game server) to send only possible events: each
impossible one is a problem ``(what, message)`` that the referee reports as a
:class:`~riichi_rules.referee.hand.Disagreement`; ``what`` is ``turn`` (out of turn, or after
the hand's end), ``tiles`` (a tile the seat does not hold, a fifth copy, a record whose hand
differs from the referee's) or ``dora_timing``. Rule questions (may this seat call, is it
furiten) stay with the table rules."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Final

from riichi_rules.hand import NORTH, MeldType
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
from riichi_rules.referee.questions import Questions
from riichi_rules.referee.state import HandState, KanDora, relation
from riichi_rules.tiles import Tile, format_tiles

Problem = tuple[str, str]

DRAW, ACT, RINSHAN, OVER = "draw", "act", "rinshan", "over"
"""The phases of :attr:`HandState.phase`: ``next_draw`` draws next (unless the last discard is
called or won on); ``turn`` acts (discard, kan, riichi, tsumo); ``turn`` draws a kan's
replacement tile (unless the kan is robbed); the hand is over (but for a further ron on the
same tile)."""


_FROM_ANOTHER: Final = (Call, WonHand)
"""The events that name a second seat (``from_seat``): a tuple, which isinstance takes
without the union type ``Call | WonHand`` built anew each time."""


class Mechanics:
    """The physical checks of one hand, on the referee's :class:`HandState`."""

    def __init__(self, state: HandState, ask: Questions) -> None:
        self.state = state
        self.ask = ask

    # ---- tiles on show ---------------------------------------------------------------------
    def show(self, tiles: Iterable[Tile], where: str) -> list[Problem]:
        """Tiles that come into view (dealt, drawn, indicators), counted with those already
        seen (:attr:`HandState.seen`; the referee counts them in): a fifth copy of a kind,
        or a second red five of a suit, is a problem."""
        state = self.state
        out: list[Problem] = []
        more = [0] * 34  # by kind
        more_red = [0] * 34
        seen, seen_red = state.seen, state.seen_red
        for tile in tiles:
            kind = tile.kind
            more[kind] += 1
            if seen[kind] + more[kind] == 5:
                out.append(("tiles", f"a fifth {format_tiles([Tile.of(kind)])} comes to the "
                                     f"table with {where}"))
            if tile.red:
                more_red[kind] += 1
                if seen_red[kind] + more_red[kind] == 2:
                    out.append(("tiles", f"a second red {format_tiles([Tile.of(kind)])} comes "
                                         f"to the table with {where}"))
        return out

    # ---- before an event -------------------------------------------------------------------
    def refusal(self, event: Event) -> Problem | None:
        """Why the referee cannot follow ``event`` at all (it reports it and leaves the table
        as it was): a seat that does not exist, an event after the hand's end, a call of one's
        own discard; None when it can."""
        state = self.state
        other = event.from_seat if isinstance(event, _FROM_ANOTHER) else event.seat
        players = len(state.seats)
        if not (0 <= event.seat < players and 0 <= other < players):
            seats = [event.seat] + ([event.from_seat] if isinstance(event, _FROM_ANOTHER)
                                    else [])
            return ("turn", f"{type(event).__name__}: no seat {max(seats, key=abs)} at a "
                            f"{state.players}-player table")
        if state.phase == OVER and not (isinstance(event, WonHand) and not event.tsumo
                                        and event.from_seat == state.ron_from):
            return ("turn", f"{type(event).__name__} of seat {event.seat} after the hand "
                            "has ended")
        if isinstance(event, Call) and event.seat == event.from_seat:
            return ("turn", f"seat {event.seat} calls its own discard")
        return None

    def check_nukidora(self, event: Nukidora) -> list[Problem]:
        out = self._acting(event.seat, "sets a North aside")
        if event.tile.kind != NORTH:
            out.append(("tiles", f"seat {event.seat} sets {event.tile} aside: only a North "
                                 "(4z) is set aside as a kita"))
        return out + self._holds(event.seat, [event.tile], "sets aside")

    def _acting(self, seat: int, doing: str) -> list[Problem]:
        """``seat`` acts on its own turn: it has drawn (or called) and not yet discarded."""
        state = self.state
        if state.phase == ACT and seat == state.turn:
            return []
        if state.phase == ACT:
            why = f"it is seat {state.turn}'s turn"
        elif state.phase == RINSHAN:
            why = f"seat {state.turn} has still to draw its kan's replacement tile"
        else:
            why = f"seat {state.next_draw} is to draw next"
        return [("turn", f"seat {seat} {doing} out of turn: {why}")]

    def _holds(self, seat: int, tiles: Sequence[Tile], doing: str) -> list[Problem]:
        """The seat's concealed hand holds ``tiles`` (red fives told apart)."""
        state = self.state.seats[seat]
        if len(tiles) == 1 and state.holds(tiles[0]):  # a discard: the question asked most
            return []
        hand = state.hand
        missing = Counter(tiles) - Counter(hand)
        if not missing:
            return []
        held = sorted(t for t in self.state.seats[seat].hand
                      if any(t.kind == m.kind for m in missing))
        shown = format_tiles(sorted(missing.elements()))
        return [("tiles", f"seat {seat} {doing} {shown}, which it does not hold"
                          + (f" (it holds {format_tiles(held)})" if held else ""))]

    def check_draw(self, event: Draw) -> list[Problem]:
        state = self.state
        out: list[Problem] = []
        expected = state.turn if state.phase == RINSHAN else state.next_draw
        if state.phase == ACT:
            out.append(("turn", f"seat {event.seat} draws while seat {state.turn} has not "
                                "discarded"))
        elif event.seat != expected:
            out.append(("turn", f"seat {event.seat} draws; seat {expected} is to draw "
                        + ("its kan's replacement tile" if state.phase == RINSHAN else "next")))
        if state.wall <= 0:
            out.append(("turn", f"seat {event.seat} draws from an empty wall"))
        tile = event.tile
        if state.seen[tile.kind] != 4 and not (tile.red and state.seen_red[tile.kind] == 1):
            return out  # neither a fifth copy nor a second red five (show's problems)
        return out + self.show([tile], f"seat {event.seat}'s draw")

    def check_discard(self, event: Discard) -> list[Problem]:
        return (self._acting(event.seat, "discards")
                + self._holds(event.seat, [event.tile], "discards"))

    def check_riichideclared(self, event: RiichiDeclared) -> list[Problem]:
        return self._acting(event.seat, "declares riichi")

    def check_riichiaccepted(self, event: RiichiAccepted) -> list[Problem]:
        state = self.state
        seat = state.seats[event.seat]
        release = state.last_release
        if (seat.riichi_pending and not seat.declaring and release is not None
                and release[0] == event.seat and release[2] == "discard"):
            return []
        return [("turn", f"seat {event.seat}'s riichi stick is paid, but its declaring discard "
                         "has not just been made")]

    def check_call(self, event: Call) -> list[Problem]:
        state = self.state
        meld, out = event.meld, []
        release = state.last_release
        if (release is not None and meld.called is not None and release[0] == event.from_seat
                and release[1].kind == meld.called.kind and release[1] != meld.called):
            out.append(("tiles", f"seat {event.seat} calls {meld.called}; seat "
                                 f"{event.from_seat} discarded {release[1]}"))
        where = relation(event.seat, event.from_seat)
        if meld.source is not None and meld.source.value != where:
            out.append(("turn", f"seat {event.seat}'s meld marks its tile as called from the "
                                f"{meld.source.value}; seat {event.from_seat} sits on its "
                                f"{where}"))
        return out

    def check_closedkan(self, event: ClosedKan) -> list[Problem]:
        tiles = event.meld.tiles
        out = self._acting(event.seat, "declares a concealed kan")
        if event.meld.type is not MeldType.CLOSED_KAN or len({t.kind for t in tiles}) != 1:
            out.append(("tiles", f"seat {event.seat}'s concealed kan is "
                                 f"{format_tiles(tiles)}, not four tiles of a kind"))
        return out + self._holds(event.seat, tiles, "declares a concealed kan of")

    def check_addedkan(self, event: AddedKan) -> list[Problem]:
        seat = self.state.seats[event.seat]
        out = self._acting(event.seat, "adds to a pung")
        pon = next((m for m in seat.melds if m.type is MeldType.PON
                    and m.tiles[0].kind == event.tile.kind), None)
        if pon is None:
            out.append(("tiles", f"seat {event.seat} adds {event.tile} to a pung of "
                                 f"{Tile.of(event.tile.kind)} it has not called"))
        elif Counter(event.meld.tiles) != Counter((*pon.tiles, event.tile)):
            out.append(("tiles", f"seat {event.seat}'s added kan is "
                                 f"{format_tiles(event.meld.tiles)}; its pung and the added "
                                 f"tile are {format_tiles((*pon.tiles, event.tile))}"))
        return out + self._holds(event.seat, [event.tile], "adds")

    def check_newdora(self, event: NewDora) -> list[Problem]:
        out = self.show([event.indicator], "the new dora indicator")
        kan = next((k for k in self.state.kan_dora if k.indicator is None), None)
        if kan is None:
            return [*out, ("dora_timing", f"a new dora indicator ({event.indicator}) with no "
                                          "kan waiting for one")]
        if not kan.at_once and kan.stage == "declared" and not kan.late:
            out.append(("dora_timing", f"seat {kan.seat}'s open kan: the new dora indicator is "
                                       "turned over before the replacement draw; "
                                       + self._when(kan)))
        return out

    def check_win(self, event: WonHand) -> list[Problem]:
        state = self.state
        seat = state.seats[event.seat]
        out: list[Problem] = []
        if event.tsumo:
            if state.phase != ACT or event.seat != state.turn or seat.drawn is None:
                out.append(("turn", f"seat {event.seat} wins by self-draw without having just "
                                    "drawn a tile"))
            elif event.win_tile != seat.drawn:
                out.append(("tiles", f"seat {event.seat} wins by self-draw on {event.win_tile}; "
                                     f"it drew {seat.drawn}"))
            ours = list(seat.hand)
        else:
            release = state.last_release
            if release is not None and release[0] == event.from_seat and (
                    event.win_tile != release[1]):
                out.append(("tiles", f"seat {event.seat} wins on {event.win_tile}; seat "
                                     f"{event.from_seat} released {release[1]}"))
            ours = [*seat.hand, event.win_tile]
        if event.nukidora != seat.kita:
            out.append(("tiles", f"the record shows seat {event.seat}'s win with "
                                 f"{event.nukidora} Norths set aside; the referee has "
                                 f"{seat.kita}"))
        if sorted(event.hand) != sorted(ours) or Counter(
                t for m in event.melds for t in m.tiles) != Counter(
                t for m in seat.melds for t in m.tiles):
            out.append(("tiles", f"the record shows seat {event.seat}'s winning hand as "
                                 f"{format_tiles(sorted(event.hand))} with "
                                 f"{len(event.melds)} melds; the referee has "
                                 f"{format_tiles(sorted(ours))} with {len(seat.melds)}"))
        if event.ura and not state.ura_counted:
            out += self.show(event.ura, "the ura dora indicators")
        return out

    def check_drawnhand(self, event: DrawnHand) -> list[Problem]:
        state = self.state
        if event.kind == "kyuushu_kyuuhai":
            seat = state.seats[event.seat]
            if seat.drawn is None:
                return [("turn", f"seat {event.seat} declares nine terminals without having "
                                 "just drawn a tile")]
            return self._acting(event.seat, "declares nine terminals")
        if event.kind in ("exhaustive", "nagashi_mangan") and state.phase != DRAW:
            return [("turn", f"the hand is drawn ({event.kind}) before seat {state.turn} has "
                             "discarded")]
        return []

    # ---- kan dora --------------------------------------------------------------------------
    def _when(self, kan: KanDora) -> str:
        rule = self.ask.table.named("kan_rule", "reveal_at_once")
        origin = f" (kan_rule reveal_at_once, {rule.origin})" if rule is not None else ""
        what = "a concealed" if kan.on == "closed_kan" else "an open"
        if kan.at_once:
            return (f"the ruleset turns {what} kan's indicator over at the kan, before the "
                    f"replacement draw{origin}")
        return (f"the ruleset turns {what} kan's indicator over after the kan player's next "
                f"discard{origin}")

    def deadlines(self, event: Event) -> list[tuple[KanDora, Problem]]:
        """The kan dora whose moment ``event`` ends without them being turned over, each with
        its problem (the referee marks them late: each is reported once)."""
        out: list[tuple[KanDora, Problem]] = []
        for kan in self.state.kan_dora:
            if kan.indicator is not None or kan.late:
                continue
            if isinstance(event, Draw):
                late = kan.at_once or kan.stage != "declared"
            elif isinstance(event, Call | DrawnHand) or (isinstance(event, WonHand)
                                                         and not event.tsumo):
                late = kan.stage == "discarded"
            else:
                late = False
            if late:
                out.append((kan, ("dora_timing", f"seat {kan.seat}'s kan: no new dora indicator "
                                                 f"was turned over; {self._when(kan)}")))
        return out

    def kan_dora(self, seat: int, on: str) -> KanDora:
        """The dora indicator a new kan of ``seat`` waits for, turned at once or after the
        discard as the rule ``kan_rule reveal_at_once`` says."""
        env = self.ask.env(self.state, self.state.seats[seat])
        env.on = on
        rule = self.ask.table.named("kan_rule", "reveal_at_once")
        at_once = rule is None or rule.when is None or bool(rule.when(env))
        return KanDora(seat, on, at_once)

    def visible_dora(self, on: str) -> tuple[Tile, ...]:
        """The dora indicators that count for a win released ``on`` a discard or a kan: a kan
        robbed by the win never stood, so its indicator, if already turned over, does not
        count (table-practice-zh-2013, 杠: a robbed kan does not stand and turns no indicator)."""
        dora = list(self.state.dora)
        kans = self.state.kan_dora
        if on in ("added_kan", "closed_kan") and kans and kans[-1].stage == "declared" and (
                kans[-1].indicator is not None):
            del dora[len(dora) - 1 - dora[::-1].index(kans[-1].indicator)]
        return tuple(dora)
