"""riichi_rules.errors: how a diagnostic is shown, a long source line included."""

from __future__ import annotations

from riichi_rules.errors import SHOWN_WIDTH, Diagnostic


def test_a_diagnostic_shows_its_line_and_a_caret() -> None:
    d = Diagnostic("f.rules", 2, 3, "bad", "abcdef", "a hint", 5)
    assert d.render() == "f.rules:2:3: bad\n    abcdef\n      ^~\n    hint: a hint"


def test_a_long_line_is_shown_around_the_column() -> None:
    # a 1 MB one-line file must not print its whole line twice: SHOWN_WIDTH characters
    # around the column, with '...' where the line was cut
    line = "x" * 300 + "ERR" + "y" * 300
    head, shown, caret = Diagnostic("f", 1, 301, "bad", line, "", 304).render().splitlines()
    assert head == "f:1:301: bad"
    assert shown.startswith("    ...") and shown.endswith("...")
    assert len(shown) == 4 + 3 + SHOWN_WIDTH + 3
    assert caret.index("^") == shown.index("ERR")  # the caret under the faulty text
    assert caret.strip() == "^~~"
    first = Diagnostic("f", 1, 2, "bad", "a" * 1000, "", 1001).render().splitlines()
    assert first[1] == "    " + "a" * SHOWN_WIDTH + "..."  # no cut at the start
    assert first[2] == "     ^" + "~" * (SHOWN_WIDTH - 2)  # the underline ends at the cut
