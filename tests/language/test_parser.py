"""The rules language parser: the AST it builds, and its diagnostics."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from riichi_rules.errors import RuleError
from riichi_rules.language import ast
from riichi_rules.language.parser import parse_rules


def _parse_one(text: str) -> ast.Declaration:
    (decl,) = parse_rules(text, "t.rules").declarations
    return decl


def test_a_yaku_declaration_with_its_clauses_and_spans() -> None:
    decl = _parse_one(
        'yaku pinfu "Pinfu" {\n'
        "    han 1 closed\n"
        "    when every set is chow and wait is two_sided\n"
        '    source "EMA 2016"\n'
        "}\n"
    )
    assert (decl.kind, decl.name, decl.title, decl.override) == ("yaku", "pinfu", "Pinfu", False)
    han, when, source = decl.clauses
    assert han.keyword == "han" and han.closed_only and han.open_value is None
    assert isinstance(han.value, ast.Int) and han.value.value == 1
    assert (han.span.line, han.span.column) == (2, 5)
    assert isinstance(when.value, ast.Binary) and when.value.op == "and"
    assert isinstance(when.value.left, ast.NounTest)
    assert when.value.left.quantifier == "every" and when.value.left.noun == "set"
    assert source.label == "EMA 2016"


def test_open_han_and_override() -> None:
    decl = _parse_one("override yaku tanyao { han 1, open 0 when every tile is simple }")
    assert decl.override
    han = decl.clauses[0]
    assert isinstance(han.open_value, ast.Int) and han.open_value.value == 0
    assert not han.closed_only


def test_precedence_of_and_or_not_and_comparisons() -> None:
    decl = _parse_one("yaku a { han 1 when not closed or han + 1 * 2 >= 3 and tsumo }")
    cond = decl.clauses[1].value
    # or binds loosest: (not closed) or ((han + (1 * 2) >= 3) and tsumo)
    assert isinstance(cond, ast.Binary) and cond.op == "or"
    assert isinstance(cond.left, ast.Unary) and cond.left.op == "not"
    right = cond.right
    assert isinstance(right, ast.Binary) and right.op == "and"
    compare = right.left
    assert isinstance(compare, ast.Binary) and compare.op == ">="
    addition = compare.left
    assert isinstance(addition, ast.Binary) and addition.op == "+"
    assert isinstance(addition.right, ast.Binary) and addition.right.op == "*"


def test_comprehensions_aggregates_ranges_and_tiles() -> None:
    decl = _parse_one(
        "yaku a { han 1 when some(sets as c where chow: count(distinct suit of sets "
        "where number == c.number) == 3) and every([2..8] as n: n > 1) and win == 5z }"
    )
    cond = decl.clauses[1].value
    parts: list[ast.Expr] = []

    def flatten(node: ast.Expr) -> None:
        if isinstance(node, ast.Binary) and node.op == "and":
            flatten(node.left)
            flatten(node.right)
        else:
            parts.append(node)

    assert cond is not None
    flatten(cond)
    some, every, tile = parts
    assert isinstance(some, ast.Quantified) and some.comp.binder == "c"
    assert isinstance(some.body, ast.Binary)
    assert isinstance(some.body.left, ast.Aggregate) and some.body.left.kind == "distinct"
    assert isinstance(every, ast.Quantified) and isinstance(every.comp.source, ast.Range)
    assert isinstance(tile, ast.Binary) and isinstance(tile.right, ast.TileLit)


def test_fu_add_for_each_group() -> None:
    decl = _parse_one('fu f { base "Base" 20 add "Pung" for (sets where triplet): 2 round up 10 }')
    _base, add, rounding = decl.clauses
    assert add.comp is not None and isinstance(add.comp.where, ast.Name)
    assert isinstance(rounding.value, ast.Int) and rounding.value.value == 10


@pytest.mark.parametrize(
    ("text", "line", "column", "fragment", "hint"),
    [
        ("yaku a { hann 1 }", 1, 10, "unexpected name 'hann'", "did you mean 'han'?"),
        ("yaku a { when han = 1 }", 1, 19, "unexpected '='", "use '==' to compare"),
        ('yaku a {\n  source \'x\'\n}', 2, 10, "unexpected character", "double quotes"),
        ("yaku a { han 1", 1, 14, "unexpected end of file", "closed with '}'"),
        ("yaku a { han 2, opn 1 }", 1, 17, "written 'open N'", "did you mean 'open'?"),
    ],
)
def test_syntax_errors_point_at_the_spot(
    text: str, line: int, column: int, fragment: str, hint: str
) -> None:
    with pytest.raises(RuleError) as caught:
        parse_rules(text, "t.rules")
    (diag,) = caught.value.diagnostics
    assert (diag.file, diag.line, diag.column) == ("t.rules", line, column)
    assert fragment in diag.message
    assert hint in diag.hint
    rendered = diag.render()
    assert rendered.startswith(f"t.rules:{line}:{column}: ")
    assert rendered.splitlines()[2].index("^") == 4 + column - 1


def test_parsing_resumes_after_an_error_to_report_the_next() -> None:
    text = "yaku a { when }\nyaku b { han 1 when closed }\nyaku c { han = 1 }\n"
    with pytest.raises(RuleError) as caught:
        parse_rules(text, "t.rules")
    assert [d.line for d in caught.value.diagnostics] == [1, 3]


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_arbitrary_text_raises_only_rule_errors(text: str) -> None:
    try:
        parse_rules(text, "fuzz.rules")
    except RuleError as error:
        assert error.diagnostics


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from([
    "yaku", "a", "{", "}", "han", "1", "when", "closed", "and", "or", "not", "every", "set",
    "is", "chow", "(", ")", ":", "count", "sets", "where", "==", "2", ",", "open", "rule", ".",
    "kuitan", "override", "fu", "add", '"x"', "for", "5z", "[", "]", "..", "as", "c",
]), max_size=30))
def test_token_soup_raises_only_rule_errors(words: list[str]) -> None:
    try:
        parse_rules(" ".join(words), "fuzz.rules")
    except RuleError as error:
        assert error.diagnostics


def test_a_second_syntax_error_gets_its_own_message_and_hint() -> None:
    # two mistakes, one per declaration: '=' for '==' at line 3, column 22, then a condition
    # ending in 'and' (line 7, column 17) before 'source' at line 8, column 5. After the first,
    # parsing resumes at the next declaration; the second is reported at its own place with
    # the hint a file holding it alone gets (it used to come without a hint)
    second = 'yaku b "B" {\n    han 1\n    when closed and\n    source "x"\n}\n'
    text = 'yaku a "A" {\n    han 1\n    when count(sets) = 4\n}\n' + second
    with pytest.raises(RuleError) as caught:
        parse_rules(text, "two.rules")
    first, then = caught.value.diagnostics
    assert (first.line, first.column, first.hint) == (3, 22, "use '==' to compare, not '='")
    assert (then.line, then.column) == (8, 5)
    assert then.hint == "the condition ending in 'and' at line 7, column 17 has nothing after it"
    with pytest.raises(RuleError) as alone:
        parse_rules(second, "one.rules")
    (same,) = alone.value.diagnostics
    assert (same.message, same.hint.replace("line 3", "line 7")) == (then.message, then.hint)


def test_spans_reach_to_the_end_of_what_they_cover() -> None:
    (decl,) = parse_rules('yaku a "A" {\n    han 1\n    when some(sets as a: a.number == 7)\n}\n',
                          "t.rules").declarations
    when = decl.first("when")
    assert when is not None and when.value is not None
    span = when.value.span
    # 'some(sets as a: a.number == 7)' starts at column 10 and ends before column 40
    assert (span.line, span.column, span.end_line, span.end_column) == (3, 10, 3, 40)


# ---------------------------------------------------------------- bounds (riichi_rules.limits)


def _refused(text: str) -> list[tuple[int, int, str]]:
    with pytest.raises(RuleError) as info:
        parse_rules(text, "t.rules")
    return [(d.line, d.column, d.message) for d in info.value.diagnostics]


def test_a_long_string_costs_no_memory_per_character() -> None:
    # the STRING terminal was "([^"\\\n]|\\.)*": Python's re keeps state per repetition, about
    # 250 bytes a character; unrolled, a string's match takes constant memory
    doc = "x" * 10_000
    decl = _parse_one(f'yaku a "A" {{\n  han 1\n  when closed\n  doc "{doc}"\n}}\n')
    assert decl.first("doc") is not None and decl.first("doc").label == doc  # type: ignore[union-attr]
    lines = _refused(f'yaku a "A" {{\n  han 1\n  when closed\n  doc "{doc}x"\n}}\n')
    assert lines == [(4, 7, "a string of 10,001 characters: a string in a rule file holds at "
                            "most 10,000")]


def test_numbers_up_to_a_billion() -> None:
    assert _refused('yaku a "A" {\n  han 1' + "0" * 5000 + "\n  when closed\n}\n") == [
        (2, 7, "the number 1000000000... (5,001 digits) is too large: a rule writes numbers "
               "up to 1,000,000,000")]
    assert _refused('fu f {\n  base "B" 20\n  round up 1000000001\n}\n') == [
        (3, 12, "the number 1000000001 is too large: a rule writes numbers up to "
                "1,000,000,000")]
    decl = _parse_one('yaku a "A" {\n  han 1000000000\n  when closed\n}\n')
    assert decl.first("han").value.value == 10**9  # type: ignore[union-attr]


def test_brackets_nest_at_most_a_hundred_deep() -> None:
    ok = 'yaku a "A" {\n  han ' + "(" * 99 + "1" + ")" * 99 + "\n  when closed\n}\n"
    assert _parse_one(ok).name == "a"  # the braces of the declaration count one
    deep = 'yaku a "A" {\n  han ' + "(" * 100 + "1" + ")" * 100 + "\n  when closed\n}\n"
    # the 100th '(' on line 2 (at column 7 + 99) opens the 101st level
    assert _refused(deep) == [(2, 106, "brackets nest more than 100 deep here")]
    # brackets in strings and comments are text
    text = 'yaku a "A" {\n  han 1 # ' + "(" * 200 + '\n  when closed\n  doc "' + "[" * 200 + \
        '"\n}\n'
    assert _parse_one(text).name == "a"


def test_a_file_too_large_or_of_too_many_tokens() -> None:
    big = "#" * (256 * 1024 + 1)
    assert _refused(big) == [(1, 1, "a rule file holds at most 262,144 bytes; this one is "
                                    "larger")]
    # each declaration below is 9 tokens (yaku, a<i>, "A", {, han, 1, when, closed, }):
    # 1,111 of them make 9,999, and the 2nd token of the 1,112th (line 1,112) the 10,001st
    many = "".join(f'yaku a{i} "A" {{ han 1 when closed }}\n' for i in range(1112))
    assert _refused(many) == [(1112, 1, "a rule file holds at most 10,000 words, numbers, "
                                        "strings and symbols; this one has more")]
    assert len(parse_rules(many[:many.rindex("yaku")], "t.rules").declarations) == 1111


def test_at_most_a_hundred_syntax_errors_are_reported() -> None:
    text = "".join(f'yaku a{i} "A" {{ han when }}\n' for i in range(300))
    found = _refused(text)
    assert len(found) == 101
    assert found[-1][2] == "more syntax errors may follow: only the first 100 are reported"


def _diagnostic(text: str) -> tuple[str, str]:
    with pytest.raises(RuleError) as info:
        parse_rules(text, "t.rules")
    (d,) = info.value.diagnostics
    return d.message, d.hint


def test_a_misspelt_clause_keyword_is_matched_against_what_may_stand_there() -> None:
    # 'hans' is as close to 'has' as to 'han'; only 'han' may open a yaku's clause
    _, hint = _diagnostic('yaku x "X" {\n  hans 1\n  when every tile is simple\n}\n')
    assert hint == "did you mean 'han'?"


def test_a_condition_without_when_is_told_so() -> None:
    message, hint = _diagnostic('yaku x "X" {\n  han 1\n  every tile is simple\n}\n')
    assert message.startswith("unexpected 'every'; expected ")
    assert message.endswith(" more")  # the list says that it is cut, and by how much
    assert hint == "a condition starts with 'when': 'when every tile is simple'"


def test_a_file_is_parsed_once_a_process() -> None:
    # the eras of a ruleset and the rulesets extending one share their rule files: the same
    # text of the same file gives the same (immutable) tree, not a second parse; another name
    # is another tree (its spans name the file)
    text = 'yaku x "X" {\n    han 1 when closed\n}\n'
    first = parse_rules(text, "a.rules")
    assert parse_rules(text, "a.rules") is first
    other = parse_rules(text, "b.rules")
    assert other is not first and other.path == "b.rules"
