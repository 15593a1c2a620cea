"""Parse ``.rules`` text into the AST, turning syntax errors into diagnostics."""

from __future__ import annotations

import re
from functools import cache, lru_cache
from typing import Any

import lark
from lark import Lark, Token, v_args
from lark.visitors import Transformer_NonRecursive

from riichi_rules import limits, resources
from riichi_rules.errors import Diagnostic, RuleError, did_you_mean
from riichi_rules.language import ast
from riichi_rules.language.arithmetic import MAX_DEPTH

_DECLARATION_START = re.compile(
    r"^\s*(override\s+)?(yakuman|yaku|dora|fu|limits|payments|furiten|claim|riichi_rule|"
    r"kan_rule|pao_payment|pao|draw|next_hand|standings|collect|discard|situation|"
    r"win_flag)\b",
    re.MULTILINE,
)

# Readable names for the grammar's terminals, used in "expected ..." messages.
_TERMINAL_WORDS = {
    "LBRACE": "'{'", "RBRACE": "'}'", "LPAR": "'('", "RPAR": "')'", "LSQB": "'['",
    "RSQB": "']'", "COMMA": "','", "COLON": "':'", "NAME": "a name", "STRING": "a quoted string",
    "INT": "a number", "TILE": "a tile", "KIND": "a declaration (yaku, yakuman, fu, ...)",
    "COMPARE": "a comparison", "QUANTIFIER": "every/some/no", "NOUN": "tile/group/set/meld/pair",
    "$END": "the end of the file", "EQUAL": "'='", "DOT": "'.'",
}

_KEYWORDS = (
    "han", "when", "replaces", "source", "doc", "multiple", "stands_alone", "fixed", "base",
    "add", "round", "limit", "pay", "honba", "deposit", "allow", "forbid", "priority", "let",
    "override", "yaku", "yakuman", "dora", "fu", "limits", "payments", "furiten", "claim",
    "riichi_rule", "kan_rule", "pao", "draw", "standings", "and", "or", "not", "is", "has",
    "in", "if", "then", "else", "every", "some", "no", "count", "distinct", "of", "sum", "max",
    "as", "where", "rule", "open", "closed", "for", "up", "to", "gain", "result", "balance",
    "next_hand", "collect", "win_flag",
)

# Lark's match_examples catalogue: a known mistake -> the hint to show for it.
_EXAMPLES: dict[str, list[str]] = {
    "a declaration needs a name after its kind, e.g. 'yaku pinfu \"Pinfu\" { ... }'": [
        'yaku { han 1 }',
        'yaku "Pinfu" { han 1 }',
    ],
    "a clause is missing its value, e.g. 'han 1' or 'when closed'": [
        "yaku a { han }",
        "yaku a { when }",
        "yaku a { when closed and }",
    ],
    "a declaration's clauses go inside braces: 'yaku ID \"Title\" { ... }'": [
        "yaku a han 1",
        'yaku a "A" han 1',
    ],
    "every block must be closed with '}'": [
        "yaku a { han 1",
        "yaku a { han 1 when closed",
    ],
    "use '==' to compare, not '='": [
        "yaku a { when han = 1 }",
        "yaku a { when count(sets) = 4 }",
    ],
    "a comprehension's condition follows 'where', its body follows ':'": [
        "yaku a { when some(sets chow) }",
        "yaku a { when count(sets chow) }",
    ],
    "open han is written 'han 2, open 1'": [
        "yaku a { han 2 open 1 }",
    ],
}


@cache
def _lark() -> Lark:
    return Lark(
        resources.grammar_file().read_text(encoding="utf-8"),
        parser="lalr",
        lexer="basic",
        propagate_positions=True,
        cache=True,  # the parse tables are built once and kept in the temp folder
        maybe_placeholders=False,
    )


@v_args(meta=True, inline=True)
class _ToAst(Transformer_NonRecursive[Token, Any]):
    """Lark tree -> AST. The ``meta`` of each node gives its span."""

    def __init__(self, file: str) -> None:
        super().__init__()
        self.file = file

    def _span(self, meta: Any) -> ast.Span:
        return ast.Span(self.file, getattr(meta, "line", 1), getattr(meta, "column", 1),
                        getattr(meta, "end_line", 0) or 0, getattr(meta, "end_column", 0) or 0)

    def _tok(self, token: Token) -> ast.Span:
        return ast.Span(self.file, token.line or 1, token.column or 1, token.end_line or 0,
                        token.end_column or 0)

    # declarations -------------------------------------------------------------------------
    def start(self, meta: Any, *decls: ast.Declaration) -> tuple[ast.Declaration, ...]:
        return decls

    def declaration(self, meta: Any, *parts: Any) -> ast.Declaration:
        items = list(parts)
        override = False
        if isinstance(items[0], Token) and items[0].type == "OVERRIDE":
            override = True
            items.pop(0)
        kind_tok, name_tok = items[0], items[1]
        rest = items[2:]
        title = None
        if rest and isinstance(rest[0], Token) and rest[0].type == "STRING":
            title = _unquote(rest.pop(0))
        return ast.Declaration(
            kind=str(kind_tok), name=str(name_tok), title=title, override=override,
            clauses=tuple(rest), span=self._tok(kind_tok if not override else parts[0]),
        )

    def han_closed_only(
        self, meta: Any, _kw: Token, value: ast.Expr, *closed: Token
    ) -> ast.Clause:
        if closed and str(closed[0]) != "closed":
            raise _Misplaced(closed[0], "after the han value only 'closed' may follow",
                             did_you_mean(str(closed[0]), ["closed"]))
        return ast.Clause("han", self._span(meta), value=value, closed_only=bool(closed))

    def han_open(
        self, meta: Any, _kw: Token, value: ast.Expr, word: Token, open_value: ast.Expr
    ) -> ast.Clause:
        if str(word) != "open":
            raise _Misplaced(word, "the second han value is written 'open N'",
                             did_you_mean(str(word), ["open"]))
        return ast.Clause("han", self._span(meta), value=value, open_value=open_value)

    def kind(self, meta: Any, token: Token) -> Token:
        return token

    def quant(self, meta: Any, token: Token) -> str:
        return str(token)

    def when_clause(self, meta: Any, cond: ast.Expr) -> ast.Clause:
        return ast.Clause("when", self._span(meta), value=cond)

    def replaces_clause(self, meta: Any, *names: Token) -> ast.Clause:
        return ast.Clause("replaces", self._span(meta), names=tuple(str(n) for n in names),
                          name_spans=tuple(self._tok(n) for n in names))

    def source_clause(self, meta: Any, text: Token) -> ast.Clause:
        return ast.Clause("source", self._span(meta), label=_unquote(text))

    def doc_clause(self, meta: Any, text: Token) -> ast.Clause:
        return ast.Clause("doc", self._span(meta), label=_unquote(text))

    def multiple_clause(self, meta: Any, value: ast.Expr, *when: ast.Expr) -> ast.Clause:
        return ast.Clause("multiple", self._span(meta), value=value, when=_opt(when))

    def stands_alone_clause(self, meta: Any) -> ast.Clause:
        return ast.Clause("stands_alone", self._span(meta))

    def fixed_clause(self, meta: Any, label: Token, value: ast.Expr, *when: ast.Expr) -> ast.Clause:
        return ast.Clause("fixed", self._span(meta), label=_unquote(label), value=value,
                          when=_opt(when))

    def base_clause(self, meta: Any, _kw: Token, label: Token, value: ast.Expr) -> ast.Clause:
        return ast.Clause("base", self._span(meta), label=_unquote(label), value=value)

    def add_clause(self, meta: Any, label: Token, value: ast.Expr, *when: ast.Expr) -> ast.Clause:
        return ast.Clause("add", self._span(meta), label=_unquote(label), value=value,
                          when=_opt(when))

    def add_each_clause(
        self, meta: Any, label: Token, comp: ast.Comprehension, value: ast.Expr
    ) -> ast.Clause:
        return ast.Clause("add", self._span(meta), label=_unquote(label), value=value, comp=comp)

    def round_clause(self, meta: Any, step: Token) -> ast.Clause:
        return ast.Clause("round", self._span(meta), value=ast.Int(_number(step),
                                                                   self._tok(step)))

    def limit_clause(
        self, meta: Any, name: Token, value: ast.Expr, cond: ast.Expr
    ) -> ast.Clause:
        return ast.Clause("limit", self._span(meta), name=str(name), value=value, when=cond)

    def pay_clause(self, meta: Any, payer: Token, value: ast.Expr, *when: ast.Expr) -> ast.Clause:
        return ast.Clause("pay", self._span(meta), name=str(payer), value=value, when=_opt(when))

    def honba_clause(self, meta: Any, _kw: Token, value: ast.Expr, *when: ast.Expr) -> ast.Clause:
        return ast.Clause("honba", self._span(meta), value=value, when=_opt(when))

    def deposit_clause(self, meta: Any, value: ast.Expr) -> ast.Clause:
        return ast.Clause("deposit", self._span(meta), value=value)

    def allow_clause(self, meta: Any, *when: ast.Expr) -> ast.Clause:
        return ast.Clause("allow", self._span(meta), when=_opt(when))

    def forbid_clause(self, meta: Any, *when: ast.Expr) -> ast.Clause:
        return ast.Clause("forbid", self._span(meta), when=_opt(when))

    def priority_clause(self, meta: Any, value: ast.Expr) -> ast.Clause:
        return ast.Clause("priority", self._span(meta), value=value)

    def up_to_clause(self, meta: Any, value: ast.Expr) -> ast.Clause:
        return ast.Clause("up_to", self._span(meta), value=value)

    def gain_clause(self, meta: Any, value: ast.Expr, *when: ast.Expr) -> ast.Clause:
        return ast.Clause("gain", self._span(meta), value=value, when=_opt(when))

    def result_clause(self, meta: Any, value: ast.Expr) -> ast.Clause:
        return ast.Clause("result", self._span(meta), value=value)

    def balance_clause(self, meta: Any, *when: ast.Expr) -> ast.Clause:
        return ast.Clause("balance", self._span(meta), when=_opt(when))

    def let_clause(self, meta: Any, name: Token, value: ast.Expr) -> ast.Clause:
        return ast.Clause("let", self._span(meta), name=str(name), value=value)

    # expressions --------------------------------------------------------------------------
    def ternary(self, meta: Any, cond: ast.Expr, then: ast.Expr, other: ast.Expr) -> ast.Expr:
        return ast.Ternary(cond, then, other, self._span(meta))

    def or_(self, meta: Any, left: ast.Expr, right: ast.Expr) -> ast.Expr:
        return ast.Binary("or", left, right, self._span(meta))

    def and_(self, meta: Any, left: ast.Expr, right: ast.Expr) -> ast.Expr:
        return ast.Binary("and", left, right, self._span(meta))

    def not_(self, meta: Any, operand: ast.Expr) -> ast.Expr:
        return ast.Unary("not", operand, self._span(meta))

    def neg(self, meta: Any, _minus: Token, operand: ast.Expr) -> ast.Expr:
        return ast.Unary("-", operand, self._span(meta))

    def compare(self, meta: Any, left: ast.Expr, op: Token, right: ast.Expr) -> ast.Expr:
        return ast.Binary(str(op), left, right, self._span(meta))

    arith = compare

    def is_(self, meta: Any, left: ast.Expr, right: ast.Expr) -> ast.Expr:
        return ast.Binary("is", left, right, self._span(meta))

    def is_not(self, meta: Any, left: ast.Expr, right: ast.Expr) -> ast.Expr:
        return ast.Binary("is_not", left, right, self._span(meta))

    def has(self, meta: Any, left: ast.Expr, right: ast.Expr) -> ast.Expr:
        return ast.Binary("has", left, right, self._span(meta))

    def in_(self, meta: Any, left: ast.Expr, right: ast.Expr) -> ast.Expr:
        return ast.Binary("in", left, right, self._span(meta))

    def not_in(self, meta: Any, left: ast.Expr, right: ast.Expr) -> ast.Expr:
        return ast.Binary("not_in", left, right, self._span(meta))

    def _noun(self, meta: Any, q: str, noun: Token, test: str, subject: ast.Expr) -> ast.Expr:
        return ast.NounTest(q, str(noun), test, subject, self._span(meta))

    def every_is(self, meta: Any, q: str, noun: Token, subject: ast.Expr) -> ast.Expr:
        return self._noun(meta, q, noun, "is", subject)

    def every_is_not(self, meta: Any, q: str, noun: Token, subject: ast.Expr) -> ast.Expr:
        return self._noun(meta, q, noun, "is_not", subject)

    def every_has(self, meta: Any, q: str, noun: Token, subject: ast.Expr) -> ast.Expr:
        return self._noun(meta, q, noun, "has", subject)

    def attr(self, meta: Any, obj: ast.Expr, name: Token) -> ast.Expr:
        return ast.Attr(obj, str(name), self._span(meta))

    def int_(self, meta: Any, token: Token) -> ast.Expr:
        return ast.Int(_number(token), self._tok(token))

    def str_(self, meta: Any, token: Token) -> ast.Expr:
        return ast.Str(_unquote(token), self._tok(token))

    def tile(self, meta: Any, token: Token) -> ast.Expr:
        return ast.TileLit(str(token), self._tok(token))

    def name(self, meta: Any, token: Token) -> ast.Expr:
        return ast.Name(str(token), self._tok(token))

    def param(self, meta: Any, token: Token) -> ast.Expr:
        return ast.Param(str(token), self._span(meta))

    def has_yaku(self, meta: Any, _kw: Token, token: Token) -> ast.Expr:
        return ast.HasYaku(str(token), self._span(meta))

    def call(self, meta: Any, func: Token, *args: ast.Expr) -> ast.Expr:
        return ast.Call(str(func), tuple(args), self._span(meta))

    def list_(self, meta: Any, *items: ast.Expr) -> ast.Expr:
        return ast.ListLit(tuple(items), self._span(meta))

    def range_(self, meta: Any, low: ast.Expr, high: ast.Expr) -> ast.Expr:
        return ast.Range(low, high, self._span(meta))

    def comprehension(self, meta: Any, source: ast.Expr, *rest: Any) -> ast.Comprehension:
        binder = None
        where = None
        for part in rest:
            if isinstance(part, Token):
                binder = str(part)
            else:
                where = part
        return ast.Comprehension(source, binder, where, self._span(meta))

    def quantified(
        self, meta: Any, q: str, comp: ast.Comprehension, *body: ast.Expr
    ) -> ast.Expr:
        return ast.Quantified(str(q), comp, _opt(body), self._span(meta))

    def count(self, meta: Any, comp: ast.Comprehension) -> ast.Expr:
        return ast.Aggregate("count", comp, None, None, self._span(meta))

    def count_distinct(self, meta: Any, attr: Token, comp: ast.Comprehension) -> ast.Expr:
        return ast.Aggregate("distinct", comp, str(attr), None, self._span(meta))

    def sum_of(self, meta: Any, comp: ast.Comprehension, body: ast.Expr) -> ast.Expr:
        return ast.Aggregate("sum", comp, None, body, self._span(meta))

    def max_of(self, meta: Any, comp: ast.Comprehension, body: ast.Expr) -> ast.Expr:
        return ast.Aggregate("max", comp, None, body, self._span(meta))


class _Misplaced(Exception):
    """A token the grammar accepts but the language refuses here: a word that must be a
    specific keyword, a number or a string beyond the bounds of :mod:`riichi_rules.limits`."""

    def __init__(self, token: Token, message: str, hint: str) -> None:
        super().__init__(message)
        self.token = token
        self.message = message
        self.hint = hint


def _unquote(token: Token) -> str:
    text = str(token)[1:-1]
    if len(text) > limits.STRING_CHARS:
        raise _Misplaced(token, f"a string of {len(text):,} characters: a string in a rule "
                         f"file holds at most {limits.STRING_CHARS:,}",
                         "shorten it: a doc or source is a few sentences")
    return text.replace('\\"', '"').replace("\\\\", "\\")


def _number(token: Token) -> int:
    """An INT token's value, at most :data:`~riichi_rules.limits.NUMBER`."""
    text = str(token)
    if len(text) > 10 or int(text) > limits.NUMBER:
        shown = text if len(text) <= 20 else f"{text[:10]}... ({len(text):,} digits)"
        raise _Misplaced(token, f"the number {shown} is too large: a rule writes numbers up "
                         f"to {limits.NUMBER:,}", "scores and counts are far smaller")
    return int(text)


def _opt(items: tuple[ast.Expr, ...]) -> ast.Expr | None:
    return items[0] if items else None


@lru_cache(maxsize=64)
def parse_rules(text: str, file: str) -> ast.RuleFile:
    """Parse a rule file. Raises :class:`RuleError` with one diagnostic per syntax error
    (parsing resumes at the next declaration after each error). A file's tree is made once a
    process for its text and name (the tree is immutable): the eras of a ruleset and the
    rulesets that extend the same one share their rule files' trees."""
    diagnostics: list[Diagnostic] = []
    declarations: list[ast.Declaration] = []
    lines = text.splitlines()
    bounded = _out_of_bounds(text, lines, file)
    if bounded is not None:
        raise RuleError([bounded])
    remaining = text
    while True:
        if len(diagnostics) >= limits.DIAGNOSTICS:
            diagnostics.append(Diagnostic(
                file, diagnostics[-1].line, 1, f"more syntax errors may follow: only the first "
                f"{limits.DIAGNOSTICS} are reported", "fix these, then check the file again"))
            break
        try:
            tree = _lark().parse(remaining)
            declarations.extend(_ToAst(file).transform(tree))
            break
        except lark.UnexpectedInput as error:
            line = (error.line if error.line and error.line > 0 else 1)
            # the positions are those of what was parsed: the text from the declaration
            # parsing resumed at, earlier lines left empty (lines and columns as in the file)
            diagnostics.append(_syntax_diagnostic(error, remaining, lines, file, line))
            resume = _next_declaration(lines, line)
            if resume is None:
                break
            remaining = "\n" * resume + "\n".join(lines[resume:])
        except lark.exceptions.VisitError as error:
            if not isinstance(error.orig_exc, _Misplaced):
                raise
            token = error.orig_exc.token
            line = token.line or 1
            diagnostics.append(Diagnostic(
                file, line, token.column or 1, error.orig_exc.message,
                lines[line - 1] if line <= len(lines) else "", error.orig_exc.hint,
            ))
            resume = _next_declaration(lines, line)
            if resume is None:
                break
            remaining = "\n" * resume + "\n".join(lines[resume:])
    if diagnostics:
        raise RuleError(diagnostics)
    return ast.RuleFile(file, text, tuple(declarations))


def _out_of_bounds(text: str, lines: list[str], file: str) -> Diagnostic | None:
    """A rule file too large, or whose brackets nest deeper than an expression may (checked
    before the parser, whose work grows with the nesting), or None."""
    if len(text) > limits.RULE_FILE_BYTES:
        return Diagnostic(file, 1, 1, f"a rule file holds at most {limits.RULE_FILE_BYTES:,} "
                          "bytes; this one is larger", "split it into several rule files")
    depth = 0
    tokens = 0
    for match in _TOKENS.finditer(text):
        char = match.group()[0]
        if char != "#":
            tokens += 1
        if tokens > limits.RULE_TOKENS:
            line = text.count("\n", 0, match.start()) + 1
            return Diagnostic(file, line, 1, f"a rule file holds at most {limits.RULE_TOKENS:,} "
                              "words, numbers, strings and symbols; this one has more",
                              lines[line - 1] if line <= len(lines) else "",
                              "split it into several rule files")
        if char in "([{":
            depth += 1
            if depth > MAX_DEPTH:
                line = text.count("\n", 0, match.start()) + 1
                column = match.start() - (text.rfind("\n", 0, match.start()) + 1) + 1
                return Diagnostic(file, line, column, f"brackets nest more than {MAX_DEPTH} "
                                  "deep here", lines[line - 1] if line <= len(lines) else "",
                                  "split the expression with 'let NAME = ...' clauses",
                                  column + 1)
        elif char in ")]}":
            depth -= 1
    return None


# a string, a comment (not a token), a word or number, or a symbol
_TOKENS = re.compile(r'"[^"\\\n]*(?:\\.[^"\\\n]*)*"?|#[^\n]*|\w+|\S')


def _next_declaration(lines: list[str], after_line: int) -> int | None:
    """The 0-based index of the first line after ``after_line`` (1-based) that starts a
    declaration."""
    for index in range(after_line, len(lines)):
        if _DECLARATION_START.match(lines[index]):
            return index
    return None


def _syntax_diagnostic(
    error: lark.UnexpectedInput, text: str, lines: list[str], file: str, line: int
) -> Diagnostic:
    column = error.column if error.column and error.column > 0 else 1
    source_line = lines[line - 1] if 0 < line <= len(lines) else ""
    pos = error.pos_in_stream or 0
    if isinstance(error, lark.UnexpectedCharacters):
        char = text[pos] if pos < len(text) else ""
        hint = 'strings are written in double quotes: "..."' if char == "'" else ""
        return Diagnostic(file, line, column, f"unexpected character {char!r}", source_line,
                          hint)
    if not isinstance(error, lark.UnexpectedToken):
        return Diagnostic(file, line, column, "syntax error", source_line)
    token = error.token
    if token.type == "$END":
        message = "unexpected end of file"
        pos = len(text)
    else:
        message = f"unexpected {_describe(token)}"
        pos = token.start_pos if token.start_pos is not None else pos
    end = token.end_column if token.type != "$END" and token.end_line == line else 0
    expected = _expected(error.expected)
    if expected:
        message += "; expected " + ", ".join(expected)
    before = _code_before(text, pos)
    misplaced_open = re.search(r"\bhan\s+[^\s,{}]+\s+(open)\s*$", before)
    hint = ""
    if token.type == "EQUAL" or str(token) == "=":
        hint = "use '==' to compare, not '='"
    elif misplaced_open:
        where = misplaced_open.start(1)
        line = before.count("\n", 0, where) + 1
        column = where - (before.rfind("\n", 0, where) + 1) + 1
        source_line = lines[line - 1] if 0 < line <= len(lines) else ""
        end = column + len("open")
        message = "a second han value needs a comma: 'han 2, open 1'"
        hint = "open han is written 'han 2, open 1'"
    elif re.search(r"(\band|\bor|\bnot|[-+*/%^=<>])\s*$", before):
        last = re.search(r"(\band|\bor|\bnot|[-+*/%^=<>]+)\s*$", before)
        assert last is not None
        at = _position(before, last.start(1))
        hint = (f"the condition ending in '{last.group(1)}' at line {at[0]}, column {at[1]} "
                "has nothing after it")
    else:
        opened = _unclosed(before)
        starts_declaration = token.type == "$END" or (bool(
            _DECLARATION_START.match(source_line)) and column == len(source_line) - len(
                source_line.lstrip()) + 1)
        if opened is not None and opened[0] in "([":
            char, at = opened
            hint = f"the '{char}' opened at line {at[0]}, column {at[1]} is not closed"
        elif opened is not None and starts_declaration:
            hint = f"the block opened at line {opened[1][0]} is not closed with '}}'"
        elif token.type == "NAME" or str(token) in _CONDITION_STARTS:
            hint = (did_you_mean(str(token), _expected_keywords(error.expected))
                    or _missing_when(error.expected, source_line, column)
                    or did_you_mean(str(token), _KEYWORDS))
    if not hint:
        try:
            label = error.match_examples(_lark().parse, _EXAMPLES, use_accepts=True)
        except Exception:  # match_examples re-parses the catalogue; never let it mask the error
            label = None
        hint = str(label) if label else ""
    return Diagnostic(file, line, column, message, source_line, hint, end or 0)


def _expected(terminals: set[str]) -> list[str]:
    """The expected tokens in words, the most telling first: '}', the clause keywords, then
    the rest; eight at most, and then how many more."""
    words = {_TERMINAL_WORDS.get(t, _literal(t)) for t in terminals}
    words.discard("")
    first = [w for w in ("'}'", "a name", "a quoted string") if w in words]
    keywords = sorted(w for w in words if w not in first and w.strip("'").isalpha())
    rest = sorted(w for w in words if w not in first and w not in keywords)
    shown = first + keywords + rest
    return shown if len(shown) <= 8 else [*shown[:8], f"or {len(shown) - 8} more"]


def _expected_keywords(terminals: set[str]) -> list[str]:
    """The keywords the parser would take where it stopped (the hint's first candidates)."""
    words = (_literal(t).strip("'") for t in terminals)
    return [w for w in words if w in _KEYWORDS]


# The words a condition may start with: a line starting with one where 'when' was expected
# is a condition that lost its 'when'.
_CONDITION_STARTS = frozenset({"every", "some", "no", "count", "not", "(", "sum"})


def _missing_when(terminals: set[str], source_line: str, column: int) -> str:
    if "'when'" not in {_literal(t) for t in terminals}:
        return ""
    if column != len(source_line) - len(source_line.lstrip()) + 1:
        return ""
    return f"a condition starts with 'when': 'when {source_line.strip()}'"


_STRING_OR_COMMENT = re.compile(r'"([^"\\\n]|\\.)*"|#[^\n]*')


def _code_before(text: str, pos: int) -> str:
    """The text before ``pos`` with strings and comments blanked out (same length)."""
    head = text[:pos]
    return _STRING_OR_COMMENT.sub(lambda m: " " * len(m.group(0)), head)


def _position(text: str, index: int) -> tuple[int, int]:
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


def _unclosed(code: str) -> tuple[str, tuple[int, int]] | None:
    """The innermost bracket opened in ``code`` and not closed, with its position."""
    stack: list[tuple[str, int]] = []
    pairs = {")": "(", "]": "[", "}": "{"}
    for index, char in enumerate(code):
        if char in "([{":
            stack.append((char, index))
        elif char in pairs and stack and stack[-1][0] == pairs[char]:
            stack.pop()
    if not stack:
        return None
    char, index = stack[-1]
    return char, _position(code, index)


def _describe(token: Token) -> str:
    if token.type == "NAME":
        return f"name '{token}'"
    if token.type == "STRING":
        return f"string {token}"
    if token.type in ("INT", "TILE"):
        return f"'{token}'"
    return f"'{token}'"


def _literal(terminal: str) -> str:
    """Lark names anonymous keyword terminals after their text (e.g. 'WHEN')."""
    if terminal.isupper() and terminal.isalpha():
        return f"'{terminal.lower()}'"
    return ""
