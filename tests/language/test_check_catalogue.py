"""The catalogue of rule-file mistakes: each file of tests/language/mistakes/ holds one
realistic mistake, and `riichi check` must report it at the right place, with a clear message,
the source line, a caret under the fault and a hint.

The expectations below are written from the mistake files themselves (the line and column of
the faulty text, counted by hand and double-checked by ``test_the_table_points_at_the_text``),
never from the checker's output. Entries the checker does not meet yet are marked
``xfail(strict=True)`` with what is wrong: fixing the checker makes them pass, and the strict
mark then asks for the mark to be removed.
"""

from __future__ import annotations

import json
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest

from riichi_rules.cli import main

MISTAKES = Path(__file__).parent / "mistakes"

ANY_HINT = ""  # the hint must be there; its wording is free


@dataclass(frozen=True)
class Mistake:
    file: str
    line: int
    column: int
    at: str  # the text the caret must sit under
    message: str  # a fragment of the message
    hint: str | None  # a fragment of the hint (ANY_HINT: any hint; None: not checked)
    # "alone": `riichi check FILE.rules`; "ruleset": the file is the extra rule file of a
    # ruleset extending ema-2016 (mistakes that only show against the declarations of other
    # files: unknown yaku in 'replaces', overrides, redeclarations)
    context: str = "alone"
    known_issue: str = ""  # non-empty: the checker does not report this well yet (xfail)


CATALOGUE: tuple[Mistake, ...] = (
    Mistake("misspelled_keyword.rules", 5, 5, "hann", "unexpected name 'hann'",
            "did you mean 'han'?"),
    Mistake("single_equals.rules", 6, 33, "=", "unexpected '='", "'=='"),
    Mistake("missing_brace.rules", 9, 1, "yaku four_chows", "'}'", "'}'"),
    Mistake("unknown_name.rules", 6, 23, "chwo", "unknown name 'chwo'",
            "did you mean 'chow'?"),
    Mistake("unknown_parameter.rules", 6, 46, "rule.kuitann",
            "unknown parameter 'rule.kuitann'", "did you mean 'kuitan'?"),
    Mistake("unknown_replaces.rules", 7, 14, "riichii",
            "replaces 'riichii', which is not declared", "did you mean 'riichi'?",
            context="ruleset"),
    Mistake("replaces_cycle.rules", 10, 1, "yaku little_three_winds",
            "'replaces' goes round in a circle: big_three_winds -> little_three_winds -> "
            "big_three_winds", ANY_HINT),
    Mistake("duplicate_in_file.rules", 11, 1, "yaku sanrenkou",
            "yaku 'sanrenkou' is already declared at", "override yaku sanrenkou"),
    Mistake("duplicate_base.rules", 4, 1, "yaku pinfu",
            "yaku 'pinfu' is already declared at", "write 'override yaku pinfu'",
            context="ruleset"),
    Mistake("override_nothing.rules", 4, 1, "override yaku pinfuu",
            "'override yaku pinfuu' overrides nothing", "did you mean 'pinfu'?",
            context="ruleset"),
    Mistake("missing_han.rules", 4, 1, "yaku four_chows",
            "yaku 'four_chows' has no 'han' clause", "han"),
    Mistake("han_is_condition.rules", 5, 9, "closed", "must be a number", ANY_HINT),
    Mistake("when_number.rules", 6, 10, "3", "not a number", ANY_HINT),
    Mistake("every_without_condition.rules", 6, 10, "every(sets)",
            "every(...) needs a condition", "every(sets: chow)"),
    Mistake("unknown_attribute.rules", 7, 70, "a.nmber", "a group has no attribute 'nmber'",
            "did you mean 'number'?"),
    Mistake("unknown_function.rules", 5, 48, "nxt(d)", "unknown function 'nxt'",
            "did you mean 'next'?"),
    Mistake("wrong_arity.rules", 5, 19, "round_up(basic * 4)",
            "round_up() takes 2 argument(s), not 1", "round_up("),
    Mistake("single_quotes.rules", 4, 17, "'Four chows'", "unexpected character \"'\"",
            "double quotes"),
    Mistake("wait_misspelled.rules", 6, 18, "two_side", "'two_side' is not a wait",
            "did you mean 'two_sided'?"),
    Mistake("yaku_in_yaku.rules", 6, 10, "yaku(pinfu)",
            "yaku(...) can only be asked once the yaku are known", ANY_HINT),
    Mistake("group_is_number.rules", 6, 10, "pair is 5",
            "cannot test whether a group is a number", "pair.number"),
    Mistake("unknown_kind.rules", 4, 1, "yakuu", "unknown kind of declaration 'yakuu'",
            "did you mean 'yaku'?"),
    Mistake("open_han_without_comma.rules", 5, 11, "open", "open", "han 2, open 1"),
    Mistake("missing_id.rules", 4, 6, '"Four chows"', "expected a name",
            "a declaration needs a name after its kind"),
    Mistake("yakuman_with_han.rules", 5, 5, "han 13", "a yakuman has no 'han' clause",
            "a yakuman takes: doc, let, multiple, replaces, source, when"),
    Mistake("when_twice.rules", 7, 5, "when closed", "'when' is given twice", "and"),
    Mistake("dangling_and.rules", 7, 5, "source", "unexpected 'source'", ANY_HINT),
    Mistake("unclosed_parenthesis.rules", 7, 5, "source", "expected ')'", ANY_HINT),
    Mistake("name_out_of_scope.rules", 5, 21, "noten_count",
            "'noten_count' means nothing in a furiten rule: the referee gives it to draw rules",
            "ask it in a draw rule"),
    Mistake("parameter_value_typo.rules", 6, 40, '"yakuman_typo"',
            "'yakuman_typo' is not a value of rule.renhou (one of: none, mangan, five_han, "
            "best_of)", None),
    Mistake("situation_reads_the_hand.rules", 5, 49, "melds",
            "'melds' is known only once the hand is read or scored: a situation rule reads "
            "the facts of the win alone", "forbid when ippatsu and rinshan"),
    Mistake("situation_without_doc.rules", 4, 1, "situation ippatsu_haitei",
            "situation 'ippatsu_haitei' has no 'doc' clause", "doc"),
)


def _params() -> list[object]:
    out = []
    for m in CATALOGUE:
        marks = [pytest.mark.xfail(strict=True, reason=m.known_issue)] if m.known_issue else []
        out.append(pytest.param(m, id=m.file.removesuffix(".rules"), marks=marks))
    return out


_HEAD = re.compile(r"^(?P<file>.+?):(?P<line>\d+):(?P<col>\d+): (?P<message>.*)$")


def _check(mistake: Mistake, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
           capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """Run `riichi check` on the mistake; return (exit status, output, the file as named in
    diagnostics)."""
    if mistake.context == "ruleset":
        folder = tmp_path / "house"
        folder.mkdir()
        shutil.copy(MISTAKES / mistake.file, folder / mistake.file)
        (folder / "ruleset.json").write_text(json.dumps({
            "id": "house", "name": "House rules",
            "source": {"rulebook": "house rules", "edition": "1"},
            "extends": "ema-2016", "rules": [mistake.file],
        }), encoding="utf-8")
        monkeypatch.chdir(tmp_path)  # diagnostics name rule files relative to the cwd
        status = main(["check", "house"])
        shown = f"house/{mistake.file}"
    else:
        shown = str(MISTAKES / mistake.file)
        status = main(["check", shown])
    out = capsys.readouterr()
    return status, out.out + out.err, shown


def test_catalogue_is_large_and_complete() -> None:
    files = {p.name for p in MISTAKES.glob("*.rules")}
    assert len(CATALOGUE) >= 20
    assert files == {m.file for m in CATALOGUE}, "every mistake file has one table entry"


@pytest.mark.parametrize("mistake", CATALOGUE, ids=lambda m: m.file.removesuffix(".rules"))
def test_the_table_points_at_the_text(mistake: Mistake) -> None:
    """The table itself: (line, column) is where ``at`` is written in the mistake file."""
    lines = (MISTAKES / mistake.file).read_text(encoding="utf-8").splitlines()
    assert lines[mistake.line - 1][mistake.column - 1:].startswith(mistake.at)


@pytest.mark.parametrize("mistake", _params())
def test_mistake_is_reported(
    mistake: Mistake, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, output, shown = _check(mistake, tmp_path, monkeypatch, capsys)
    assert status == 1, output
    assert "Traceback" not in output
    lines = output.splitlines()
    head = _HEAD.match(lines[0])
    assert head is not None, output
    # one mistake, one diagnostic
    assert lines[-1].endswith(": 1 problem"), output
    assert (head["file"], int(head["line"]), int(head["col"])) == (
        shown, mistake.line, mistake.column), output
    assert mistake.message in head["message"], output
    # the source line, then the caret under the column, underlined to the end of the faulty
    # text (a name, a token, an expression) when the checker knows it: at least the start of
    # what the table names, never past the line
    source = (MISTAKES / mistake.file).read_text(encoding="utf-8").splitlines()[mistake.line - 1]
    assert lines[1] == "    " + source.rstrip(), output
    caret = re.fullmatch(r"    ( *)(\^~*)", lines[2])
    assert caret is not None and len(caret[1]) == mistake.column - 1, output
    marked = source[mistake.column - 1:mistake.column - 1 + len(caret[2])]
    assert mistake.at.startswith(marked) or marked.startswith(mistake.at), output
    assert mistake.column - 1 + len(caret[2]) <= len(source.rstrip()), output
    if mistake.hint is not None:
        hints = [line for line in lines[3:] if line.startswith("    hint: ")]
        assert hints, f"no hint:\n{output}"
        assert mistake.hint in hints[0], output


def test_folder_of_mistakes_reports_each_file(capsys: pytest.CaptureFixture[str]) -> None:
    """`riichi check FOLDER` (no ruleset.json in it) checks every .rules file on its own."""
    status = main(["check", str(MISTAKES)])
    out = capsys.readouterr().out
    assert status == 1
    for m in CATALOGUE:
        if m.context == "alone" and m.file != "han_is_condition.rules":
            assert f"{MISTAKES / m.file}: 1 problem" in out, m.file
