"""A ruleset's rules compiled once: what the scorer and the referee run (yaku, yakuman, dora,
fu, limits, payments, and the table rules the referee asks), each rule remembering the file
and line it was written on. :func:`compile_program` makes it (see
:mod:`riichi_rules.scoring.lowering`); :mod:`riichi_rules.scoring.cache` keeps it on disk.

This module needs nothing of the front end at import (a program read from the cache runs
without it): the front end's parts of a program (the typed rules, the declarations, the table
rules) may be read on first use."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from riichi_rules.rulesets.table import Table
from riichi_rules.scoring.result import FuItem

if TYPE_CHECKING:
    from riichi_rules.language import ast
    from riichi_rules.language import vocabulary as v
    from riichi_rules.language.generated import Generated
    from riichi_rules.language.rules import TypedRules
    from riichi_rules.rulesets.config import RulesetConfig

Fn = Callable[[Any], Any]  # a compiled rule: of an Env (scoring) or a TableEnv (table)


class Declared:
    """A scoring rule's declaration: at hand, or read on first use from the part of a program
    kept on disk that holds the front end's trees (see :mod:`riichi_rules.scoring.cache`)."""

    __slots__ = ("_declaration", "_load")

    def __init__(self, declaration: ast.Declaration | None = None,
                 load: Callable[[], ast.Declaration] | None = None) -> None:
        self._declaration = declaration
        self._load = load

    @property
    def declaration(self) -> ast.Declaration:
        if self._declaration is None:
            assert self._load is not None
            self._declaration, self._load = self._load(), None
        return self._declaration

    def __reduce__(self) -> tuple[Any, ...]:
        return Declared, (self.declaration,)


@dataclass(frozen=True, slots=True)
class Origin:
    """Where a rule is written, and the rulebook passage it cites."""

    file: str
    line: int
    source: str = ""
    note: str = ""  # e.g. a ruleset.json that changed the rule's han
    text: str = field(init=False, compare=False, repr=False)  # "file:line[; note]"

    def __post_init__(self) -> None:
        text = f"{self.file}:{self.line}" + (f"; {self.note}" if self.note else "")
        object.__setattr__(self, "text", text)

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class YakuRule:
    id: str
    title: str
    yakuman: bool
    when: Fn
    han_closed: Fn | None
    han_open: Fn | None
    multiples: tuple[tuple[Fn, Fn], ...]
    replaces: tuple[str, ...]
    stands_alone: bool
    origin: Origin
    declared: Declared = field(compare=False, repr=False)
    never: bool = False  # the condition folded to false under this ruleset's parameters
    han_closed_value: int | None = None  # the han when it is a constant
    han_open_value: int | None = None
    multiple_value: int | None = None  # a yakuman's multiple when it does not depend on the hand

    @property
    def parameters(self) -> frozenset[str]:
        """The ruleset parameters its declaration reads."""
        return parameters_read(self.declaration)

    @property
    def declaration(self) -> ast.Declaration:
        return self.declared.declaration


def parameters_read(node: object) -> frozenset[str]:
    """Every ``rule.NAME`` inside an AST node."""
    from riichi_rules.language import ast

    return _names_of(node, ast.Param)


def names_read(node: object) -> frozenset[str]:
    """Every bare name (a feature, or a ``let`` of the declaration) inside an AST node."""
    from riichi_rules.language import ast

    return _names_of(node, ast.Name)


def _names_of(node: object, kind: type[ast.Param] | type[ast.Name]) -> frozenset[str]:
    from riichi_rules.language import ast

    found: set[str] = set()

    def walk(item: object) -> None:
        if isinstance(item, kind):
            found.add(item.name)
        elif isinstance(item, tuple):
            for x in item:
                walk(x)
        elif hasattr(item, "__dataclass_fields__") and not isinstance(item, ast.Span):
            for name in item.__dataclass_fields__:
                walk(getattr(item, name))

    walk(node)
    return frozenset(found)


@dataclass(frozen=True, slots=True)
class DoraRule:
    id: str
    title: str
    when: Fn
    count: Fn
    origin: Origin
    declared: Declared = field(compare=False, repr=False)
    never: bool = False

    @property
    def declaration(self) -> ast.Declaration:
        return self.declared.declaration


@dataclass(frozen=True, slots=True)
class FuStep:
    """One line of the fu rule: ``fixed``, ``base``, ``add`` (or ``add ... for`` per group)."""

    keyword: str
    label: str
    value: Fn
    when: Fn | None
    # per group: (source, where, element slot, the value as a function of the element alone
    # or None)
    each: tuple[Fn, Fn | None, int, Callable[[Any], Any] | None] | None
    origin: Origin
    constant: int | None = None  # the value, when it does not depend on the hand
    # per group, when the value is a function of the group alone: the values already
    # computed, and the fu item shown for them, by the group's identity (see scorer._fu)
    known: dict[int, tuple[Any, int, FuItem]] = field(default_factory=dict, compare=False,
                                                   repr=False)
    item: FuItem | None = field(default=None, compare=False, repr=False)  # of a constant

    def __post_init__(self) -> None:
        if self.constant is not None:
            object.__setattr__(self, "item", FuItem(self.label, self.constant, (),
                                                    self.origin.text))

    @property
    def origin_text(self) -> str:
        return self.origin.text


@dataclass(frozen=True, slots=True)
class FuRule:
    steps: tuple[FuStep, ...]
    round_to: int
    origin: Origin
    declared: Declared = field(compare=False, repr=False)

    @property
    def declaration(self) -> ast.Declaration:
        return self.declared.declaration


class LimitStep(NamedTuple):  # not a dataclass: quicker to define at import
    name: str
    points: Fn
    when: Fn
    origin: Origin


@dataclass(frozen=True, slots=True)
class LimitRule:
    """The limits rule: the basic-points formula, the limits, and the ``multiple`` clauses
    (value, condition or None) that say how many yakuman a result counts as: the last that
    holds, else none."""

    basic: Fn
    basic_label: str
    limits: tuple[LimitStep, ...]
    origin: Origin
    declared: Declared = field(compare=False, repr=False)
    multiples: tuple[tuple[Fn, Fn | None], ...] = ()
    # the readers of the flags and numbers the rule's outcome depends on, when they are all
    # it reads (see plain_inputs): the scorer then remembers each outcome in ``outcomes``
    inputs: tuple[Fn, ...] | None = None
    outcomes: dict[tuple[Any, ...], Any] = field(default_factory=dict, compare=False,
                                                repr=False)

    @property
    def declaration(self) -> ast.Declaration:
        return self.declared.declaration


@dataclass(frozen=True, slots=True)
class PayStep:
    payer: str
    amount: Fn
    when: Fn | None
    origin: Origin


@dataclass(frozen=True, slots=True)
class PaymentRule:
    pays: tuple[PayStep, ...]
    honba: tuple[PayStep, ...]
    deposit: Fn | None
    origin: Origin
    declared: Declared = field(compare=False, repr=False)
    inputs: tuple[Fn, ...] | None = None  # as for LimitRule
    outcomes: dict[tuple[Any, ...], Any] = field(default_factory=dict, compare=False,
                                                repr=False)

    @property
    def declaration(self) -> ast.Declaration:
        return self.declared.declaration


@dataclass(frozen=True, slots=True)
class TableRule:
    """A rule of the table: furiten, a claim, a discard, riichi, a kan, pao, a draw, the next
    hand, what a winner collects, or the final standings. ``gains`` are its ``gain VALUE when
    COND`` clauses (points the seat in question gains); ``result`` a seat's final result;
    ``balance`` when a seat's result is what makes the results sum to zero."""

    kind: str
    name: str
    title: str
    when: Fn | None
    allow: Fn | None
    forbid: Fn | None
    priority: int
    up_to: Fn | None
    pays: tuple[PayStep, ...]
    origin: Origin
    declaration: ast.Declaration
    gains: tuple[PayStep, ...] = ()
    result: Fn | None = None
    balance: Fn | None = None

    def gained(self, env: Any) -> int:
        """The points of the ``gain`` clauses that hold, added up."""
        return sum(int(g.amount(env)) for g in self.gains if g.when is None or g.when(env))


@dataclass(frozen=True)
class TableProgram:
    """The table rules of a ruleset, by kind, with the environment sizes they need."""

    rules: Mapping[str, tuple[TableRule, ...]]
    slot_count: int
    cache_size: int

    def of(self, kind: str) -> tuple[TableRule, ...]:
        return self.rules.get(kind, ())

    def named(self, kind: str, name: str) -> TableRule | None:
        for rule in self.of(kind):
            if rule.name == name:
                return rule
        return None


class SituationRule(NamedTuple):  # not a dataclass: quicker to define at import
    """Facts of a win that cannot hold together (a ``situation`` rule): ``forbid`` holds of
    such a win, ``message`` (its ``doc``) says why."""

    name: str
    forbid: Fn
    message: str
    origin: Origin


@dataclass(frozen=True)
class SituationProgram:
    """The situation rules. They are lowered with the scoring rules (their environment has
    the program's sizes) and run before the hand is read."""

    rules: tuple[SituationRule, ...] = ()
    # generated code that tests every rule's ``forbid`` at once and gives the indices of
    # those that hold (None: each rule's own function is called)
    run: Callable[[v.Env], list[int]] | None = field(default=None, repr=False, compare=False)


@dataclass(frozen=True)
class ScoringProgram:
    """Everything the scorer runs for one ruleset."""

    config: RulesetConfig
    yakuman: tuple[YakuRule, ...]
    yaku: tuple[YakuRule, ...]
    dora: tuple[DoraRule, ...]
    fu: FuRule
    limits: LimitRule
    payments: PaymentRule
    slot_count: int
    cache_size: int
    declarations: Mapping[str, ast.Declaration] = field(default_factory=dict)
    table: TableProgram = field(default_factory=lambda: TableProgram({}, 0, 0))
    situations: SituationProgram = field(default_factory=SituationProgram)
    # the rules as the front end typed them (what the reference evaluator and the search read)
    typed: TypedRules = field(default_factory=lambda: _typed_rules(), repr=False,
                              compare=False)
    backend: str = "closures"  # what made the functions (see riichi_rules.scoring.backends)
    # the generated code of the scoring rules and of the table rules (none for closures), as
    # it can be kept on disk (riichi_rules.scoring.cache)
    generated: tuple[Generated, ...] = field(default_factory=tuple, repr=False, compare=False)
    # the functions of generated code that run a list of checks at once, by list ("yakuman",
    # "closed", "open"): see Checks.run
    runs: Mapping[str, Callable[[v.Env], list[tuple[YakuRule, int, int]]]] = field(
        default_factory=dict, repr=False, compare=False)
    # what the scorer runs, rule by rule: (rule, condition, han or yakuman multiple: a
    # constant or a function), the rules that cannot score left out
    yakuman_checks: Checks = field(init=False, repr=False, compare=False)
    closed_checks: Checks = field(init=False, repr=False, compare=False)
    open_checks: Checks = field(init=False, repr=False, compare=False)
    dora_checks: tuple[DoraRule, ...] = field(init=False, repr=False, compare=False)
    # the ruleset's table (players, the tiles in the set, chi, kita, red fives), which the
    # scorer checks every win against
    table_setup: Table = field(init=False, repr=False, compare=False)
    # the parts of results already made (they repeat from hand to hand), keyed by the
    # identity of the rule or fu step that made them (which the program keeps alive) and
    # the values shown (for a fu item, its value and the identity of the tiles it holds):
    # see scorer._shown and scorer._fu_item
    shown: dict[tuple[int, int, int], Any] = field(
        default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        yakuman = Checks.of((r, r.when, r.multiple_value if r.multiple_value is not None
                             else _Multiple(r.multiples)) for r in self.yakuman if not r.never)
        closed = Checks.of((r, r.when, r.han_closed_value if r.han_closed_value is not None
                            else r.han_closed) for r in self.yaku
                           if not r.never and r.han_closed is not None)
        opened = Checks.of((r, r.when, r.han_open_value if r.han_open_value is not None
                            else r.han_open) for r in self.yaku
                           if not r.never and r.han_open is not None)
        runs = self.runs
        object.__setattr__(self, "yakuman_checks", yakuman.with_run(runs.get("yakuman")))
        object.__setattr__(self, "closed_checks", closed.with_run(runs.get("closed")))
        object.__setattr__(self, "open_checks", opened.with_run(runs.get("open")))
        object.__setattr__(self, "dora_checks", tuple(r for r in self.dora if not r.never))
        object.__setattr__(self, "table_setup", Table.of(self.config))

    def declared_ids(self) -> frozenset[str]:
        """The ids of the yaku, yakuman and dora the ruleset declares (``declarations``'
        keys), read from the rules themselves: a kept program answers without reading its
        front end's parts."""
        return frozenset([*(rule.id for rule in self.yakuman), *(rule.id for rule in self.yaku),
                          *(rule.id for rule in self.dora)])

    if not TYPE_CHECKING:  # hidden from mypy, which would let any name through
        def __getattr__(self, name: str) -> Any:
            """A part of a program read from the cache that is read on first use: the typed
            rules, the declarations, the table rules, the generated code (see
            :mod:`riichi_rules.scoring.cache`)."""
            later = self.__dict__.get("_later")
            if later is None or name not in later.names:
                raise AttributeError(name)
            value = later.load(name)
            object.__setattr__(self, name, value)
            return value


class Later(Protocol):
    """The parts of a program read on first use, and how they are read."""

    names: frozenset[str]

    def load(self, name: str) -> Any: ...


def _typed_rules() -> TypedRules:
    from riichi_rules.language.rules import TypedRules

    return TypedRules()


Check = tuple[YakuRule, Fn, "int | Fn"]


class Checks(NamedTuple):  # not a dataclass: quicker to define at import
    """Rules the scorer runs on each reading, in order: (rule, condition, han or yakuman
    multiple: a constant or a function) for each, and their conditions alone (the scorer
    runs them in one pass, without a Python loop). ``run``, where the backend wrote one, runs
    them all at once and gives the fired ``(rule, han, multiple)`` of each that holds and is
    not replaced, as the scorer would work them out from the items."""

    items: tuple[Check, ...]
    conditions: tuple[Fn, ...]
    run: Callable[[v.Env], list[tuple[YakuRule, int, int]]] | None = None

    @staticmethod
    def of(items: Iterable[Check]) -> Checks:
        listed = tuple(items)
        return Checks(listed, tuple(when for _, when, _ in listed))

    def with_run(self, run: Callable[[v.Env], list[tuple[YakuRule, int, int]]] | None
                 ) -> Checks:
        return self if run is None else Checks(self.items, self.conditions, run)


class _Multiple:
    """A yakuman's multiple: the last of its ``multiple`` clauses that holds, else 1."""

    __slots__ = ("multiples",)

    def __init__(self, multiples: tuple[tuple[Fn, Fn], ...]) -> None:
        self.multiples = multiples

    def __call__(self, env: v.Env) -> int:
        value = 1
        for amount, when in self.multiples:
            if when(env):
                value = amount(env)
        return int(value)


def display_path(path: Path) -> str:
    """A rule file's name as diagnostics show it: relative to the working directory when
    possible."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def program_objects(program: ScoringProgram) -> Callable[[Any], Any]:
    """The objects of the program the generated lists of checks read, by their key: ``((list,
    index), "rule")`` the rule, ``((list, index), "item")`` the fired tuple of a constant han
    or multiple."""
    def extra(key: tuple[tuple[str, int], str]) -> Any:
        (list_name, index), what = key
        checks: Checks = getattr(program, f"{list_name}_checks")
        rule, _, amount = checks.items[index]
        if what == "rule":
            return rule
        return (rule, 0, amount) if rule.yakuman else (rule, amount, 0)

    return extra
