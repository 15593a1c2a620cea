"""The result of scoring a win: what scored, how much, who pays, and where each rule is
written."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from riichi_rules.readings import Reading
from riichi_rules.tiles import Tile, format_tiles


@dataclass(frozen=True, slots=True)
class ScoredYaku:
    """A yaku (or dora kind, or yakuman) that scored: han, or yakuman multiple."""

    id: str
    title: str
    han: int
    yakuman: int
    origin: str
    source: str


@dataclass(frozen=True, slots=True)
class FuItem:
    """One fu item; ``tiles`` is the group it counts, if it counts one."""

    label: str
    fu: int
    tiles: tuple[Tile, ...]
    origin: str

    @property
    def detail(self) -> str:
        return format_tiles(self.tiles)


@dataclass(frozen=True, slots=True)
class Payment:
    """What one player pays the winner: ``payer`` is a seat wind or ``discarder``."""

    payer: str
    points: int
    honba: int


@dataclass(frozen=True, slots=True)
class Result:
    ruleset: str
    han: int
    fu: int
    fu_raw: int
    yakuman: int
    limit: str | None
    limit_origin: str
    basic: int
    yaku: tuple[ScoredYaku, ...]
    fu_items: tuple[FuItem, ...]
    payments: tuple[Payment, ...]
    sticks: int
    reading: Reading
    payments_origin: str

    @property
    def points(self) -> int:
        """The hand's points: what the winner receives before honba and riichi sticks."""
        return sum(p.points for p in self.payments)

    @property
    def honba_total(self) -> int:
        return sum(p.honba for p in self.payments)

    @property
    def winner_receives(self) -> int:
        return self.points + self.honba_total + self.sticks

    def to_json(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "han": self.han,
            "fu": self.fu,
            "yakuman": self.yakuman,
            "limit": self.limit,
            "yaku": [
                {"id": y.id, "han": y.han, **({"yakuman": y.yakuman} if y.yakuman else {})}
                for y in self.yaku
            ],
            "fu_items": [{"label": f.label, "fu": f.fu, **({"detail": f.detail} if f.detail
                                                              else {})} for f in self.fu_items],
            "points": {
                "total": self.points,
                "payments": [
                    {"from": p.payer, "points": p.points, "honba": p.honba}
                    for p in self.payments
                ],
                "honba": self.honba_total,
                "sticks": self.sticks,
                "winner_receives": self.winner_receives,
            },
            "reading": {
                "form": self.reading.form.value,
                "wait": self.reading.wait.value,
                "groups": [format_tiles(g.tiles) for g in self.reading.groups],
            },
        }

    def explain(self) -> str:
        """The result in words, each line with the rule it comes from."""
        lines = [f"Ruleset {self.ruleset}"]
        lines.append("Reading: " + " ".join(format_tiles(g.tiles) for g in self.reading.groups)
                     + f" ({self.reading.form.value}, {self.reading.wait.value} wait)")
        lines.append("Yaku:")
        for y in self.yaku:
            value = (f"yakuman x{y.yakuman}" if y.yakuman else f"{y.han} han")
            lines.append(f"  {y.title:<36} {value:>12}   {y.origin}")
        if not self.yakuman:
            lines.append(f"  {'total':<36} {str(self.han) + ' han':>12}")
            lines.append("Fu:")
            for f in self.fu_items:
                detail = f" ({f.detail})" if f.detail else ""
                lines.append(f"  {(f.label + detail):<36} {f.fu:>12}   {f.origin}")
            if self.fu != self.fu_raw:
                lines.append(f"  {'rounded up from ' + str(self.fu_raw):<36} {self.fu:>12}")
            else:
                lines.append(f"  {'total':<36} {self.fu:>12}")
        if self.limit:
            lines.append(f"Limit: {self.limit} ({self.basic} basic points)   {self.limit_origin}")
        else:
            lines.append(f"Basic points: {self.basic}")
        lines.append(f"Payments:   {self.payments_origin}")
        for p in self.payments:
            honba = f" + {p.honba} honba" if p.honba else ""
            lines.append(f"  {p.payer:<10} pays {p.points}{honba}")
        if self.sticks:
            lines.append(f"  riichi sticks: {self.sticks}")
        lines.append(f"Total: {self.points} (winner receives {self.winner_receives})")
        return "\n".join(lines)
