"""The English of the rulebook in one place: the words the renderer puts conditions and
values together with (nouns, verbs, their plurals and negations), tiles and parameter values in
words, and the fixed phrasing of the pages (the notes, the topics of the table rules, what a
clause of a table rule and its payer say)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from riichi_rules.docs.markdown import md as _md
from riichi_rules.docs.markdown import sentence as _sentence
from riichi_rules.language import vocabulary as v

# ---- words ---------------------------------------------------------------------------------

SUIT_NAMES = {"m": "characters", "p": "circles", "s": "bamboo"}
HONOUR_NAMES = ("East wind", "South wind", "West wind", "North wind", "White dragon",
                "Green dragon", "Red dragon")

# How an enum value reads after "the wait is" / "the hand is".
WAIT_WORDS = {
    "two_sided": "two-sided", "closed": "closed", "edge": "an edge wait",
    "pair": "a wait on either of two pairs", "single": "a single-tile wait on the pair",
    "thirteen_sided": "thirteen-sided",
}
FORM_WORDS = {
    "standard": "four sets and a pair", "seven_pairs": "seven pairs",
    "thirteen_orphans": "thirteen orphans",
}
# Whole sentences for "<how the tile was released> is X" and "<where it comes from> is X"
# (table rules: ``on is discard``, ``from is left``), by the type of the left side.
ENUM_SENTENCES: dict[str, dict[str, str]] = {
    v.RELEASE: {
        "discard": "the tile was discarded",
        "added_kan": "the tile was added to a pung to make a kan",
        "closed_kan": "the tile was declared in a concealed kan",
        "kita": "the tile is a North set aside (kita)",
    },
    v.DIRECTION: {
        "left": "the tile comes from the player on the left",
        "across": "the tile comes from the player opposite",
        "right": "the tile comes from the player on the right",
    },
}

# The nouns of the collections a comprehension goes through: (singular, plural).
SOURCE_NOUNS: dict[str, tuple[str, str]] = {
    "tiles": ("tile", "tiles"), "groups": ("group", "groups"), "sets": ("set", "sets"),
    "melds": ("declared meld", "declared melds"), "pairs": ("pair", "pairs"),
    "waits": ("waiting tile", "waiting tiles"), "dora": ("dora indicator", "dora indicators"),
    "ura": ("ura-dora indicator", "ura-dora indicators"),
    # the table rules'
    "hand": ("concealed tile", "concealed tiles"),
    "readings": ("reading of the hand", "readings of the hand"),
    "own_discards": ("tile the player discarded", "tiles the player discarded"),
    "first_discards": ("first discard", "first discards"),
    "own_added_kan_tiles": ("tile the player added to a kan", "tiles the player added to kans"),
}
# Sources whose elements may be named by what the filter says they are ("chows").
RENAMEABLE = frozenset({"tiles", "groups", "sets", "melds", "pairs"})

# Where a vocabulary phrase reads badly inside a sentence, the word used instead.
VALUE_WORDS = {
    "yakuman_total": "the total of the yakuman multiples",
    "yakuman_max": "the largest single yakuman multiple",
}
FORMULA_WORDS = {"han": "han", "fu": "fu", "basic": "basic points"}
PLURAL_FEATURES = frozenset({"basic", "tiles", "dora", "ura", "waits", "groups", "sets",
                             "pairs", "melds"})

# Negated forms of the verbs of feature phrases (the verb that comes first in the phrase is
# negated; "is" and "are" when no other verb comes before them).
VERB_NEGATIONS = {
    " has declared ": " has not declared ", " declared ": " did not declare ",
    " comes ": " does not come ", " completes ": " does not complete ",
    " would ": " would not ", " began ": " did not begin ", " ended ": " did not end ",
    " won ": " did not win ", " has had ": " has not had ", " was ": " was not ",
    " were ": " were not ", " is ": " is not ", " are ": " are not ",
    " holds ": " does not hold ", " has ": " does not have ",
}
# "the number of <plural noun> who/that <verb phrase>" (a count feature's phrase): the verb
# of the clause as it agrees with one.
SINGULAR_VERBS = {"have": "has", "are": "is", "were": "was"}

COMPARE_WORDS = {
    "==": "is", "!=": "is not", "<": "is less than", "<=": "is at most", ">": "is more than",
    ">=": "is at least",
}
COMPARE_WORDS_PLURAL = {
    "==": "are", "!=": "are not", "<": "are fewer than", "<=": "are at most",
    ">": "are more than", ">=": "are at least",
}
NEGATE_OP = {"==": "!=", "!=": "==", "<": ">=", "<=": ">", ">": "<=", ">=": "<"}
MIRROR_OP = {"==": "==", "!=": "!=", "<": ">", "<=": ">=", ">": "<", ">=": "<="}
COUNT_WORDS = {
    "==": "exactly", "!=": "a number other than", "<": "fewer than", "<=": "at most",
    ">": "more than", ">=": "at least",
}
ARITH_SYMBOLS = {"+": "+", "-": "\u2212", "*": "\u00d7", "/": "÷", "%": "mod", "^": "^"}
PRECEDENCE = {"+": 5, "-": 5, "*": 6, "/": 6, "%": 6, "^": 7}
NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")

SHAPES = frozenset(n for n, p in v.GROUP_PREDICATES.items() if p.shapes is not None)
IDENTICAL_SHAPES = frozenset({"pung", "kong", "triplet", "pair"})
PRENOMINAL = frozenset({"concealed", "open"})


def strip(phrase: str) -> str:
    """A phrase without its parenthetical explanation: "a simple (2-8 of a suit)" -> "a simple"."""
    return re.sub(r"\s*\([^)]*\)", "", phrase).strip()


def bare(phrase: str) -> str:
    """A noun phrase without its indefinite article."""
    for article in ("a ", "an "):
        if phrase.startswith(article):
            return phrase[len(article):]
    return phrase


def has_article(phrase: str) -> bool:
    return phrase.startswith(("a ", "an "))


def with_article(noun: str) -> str:
    return ("an " if noun[:1] in "aeiou" else "a ") + noun


def plural_word(word: str) -> str:
    if word.endswith(("s", "x", "ch", "sh")):
        return word + "es"
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


def plural(noun: str) -> str:
    """"pung or kong" -> "pungs or kongs", "single tile" -> "single tiles"."""
    parts = bare(noun).split(" or ")
    out = []
    for part in parts:
        words = part.split(" ")
        words[-1] = plural_word(words[-1])
        out.append(" ".join(words))
    return " or ".join(out)


def join(items: Sequence[str], word: str) -> str:
    """"A", "A and B", "A, B, and C" (and "A, and B" when A or B has an "and" of its own)."""
    if len(items) <= 1:
        return "".join(items)
    if len(items) == 2:
        if any(f" {word} " in item or "," in item or item.startswith(("both ", "all of: "))
               for item in items):
            return f"{items[0]}, {word} {items[1]}"
        return f"{items[0]} {word} {items[1]}"
    return ", ".join(items[:-1]) + f", {word} {items[-1]}"


def tile_name(text: str) -> str:
    """A tile in words: ``5z`` -> "the White dragon (5z)", ``0p`` -> "the red 5 of circles
    (0p)"."""
    digit, letter = text[0], text[1]
    if letter == "z":
        index = int(digit) - 1
        name = HONOUR_NAMES[index] if 0 <= index < len(HONOUR_NAMES) else text
        return f"the {name} ({text})"
    if digit == "0":
        return f"the red 5 of {SUIT_NAMES.get(letter, letter)} ({text})"
    return f"the {digit} of {SUIT_NAMES.get(letter, letter)} ({text})"


def format_value(value: object) -> str:
    """A parameter's value in words: on/off, a number, a quoted text, a list."""
    if isinstance(value, bool):
        return "on" if value else "off"
    if value is None:
        return "none"
    if isinstance(value, str):
        return f"“{value}”"
    if isinstance(value, (list, tuple)):
        return ", ".join(format_value(x) for x in value) if value else "none"
    if isinstance(value, Mapping):
        return ", ".join(f"{k}: {format_value(x)}" for k, x in value.items())
    return str(value)


def negate_phrase(phrase: str) -> str:
    """"the player has declared riichi" -> "the player has not declared riichi": the verb that
    comes first is negated (of two verbs starting at the same place, the longer one)."""
    found = [(phrase.find(verb), -len(verb), verb) for verb in VERB_NEGATIONS
             if verb in phrase]
    if not found:
        return f"it is not the case that {phrase}"
    _, _, verb = min(found)
    return phrase.replace(verb, VERB_NEGATIONS[verb], 1)


def count_clause(op: str, n: int, noun: str, rest: str, noun_only: bool = False) -> str:
    """A count as a clause: (``<``, 4, "kans", "have been declared") -> "fewer than 4 kans
    have been declared"; with ``noun_only`` the rest does not agree with the count ("copies",
    "of W": "at least one copy of W")."""
    if (n == 0 and op in ("==", "<=")) or (n == 1 and op == "<"):
        return f"no {noun} {rest}"
    if (n == 0 and op in (">", "!=")) or (n == 1 and op == ">="):
        return f"at least one {singular(noun)} {rest if noun_only else agree(rest)}"
    if n == 1 and op == "==":
        return f"exactly one {singular(noun)} {rest if noun_only else agree(rest)}"
    return f"{COUNT_WORDS[op]} {n} {noun} {rest}"


def singular(noun: str) -> str:
    """"players" -> "player", "copies" -> "copy", "kans" -> "kan"."""
    if noun.endswith("ies"):
        return noun[:-3] + "y"
    return noun[:-1] if noun.endswith("s") else noun


def agree(clause: str) -> str:
    """A verb phrase as it agrees with one: "have declared riichi" -> "has declared riichi",
    "claim ron" -> "claims ron"."""
    verb, _, rest = clause.partition(" ")
    if verb in SINGULAR_VERBS:
        verb = SINGULAR_VERBS[verb]
    elif verb.isalpha() and not verb.endswith(("ed", "s")):
        verb += "s"
    return f"{verb} {rest}" if rest else verb


def number_word(n: int) -> str:
    """0..9 in words, larger numbers as digits."""
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


# ---- the fixed phrasing of the pages --------------------------------------------------------

# Short names of the bundled rulesets (column heads, titles).
SHORT_NAMES = {
    "ema-2016": "EMA 2016", "ema-2025": "EMA 2025", "wrc-2022": "WRC 2022",
    "wrc-2025": "WRC 2025", "tenhou": "Tenhou", "mahjong-soul": "Mahjong Soul",
    "m-league": "M.League", "jpml": "JPML",
}


@dataclass(frozen=True, slots=True)
class Topic:
    slug: str
    title: str
    intro: str
    parameters: tuple[str, ...]
    table_rule: bool  # a rule of the table (the referee's): a page of its own per ruleset
    kinds: tuple[str, ...] = ()  # the kinds of table declarations the page shows


NOT_YET = ("These rules are not written in the rules language: the referee plays them "
           "straight from the ruleset's parameters. This page is generated from those "
           "parameters.")
REFEREE = ("These are rules of the table, read by the referee (not by the scorer). Each rule "
           "is rendered in English from the rule file, with the values of the parameters it "
           "reads in this ruleset, and what it comes to here once those values are put in.")

TOPICS: tuple[Topic, ...] = (
    Topic("scoring", "Scoring", "Parameters the scoring rules read (folded into the yaku, "
          "fu, limits and payments rules).",
          ("kuitan", "ippatsu", "red_fives", "ura_dora", "kan_dora", "kan_ura_dora", "kiriage",
           "kazoe_yakuman", "double_yakuman", "yakuman_stacking", "renhou", "nagashi_mangan",
           "open_pinfu_fu", "pinfu_tsumo_fu", "chiitoitsu_fu", "double_wind_pair_fu",
           "rinshan_tsumo_fu", "two_han_minimum", "honba_ron", "honba_tsumo_each",
           "riichi_deposit"), False),
    Topic("furiten", "Furiten", "When a player may not win on a discard.",
          ("temporary_furiten_ends", "kakan_counts_as_discard", "furiten_riichi"), True,
          ("furiten",)),
    Topic("claims", "Claims", "Who may claim a discard, and what happens when several do.",
          ("multiple_ron", "multi_ron_deposits", "triple_ron_abort", "chankan",
           "kokushi_robs_ankan", "kuikae", "chi", "kita_ron"), True, ("claim", "discard")),
    Topic("riichi", "Riichi", "When riichi may be declared and what it commits the player to.",
          ("riichi_min_wall_tiles", "riichi_min_points", "furiten_riichi", "riichi_ankan",
           "riichi_declaration_ron_deposit", "riichi_deposit"), True, ("riichi_rule",)),
    Topic("kans", "Kans", "Declaring kans, their dora, and robbing them.",
          ("max_kans", "kan_dora", "kan_ura_dora", "kan_dora_timing_closed",
           "kan_dora_timing_open", "riichi_ankan", "chankan", "kokushi_robs_ankan",
           "pao_daiminkan_rinshan"), True, ("kan_rule",)),
    Topic("pao", "Pao (liability)", "Who pays for a yakuman that another player's discard "
          "made possible.",
          ("pao_yakuman", "pao_ron_payment", "pao_honba", "pao_composite",
           "pao_daiminkan_rinshan"), True, ("pao", "pao_payment")),
    Topic("draws", "Draws", "Abortive and exhaustive draws, and what is paid at an "
          "exhaustive draw.",
          ("abortive_draws", "triple_ron_abort", "noten_payment_total", "tenpai_own_four_tiles",
           "nagashi_mangan", "max_kans", "dead_wall"), True, ("draw",)),
    Topic("win-flags", "Situation of a win", "What the referee tells the scorer about a win "
          "at the table, from the moment of the win: ippatsu, double riichi, rinshan, chankan, "
          "haitei, houtei, tenhou, chiihou and renhou (what each scores is the yaku's rule).",
          (), True, ("win_flag",)),
    Topic("wins", "Honba and sticks on a win", "What a winner collects from the table: the "
          "honba, and the riichi sticks, also when several players win on one tile.",
          ("multi_ron_deposits", "riichi_deposit"), True, ("collect",)),
    Topic("next-hand", "Next hand", "Who deals the next hand, when honba counters are "
          "added, and when the game ends.",
          ("dealer_repeat", "bust_ends_game", "agari_yame", "tenpai_yame",
           "west_round_extension", "west_round_target"), True, ("next_hand",)),
    Topic("game", "Game and final score", "Starting points, the riichi sticks left at the "
          "end, uma, oka, ties, the final results, and penalties.",
          ("start_points", "return_points", "uma", "uma_floating", "oka", "tied_ranks",
           "deposits_at_end", "final_points_rounding", "bust_ends_game", "agari_yame",
           "tenpai_yame", "west_round_extension", "chombo"), True, ("standings",)),
)

GENERATED_NOTE = ("!!! note \"Generated\"\n    This page is generated by `riichi docs build` "
                  "from the rules that run{what}. Do not edit it: edit the rules.\n")


PAYERS = {
    "liable": "the liable player pays {value}", "discarder": "the discarder pays {value}",
    "normally": "each player who would pay without liability pays {value}",
    "each": "each other player pays {value}", "dealer": "the dealer pays {value}",
    "non_dealer": "each non-dealer pays {value}",
    "noten": "each player who is not tenpai pays {value}",
}

RESULT_WORDS = {"standings": "The player's result (in points)",
                "collect": "The riichi sticks the player takes off the table"}
"""What a table rule's ``result`` says, by its kind."""

CLAUSE_WORDS = {"when": "Applies when", "allow": "Allowed when", "forbid": "Forbidden when",
                "balance": "The player takes what makes the results sum to zero when"}
CONST_WORDS = {
    "when": ("it never applies", "it always applies"),
    "allow": ("it is never allowed", "it is always allowed"),
    "forbid": ("it is never forbidden", "it is always forbidden"),
    "balance": ("no player does", "every player does"),
}


def value_words(name: str, value: object, schema: Mapping[str, Any]) -> str:
    """A parameter's value and, for an enum value the description explains, its meaning."""
    text = format_value(value)
    if isinstance(value, str):
        meaning = enum_meaning(str(schema.get("description", "")), value)
        if meaning:
            return f"{_md(text)} — {_md(meaning)}"
    return _md(text)


def enum_meaning(description: str, value: str) -> str:
    """From "...: a = first meaning; b = second meaning." the meaning of ``value``."""
    match = re.search(rf"(?:^|[:;(,]\s*){re.escape(value)} = ([^;]+?)(?:;|\.\s|\.$|$)",
                      description)
    return match.group(1).strip() if match else ""


def prose(name: str, value: object, schema: Mapping[str, Any]) -> str:
    """One line saying what the value means."""
    description = str(schema.get("description", ""))
    if isinstance(value, bool):
        first = description.split(". ")[0].rstrip(".")
        return f"Yes: {first[0].lower() + first[1:]}." if value else \
            f"No: it is not the case that {first[0].lower() + first[1:]}."
    if isinstance(value, str):
        meaning = enum_meaning(description, value)
        return _sentence(meaning) if meaning else f"{value}."
    if isinstance(value, list | tuple):
        return (", ".join(str(x) for x in value) + ".") if value else "None."
    if value is None:
        return "None."
    return f"{format_value(value)}."


def outcome(text: str) -> str:
    """A case's short outcome in words: ``4h30f 7700`` -> "4 han 30 fu: 7700"."""
    match = re.fullmatch(r"(\d+)h(\d+)f (-?\d+)", text)
    if match:
        return f"{match[1]} han {match[2]} fu: {match[3]}"
    match = re.fullmatch(r"yakuman x(\d+) (-?\d+)", text)
    if match:
        times = "" if match[1] == "1" else f"{match[1]}\u00d7 "
        return f"{times}yakuman: {match[2]}"
    match = re.fullmatch(r"error (\w+)", text)
    if match:
        return f"not scored ({match[1]})"
    return text
