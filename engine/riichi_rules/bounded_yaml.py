"""YAML read strictly and within bounds (conformance case files).

:class:`StrictLoader` is PyYAML's safe loader (no ``!!python`` tags: an unknown tag is an
error) whose plain numbers are decimal ASCII digits only, as in JSON: YAML 1.1, which PyYAML
follows, reads ``1_0`` as 10, ``010`` as 8, ``0x10`` as 16 and ``1:30`` as 90; here they are
strings, which the case schema then refuses where a number is due. A number of more than 18
digits stays a string too, and so do ``yes``, ``no``, ``on`` and ``off`` (YAML 1.1 booleans):
only ``true`` and ``false`` are.

:func:`shape_problem` walks a text's parse events (the parser keeps its own stack: nothing
recurses) before anything is composed, and finds where lists and mappings nest deeper than
:data:`~riichi_rules.limits.YAML_DEPTH` or the values, each alias counted as the values it
repeats, pass :data:`~riichi_rules.limits.YAML_NODES`: a few hundred bytes of aliases (a
"billion laughs") are refused at once instead of being walked for minutes.

:data:`FastStrictLoader` reads the same way with libyaml's parser in C, when PyYAML was built
with it (None otherwise): about ten times faster. The readers use it for a text first, and
the pure-Python :class:`StrictLoader` again only where it finds a problem, so that every
message and position is the pure-Python loader's.
"""

from __future__ import annotations

import re

import yaml

from riichi_rules import limits

_INT = re.compile(r"^[-+]?[0-9]{1,18}$")
_FLOAT = re.compile(r"^[-+]?(?:[0-9]{1,18}\.[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]{1,3})?$")


_BOOL = re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$")
_RETYPED = ("tag:yaml.org,2002:int", "tag:yaml.org,2002:float", "tag:yaml.org,2002:bool")


def _construct_int(loader: yaml.SafeLoader | yaml.CSafeLoader, node: yaml.Node) -> int:
    """A decimal whole number (``010`` is 10, not YAML 1.1's octal 8)."""
    return int(str(node.value), 10)


def _strict(loader: type[yaml.SafeLoader] | type[yaml.CSafeLoader]) -> None:
    """Give a loader class the strict numbers and booleans (see the module docstring)."""
    loader.yaml_implicit_resolvers = {
        first: [(tag, regexp) for tag, regexp in resolvers if tag not in _RETYPED]
        for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
    }
    loader.add_implicit_resolver("tag:yaml.org,2002:int", _INT, list("-+0123456789"))
    loader.add_implicit_resolver("tag:yaml.org,2002:float", _FLOAT, list("-+0123456789."))
    loader.add_implicit_resolver("tag:yaml.org,2002:bool", _BOOL, list("tTfF"))
    loader.add_constructor("tag:yaml.org,2002:int", _construct_int)


class StrictLoader(yaml.SafeLoader):
    """The safe loader with decimal numbers and true/false only (see the module
    docstring)."""


_strict(StrictLoader)
FastStrictLoader: type[yaml.CSafeLoader] | None = None
if getattr(yaml, "__with_libyaml__", False):
    class _Fast(yaml.CSafeLoader):
        """:class:`StrictLoader` with libyaml's parser."""

    _strict(_Fast)
    FastStrictLoader = _Fast


def shape_problem(text: str) -> tuple[int, int, str] | None:
    """Where (1-based line, column) and how ``text`` passes the bounds on lines, nesting and
    values, or None. A text that is not YAML is left to the loader to report."""
    for number, line in enumerate(text.splitlines(), 1):
        if len(line) > limits.YAML_LINE_CHARS:
            return (number, limits.YAML_LINE_CHARS + 1, f"a line of more than "
                    f"{limits.YAML_LINE_CHARS:,} characters: break it into several lines")
        if "[" in line or "{" in line:
            depth = 0
            for match in _BRACKETS.finditer(line):
                char = match.group()[0]
                if char in "[{":
                    depth += 1
                    if depth > limits.YAML_DEPTH:
                        return (number, match.start() + 1, "lists and mappings nest more than "
                                f"{limits.YAML_DEPTH} deep here")
                elif char in "]}":
                    depth -= 1
    if FastStrictLoader is not None and _walk(text, FastStrictLoader) is None:
        return None
    return _walk(text, StrictLoader)  # where the pure-Python parser puts the problem


# a quoted string or a comment (skipped), or a bracket
_BRACKETS = re.compile(r"""'[^']*'?|"[^"\\]*(?:\\.[^"\\]*)*"?|#.*|[\[\]{}]""")


def _walk(text: str, loader_class: type[yaml.SafeLoader] | type[yaml.CSafeLoader]
          ) -> tuple[int, int, str] | None:
    """The bounds on nesting and values, over the parse events."""
    try:
        loader = loader_class(text)
    except yaml.YAMLError:  # a character YAML does not allow: the loader says where
        return None
    sizes: dict[str, int] = {}  # an anchor's values, its aliases expanded
    open_: list[list[int]] = []  # the values of each list or mapping being read
    anchors: list[str | None] = []
    total = 0
    try:
        while loader.check_event():
            event = loader.get_event()  # type: ignore[no-untyped-call, unused-ignore]
            if isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
                if len(open_) >= limits.YAML_DEPTH:
                    return _at(event, f"lists and mappings nest more than {limits.YAML_DEPTH} "
                               "deep here")
                open_.append([1])
                anchors.append(event.anchor)
                size = 1
            elif isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
                (done,) = open_.pop()
                anchor = anchors.pop()
                if anchor is not None:
                    sizes[anchor] = done
                if open_:
                    open_[-1][0] += done
                continue
            elif isinstance(event, yaml.ScalarEvent):
                size = 1
                if event.anchor is not None:
                    sizes[event.anchor] = 1
            elif isinstance(event, yaml.AliasEvent):
                size = sizes.get(event.anchor or "", 1)
            else:
                continue
            total += size
            if total > limits.YAML_NODES:
                return _at(event, f"the file holds more than {limits.YAML_NODES:,} values "
                           "(each alias counted as the values it repeats)")
            if open_ and not isinstance(event, (yaml.SequenceStartEvent,
                                                yaml.MappingStartEvent)):
                open_[-1][0] += size
    except yaml.YAMLError:
        return None
    finally:
        loader.dispose()
    return None


def _at(event: yaml.Event, message: str) -> tuple[int, int, str]:
    mark = event.start_mark
    return (mark.line + 1, mark.column + 1, message) if mark is not None else (1, 1, message)
