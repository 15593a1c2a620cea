"""What the end of a hand moves between the seats, as the table rules say: a win's payments
(the scorer's, or under liability the ``pao_payment`` rules'), the honba and riichi sticks a
winner collects (``collect``), and at an exhaustive draw nagashi mangan and the noten payments
(``draw``), and the riichi stick a player puts down (``riichi_rule stick``). It reads the
hand's state and returns score changes: the referee writes them."""

from __future__ import annotations

from collections.abc import Sequence

from riichi_rules.language.table_vocabulary import TableEnv
from riichi_rules.records.events import WonHand
from riichi_rules.referee.questions import Questions
from riichi_rules.referee.state import HandState, SeatState
from riichi_rules.scoring.program import TableRule
from riichi_rules.scoring.result import Result


class Settlement:
    """The settlement of one hand's end, on the referee's :class:`HandState`."""

    def __init__(self, state: HandState, ask: Questions) -> None:
        self.state = state
        self.ask = ask

    def win(self, seat: SeatState, event: WonHand, result: Result, first_winner: bool,
            claimants: int) -> tuple[list[int], int]:
        """Each seat's score change for ``seat``'s win, and the riichi sticks the winner takes
        off the table; ``first_winner``: the first on the tile (or a self-draw);
        ``claimants``: the other players in riichi who may still win on the tile."""
        state = self.state
        collect = self._collect_env(seat, event, first_winner, claimants)
        deltas = [0] * state.players
        winds = {s.wind(state.dealer, state.players).value: s.seat for s in state.seats}
        honba_rule = self.ask.table.named("collect", "honba_counters")
        collects = bool(honba_rule and honba_rule.when and honba_rule.when(collect))
        honba_points = sum(p.honba for p in result.payments) if collects else 0
        liable = _liable(seat, result)
        if liable is not None:
            env = self.ask.env(state, seat)
            env.total = result.points
            env.yakuman_count = result.yakuman
            env.liable_yakuman = sum(y.yakuman for y in result.yaku
                                     if y.yakuman and y.id in seat.liable)
            env.honba_points = honba_points
            env.tsumo = event.from_seat == event.seat
            env.ron = not env.tsumo
            for rule in self.ask.table.of("pao_payment"):
                for step in rule.pays:
                    if step.when is not None and not step.when(env):
                        continue
                    if step.payer == "normally":  # each usual payer, asked of their share
                        for payment in result.payments:
                            payer = (event.from_seat if payment.payer == "discarder"
                                     else winds[payment.payer])
                            env.share = payment.points
                            share = int(step.amount(env))
                            deltas[payer] -= share
                            deltas[seat.seat] += share
                        env.share = 0
                        continue
                    amount = int(step.amount(env))
                    payer = liable if step.payer == "liable" else event.from_seat
                    deltas[payer] -= amount
                    deltas[seat.seat] += amount
        else:
            for payment in result.payments:
                payer = event.from_seat if payment.payer == "discarder" else winds[payment.payer]
                amount = payment.points + (payment.honba if collects else 0)
                deltas[payer] -= amount
                deltas[seat.seat] += amount
        # the riichi sticks this winner takes, and their points, as the collect rules say
        # (never more sticks than lie on the table)
        deltas[seat.seat] += sum(rule.gained(collect) for rule in self.ask.table.of("collect"))
        sticks = self.ask.table.named("collect", "riichi_sticks")
        taken = int(sticks.result(collect)) if sticks is not None and sticks.result else 0
        return deltas, min(state.sticks, max(taken, 0))

    def riichi_stick(self, seat: SeatState) -> int:
        """What ``seat`` gains as its riichi is accepted, by the ``riichi_rule stick`` rule:
        a negative gain, the stick it puts down."""
        rule = self.ask.table.named("riichi_rule", "stick")
        return rule.gained(self.ask.env(self.state, seat)) if rule is not None else 0

    def _collect_env(self, seat: SeatState, event: WonHand, first_winner: bool,
                     claimants: int) -> TableEnv:
        """The question "what does this winner collect from the table?": the sticks on it,
        whether the winner is the first on the tile, whether their own riichi stick is there,
        and how many other players in riichi may still win on the tile."""
        env = self.ask.env(self.state, seat)
        env.sticks = self.state.sticks
        env.first_winner = first_winner
        env.riichi_stick = seat.riichi and not seat.riichi_pending
        env.tsumo = event.from_seat == event.seat
        env.ron = not env.tsumo
        if env.ron:
            env.riichi_claimants = claimants
        return env

    def exhaustive(self, tenpai: Sequence[int]) -> list[int]:
        """Each seat's score change at an exhaustive draw, ``tenpai`` the seats tenpai: the
        nagashi mangan each seat is paid, then what each seat gains (or pays: a negative
        gain) by the ``noten_payment`` rule."""
        state = self.state
        deltas = [0] * state.players
        nagashi = self.ask.table.named("draw", "nagashi_mangan")
        paid = 0
        if nagashi is not None and nagashi.when is not None:
            for s in state.seats:
                env = self.ask.env(state, s)
                if nagashi.when(env):
                    paid += 1
                    self._pay(nagashi, env, s.seat, deltas)
        noten = self.ask.table.named("draw", "noten_payment")
        if noten is not None and noten.when is not None:
            for s in state.seats:
                env = self.ask.env(state, s)
                env.tenpai = s.seat in tenpai
                env.tenpai_count = len(tenpai)
                env.noten_count = state.players - len(tenpai)
                env.nagashi_seats = paid
                if noten.when(env):
                    deltas[s.seat] += noten.gained(env)
        return deltas

    def _pay(self, rule: TableRule, env: TableEnv, receiver: int, deltas: list[int]) -> None:
        """Payments of a draw rule to ``receiver`` (nagashi mangan)."""
        dealer = self.state.dealer
        for step in rule.pays:
            if step.when is not None and not step.when(env):
                continue
            amount = int(step.amount(env))
            for s in range(self.state.players):
                if s == receiver:
                    continue
                if step.payer == "each" or (step.payer == "dealer" and s == dealer) or (
                        step.payer == "non_dealer" and s != dealer):
                    deltas[s] -= amount
                    deltas[receiver] += amount


def _liable(seat: SeatState, result: Result) -> int | None:
    """The seat liable for the win (pao), if a liable yakuman scored."""
    for y in result.yaku:
        if y.yakuman and y.id in seat.liable:
            return seat.liable[y.id]
    return None

