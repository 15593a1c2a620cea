"""The points table, computed by a ruleset's own rules.

For a given han and fu, :func:`points_for` sets them in an evaluation environment and runs the
compiled program's ``limits`` rule (its basic-points formula and its limits) and its
``payments`` rule, exactly as the scorer does after it has found the yaku and the fu. No
points arithmetic is written here: change ``scoring.rules`` and the table changes.
"""

from __future__ import annotations

from dataclasses import dataclass

from riichi_rules.hand import Win
from riichi_rules.language.vocabulary import Env, WinFacts
from riichi_rules.scoring import scorer
from riichi_rules.scoring.program import ScoringProgram
from riichi_rules.tiles import Tile, Wind

__all__ = ["FU_COLUMNS", "HAN_ROWS", "Points", "points_for", "points_table"]

HAN_ROWS = tuple(range(1, 14))
FU_COLUMNS = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)


@dataclass(frozen=True, slots=True)
class Points:
    """What one win is worth: the basic points, the limit reached, and who pays what
    (``payments``: payer -> points; the payer is ``discarder`` or a seat wind)."""

    han: int
    fu: int
    dealer: bool
    tsumo: bool
    basic: int
    limit: str | None
    payments: tuple[tuple[str, int], ...]

    @property
    def total(self) -> int:
        """What the winner receives (before honba and riichi sticks)."""
        return sum(points for _, points in self.payments)

    @property
    def text(self) -> str:
        """The usual way to write it: ``7700``; a tsumo ``2000/3900`` (non-dealers/dealer)
        or ``3900 all``."""
        if not self.tsumo:
            return str(self.total)
        amounts = sorted({points for _, points in self.payments})
        if len(amounts) == 1:
            return f"{amounts[0]} all"
        dealer = dict(self.payments).get(Wind.E.value)
        others = [points for payer, points in self.payments if payer != Wind.E.value]
        if dealer is not None and others:
            return f"{others[0]}/{dealer}"
        return "/".join(str(a) for a in amounts)


def _win(dealer: bool, tsumo: bool) -> Win:
    """A situation with nothing in it but who won and how: the payments rule reads only
    that (``ron``, ``tsumo``, ``dealer``)."""
    return Win(concealed=(), win_tile=Tile.of(0), tsumo=tsumo,
               seat=Wind.E if dealer else Wind.S)


def points_for(prog: ScoringProgram, han: int, fu: int, *, dealer: bool, tsumo: bool,
               yakuman: int = 0) -> Points:
    """Run the program's limits and payments rules for a hand of ``han`` han and ``fu`` fu
    (or ``yakuman`` yakuman multiples)."""
    env = Env(WinFacts(_win(dealer, tsumo)), prog.slot_count, prog.cache_size)
    env.han = han
    env.fu = fu
    env.yakuman_total = yakuman
    env.yakuman_max = yakuman
    basic, limit, _ = scorer.apply_limits(prog, env)
    payments = scorer.payments(prog, env)
    return Points(han, fu, dealer, tsumo, basic, limit,
                  tuple((p.payer, p.points) for p in payments))


def points_table(prog: ScoringProgram, *, dealer: bool, tsumo: bool,
                 han_rows: tuple[int, ...] = HAN_ROWS,
                 fu_columns: tuple[int, ...] = FU_COLUMNS) -> list[list[Points]]:
    """``table[row][column]``: the points of each han (row) and fu (column)."""
    return [[points_for(prog, han, fu, dealer=dealer, tsumo=tsumo) for fu in fu_columns]
            for han in han_rows]
