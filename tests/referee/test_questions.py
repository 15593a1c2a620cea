"""The questions the referee puts to the table rules (referee/questions.py)."""

from __future__ import annotations

from riichi_rules.referee.hand import HandReferee
from riichi_rules.scoring.scorer import program
from riichi_rules.tiles import Wind, parse_tiles


def _referee() -> HandReferee:
    """Seat 1 holds 123m 456p 789s 1z1z 2z2z: tenpai, waiting on 1z and 2z (a wait on either
    pair, EMA 2016 §2 "Shanpon")."""
    return HandReferee(program("ema-2016"), dealer=0, round_wind=Wind.E, honba=0, sticks=0,
                       scores=[25000] * 4, hands=[parse_tiles(h) for h in (
                           "159m159p159s1234z", "123m456p789s1122z", "37m37p37s1234567z",
                           "48m48p48s1234567z")], dora_indicator=parse_tiles("9p")[0])


def test_a_claim_works_out_completes_and_furiten_when_read() -> None:
    """A tile completes the hand when it is one of its waits; the seat is furiten when a wait
    is among its own discards (EMA 2016 §3.2)."""
    referee = _referee()
    state, seat = referee.state, referee.state.seats[1]
    one, two, five = parse_tiles("1z2z5z")
    env = referee.ask.claim_env(state, seat, one, 0, "discard", True)
    assert env.completes and not env.furiten
    assert not referee.ask.claim_env(state, seat, five, 0, "discard", True).completes
    seat.discards.append(two)
    assert referee.ask.claim_env(state, seat, one, 0, "discard", True).furiten


def test_a_pung_claim_does_not_look_for_waits() -> None:
    """The pung rule (EMA 2016 §3.3.4) reads neither ``completes`` nor ``furiten``: the
    question is answered without working out the seat's waits."""
    referee = _referee()
    state, seat = referee.state, referee.state.seats[1]
    env = referee.ask.claim_env(state, seat, parse_tiles("1z")[0], 0, "discard", False)
    assert referee.ask.allowed("claim", "pon", env)
    assert {"waits", "completes", "furiten"}.isdisjoint(vars(env))


def test_a_question_reads_the_seat_at_its_moment() -> None:
    """The facts of a seat's discards and of the table are read when first asked: a question
    asked at once sees the discards made so far, and a new question the ones after."""
    referee = _referee()
    state, seat = referee.state, referee.state.seats[1]
    two, five = parse_tiles("2z5z")
    seat.discards.append(five)
    env = referee.ask.env(state, seat)
    assert env.own_discards == (five,) and env.riichi_seats == 0 and env.kan_seats == 0
    seat.discards.append(two)
    state.seats[2].riichi = True
    again = referee.ask.env(state, seat)
    assert again.own_discards == (five, two) and again.riichi_seats == 1
    assert env.own_discards == (five,)  # a fact once read stays as it was read


def test_a_settled_question_keeps_the_seat_as_it_was_asked() -> None:
    """A question kept past its moment (the search keeps a sample) is settled first: its facts
    read later are those of the moment it was asked, before the seat drew and discarded."""
    referee = _referee()
    state, seat = referee.state, referee.state.seats[1]
    one, two, five = parse_tiles("1z2z5z")
    asked = tuple(seat.hand)
    env = referee.ask.claim_env(state, seat, one, 0, "discard", True)
    env.settle()
    seat.give(five)
    seat.discards.append(two)
    assert env.hand == asked and env.waits == (one, two) and env.own_discards == ()
    assert env.completes and not env.furiten


def test_a_discard_takes_one_tile_of_its_kind_and_colour() -> None:
    """SeatState.without: one copy out of a new list, a red five told from a plain one."""
    seat = _referee().state.seats[0]
    seat.hand = list(parse_tiles("055m1z"))
    five, red, east, west = parse_tiles("5m0m1z3z")
    assert seat.without(red) == list(parse_tiles("55m1z"))
    assert seat.without(five) == list(parse_tiles("05m1z"))
    assert seat.without(east) == list(parse_tiles("055m"))
    rest = seat.without(west)
    assert rest == seat.hand and rest is not seat.hand
