"""A small builder to write a hand as a readable sequence of events for the referee.

    t = Table("tenhou", {0: "123m456p789s1122z", 1: ...}, dealer=0, dora="9s")
    t.draw(0, "3z"); t.discard(0, "3z")
    t.ron(1, 0, han=2, fu=40, points=2600, yaku={"riichi": 1, "dora": 1}, deltas=(-2600, ...))

Each helper builds the :mod:`riichi_rules.records.events` event with the next ``index``, gives
it to a :class:`~riichi_rules.referee.hand.HandReferee` and returns the disagreements that
event raised (all of them stay in :attr:`Table.disagreements`); the hand is dealt by a
:class:`~riichi_rules.referee.game.GameReferee` (``Table.game``), which says what follows it.
Seats without a hand of their own get a filler: thirteen tiles with no pair, no tenpai and no
chow-able neighbours of the scenario's tiles that matter (each test says which tiles it relies
on).

``ron``/``tsumo`` build a :class:`~riichi_rules.records.events.RecordedWin` from the values a
test expects (han, fu, points, yaku, deltas), so the referee's own comparison of the score and
of the score changes is exercised: a test that gets these wrong raises a ``score`` or
``deltas`` disagreement. The expected values are derived by hand in each test, with the rule or
the rulebook passage they come from.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from riichi_rules.hand import Meld, parse_meld
from riichi_rules.records.events import (
    AddedKan,
    Call,
    ClosedKan,
    Discard,
    Draw,
    DrawnHand,
    Event,
    NewDora,
    RecordedWin,
    RiichiAccepted,
    RiichiDeclared,
    WonHand,
)
from riichi_rules.referee.game import GameReferee, HandStart
from riichi_rules.referee.hand import Disagreement
from riichi_rules.referee.state import HandState, SeatState
from riichi_rules.scoring.scorer import program
from riichi_rules.tiles import Tile, Wind, parse_tiles

BUNDLED = ("ema-2016", "ema-2025", "wrc-2022", "wrc-2025", "tenhou", "mahjong-soul",
           "m-league", "jpml")

# Fillers for the seats a scenario does not care about: no pair (so no pon), far from
# tenpai, and every one of them different so that no kind is used more than four times.
FILLERS = {
    0: "159m159p159s1234z",
    1: "268m268p268s4567z",
    2: "37m37p37s1234567z",
    3: "48m48p48s1234567z",
}


def tile(text: str) -> Tile:
    """One tile from its mpsz name (``"5m"``, ``"0p"`` = red 5p, ``"7z"``)."""
    tiles = parse_tiles(text)
    if len(tiles) != 1:
        raise ValueError(f"one tile, not {text!r}")
    return tiles[0]


def tiles(text: str) -> tuple[Tile, ...]:
    return tuple(parse_tiles(text))


class Table:
    """One hand under a ruleset (a bundled id or a path to a ruleset.json)."""

    def __init__(
        self,
        ruleset: str | Path,
        hands: Mapping[int, str] | None = None,
        *,
        dealer: int = 0,
        dora: str = "9p",
        scores: Sequence[int] = (25000, 25000, 25000, 25000),
        honba: int = 0,
        sticks: int = 0,
        round_wind: Wind = Wind.E,
        rounds: int = 2,
    ) -> None:
        given = dict(hands or {})
        dealt = [tiles(given.get(s, FILLERS[s])) for s in range(4)]
        for seat, hand in enumerate(dealt):
            if len(hand) != 13:
                raise ValueError(f"seat {seat} is dealt {len(hand)} tiles, not 13")
        self.ruleset = ruleset
        self.game = GameReferee(program(ruleset), rounds=rounds, start=HandStart(
            dealer, round_wind, honba, sticks, tuple(scores)))
        self.referee = self.game.deal(dealt, tile(dora), name=f"scenario ({ruleset})")
        self.start = tuple(scores)
        self.start_sticks = sticks
        self.index = 0
        self.events: list[Event] = []

    # ---- state -------------------------------------------------------------------------
    @property
    def state(self) -> HandState:
        return self.referee.state

    def seat(self, seat: int) -> SeatState:
        return self.referee.state.seats[seat]

    @property
    def disagreements(self) -> list[Disagreement]:
        return self.referee.disagreements

    def whats(self) -> list[str]:
        """The kinds of every disagreement so far (``illegal_call``, ``furiten_ron``...)."""
        return [d.what for d in self.referee.disagreements]

    def furiten(self, seat: int) -> list[str]:
        return self.referee.furiten(seat)

    def ron_allowed(self, seat: int) -> bool:
        return self.referee.ron_allowed(seat)

    def claims(self) -> dict[int, list[str]]:
        return {s: sorted(c) for s, c in self.referee.claims().items()}

    def points(self) -> list[int]:
        return [s.points for s in self.referee.state.seats]

    # ---- events ------------------------------------------------------------------------
    def apply(self, make: type, *args: object, **kwargs: object) -> list[Disagreement]:
        event = make(*args, index=self.index, **kwargs)
        self.index += 1
        self.events.append(event)
        return self.referee.apply(event)

    def draw(self, seat: int, name: str) -> list[Disagreement]:
        return self.apply(Draw, seat, tile(name))

    def discard(self, seat: int, name: str, tsumogiri: bool | None = None) -> list[Disagreement]:
        t = tile(name)
        if tsumogiri is None:
            drawn = self.seat(seat).drawn
            tsumogiri = drawn is not None and drawn == t
        return self.apply(Discard, seat, t, tsumogiri)

    def turn(self, seat: int, drawn: str, discarded: str | None = None) -> list[Disagreement]:
        """A draw and a discard (the drawn tile when ``discarded`` is not given)."""
        out = self.draw(seat, drawn)
        out += self.discard(seat, discarded or drawn)
        return out

    def riichi(self, seat: int) -> list[Disagreement]:
        return self.apply(RiichiDeclared, seat)

    def accept(self, seat: int) -> list[Disagreement]:
        return self.apply(RiichiAccepted, seat)

    def declare_riichi(self, seat: int, drawn: str, discarded: str | None = None,
                       accept: bool = True) -> list[Disagreement]:
        """Draw, declare riichi, discard (the drawn tile by default), the stick paid."""
        out = self.draw(seat, drawn)
        out += self.riichi(seat)
        out += self.discard(seat, discarded or drawn)
        if accept:
            out += self.accept(seat)
        return out

    def call(self, seat: int, meld: str, from_seat: int) -> list[Disagreement]:
        """Chi, pon or daiminkan of ``from_seat``'s last discard (compact meld notation,
        e.g. ``"4-56m"``, ``"77=7z"``, ``"9999+p"``)."""
        return self.apply(Call, seat, parse_meld(meld), from_seat)

    chi = pon = kan = call

    def call_meld(self, seat: int, meld: Meld, from_seat: int) -> list[Disagreement]:
        """A call with a meld built by hand (e.g. one the notation would refuse)."""
        return self.apply(Call, seat, meld, from_seat)

    def closed_kan(self, seat: int, meld: str) -> list[Disagreement]:
        return self.apply(ClosedKan, seat, parse_meld(meld))

    def added_kan(self, seat: int, meld: str, added: str) -> list[Disagreement]:
        """Kakan: ``meld`` is the kan in compact notation (``"555=5p"``), ``added`` the tile."""
        return self.apply(AddedKan, seat, parse_meld(meld), tile(added))

    def new_dora(self, seat: int, indicator: str) -> list[Disagreement]:
        return self.apply(NewDora, seat, tile(indicator))

    # ---- endings -----------------------------------------------------------------------
    def _win(
        self, seat: int, from_seat: int, win_tile: Tile, *, han: int, fu: int | None,
        points: int, deltas: Sequence[int], yaku: Mapping[str, int] | None = None,
        yakuman: Iterable[str] = (), limit: int = 0, ura: str = "", pao: int | None = None,
    ) -> list[Disagreement]:
        s = self.seat(seat)
        hand = list(s.hand) if seat == from_seat else [*s.hand, win_tile]
        recorded = RecordedWin(
            han=han, fu=fu, points=points, limit=limit,
            yaku=tuple((yaku or {}).items()), yakuman=tuple(yakuman), deltas=tuple(deltas),
            pao=pao, honba=self.state.honba, sticks=self.state.sticks,
        )
        return self.apply(
            WonHand, seat, from_seat, tuple(sorted(hand)), win_tile, tuple(s.melds),
            tuple(self.state.dora), tiles(ura) if ura else (), recorded,
        )

    def ron(self, seat: int, from_seat: int, **expected: object) -> list[Disagreement]:
        """``seat`` wins on the tile ``from_seat`` just released (a discard or a kan)."""
        release = self.state.last_release  # (kept through the wins on it: double ron)
        assert release is not None, "nothing was released to win on"
        return self._win(seat, from_seat, release[1], **expected)  # type: ignore[arg-type]

    def tsumo(self, seat: int, **expected: object) -> list[Disagreement]:
        """``seat`` wins on the tile it just drew."""
        drawn = self.seat(seat).drawn
        assert drawn is not None, f"seat {seat} has not just drawn"
        return self._win(seat, seat, drawn, **expected)  # type: ignore[arg-type]

    def drawn_hand(self, kind: str, *, seat: int = 0, tenpai: Iterable[int] = (),
                   deltas: Sequence[int] = (0, 0, 0, 0)) -> list[Disagreement]:
        """An exhaustive draw (``kind="exhaustive"``), nagashi mangan or an abortive draw."""
        shown = tuple(sorted(tenpai))
        revealed = {s: tuple(sorted(self.seat(s).hand)) for s in shown}
        return self.apply(DrawnHand, seat, kind, shown, revealed, tuple(deltas))

    # ---- checks ------------------------------------------------------------------------
    def change(self) -> list[int]:
        """Each seat's score change since the start of the hand."""
        return [p - s for p, s in zip(self.points(), self.start, strict=True)]

    def conserved(self) -> bool:
        """Points are neither made nor lost: the scores' sum changes only by the riichi sticks
        that went onto (or came off) the table."""
        made = sum(self.points()) - sum(self.start)
        return made == -1000 * (self.state.sticks - self.start_sticks)
