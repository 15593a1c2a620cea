"""The package's frozen dataclasses as plain JSON values and back, for the files the rulebook
build keeps (the search's results, :mod:`riichi_rules.docs.searched`).

Reading a value back is led by the type the caller asks for, never by the file: each field is
read as its annotation says (a bool, an int, a str, an enum's value, a tile's name, a tuple,
a list, a frozenset, a mapping of str keys, a union with None, or another dataclass of the
package) and made by its class's constructor, so a file can make nothing but the values of
those types; one that does not fit raises :class:`ValueError`. Unlike a pickle, no file can
name a class or a function to call.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Mapping
from functools import cache
from typing import Any, TypeVar

from riichi_rules.errors import InputError
from riichi_rules.native import type_hints
from riichi_rules.tiles import Tile, parse_tiles

_T = TypeVar("_T")


def plain(value: object) -> Any:
    """``value`` (a dataclass of the package, or what its fields hold) as a JSON value."""
    if value is None or type(value) in (bool, int, str):
        return value
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, Tile):
        return str(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)
                if f.init}
    if isinstance(value, (frozenset, set)):
        return sorted((plain(x) for x in value), key=repr)
    if isinstance(value, (tuple, list)):
        return [plain(x) for x in value]
    if isinstance(value, Mapping):
        if not all(type(k) is str for k in value):
            raise TypeError("only mappings with str keys are kept")
        return {k: plain(x) for k, x in value.items()}
    raise TypeError(f"a {type(value).__name__} is not kept as JSON")


def typed(kind: type[_T], data: object) -> _T:
    """The value of type ``kind`` that ``data`` (from :func:`plain`) stands for. Raises
    :class:`ValueError` naming where it does not fit."""
    return typing.cast(_T, _read(kind, data, "$"))


def _read(kind: Any, data: object, where: str) -> Any:
    origin = typing.get_origin(kind)
    args = typing.get_args(kind)
    if origin in (typing.Union, types.UnionType):
        if data is None and type(None) in args:
            return None
        errors = []
        for arm in (a for a in args if a is not type(None)):
            try:
                return _read(arm, data, where)
            except ValueError as error:
                errors.append(str(error))
        raise ValueError(errors[0] if len(errors) == 1 else f"{where}: fits no type of {kind}")
    if kind is type(None):
        return _expect(data is None, None, where, "null")
    if kind in (bool, int, str):
        return _expect(type(data) is kind, data, where, kind.__name__)
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        try:
            return kind(data)
        except ValueError:
            raise ValueError(f"{where}: not a {kind.__name__}") from None
    if kind is Tile:
        name = _expect(type(data) is str, typing.cast(str, data), where, "a tile's name")
        try:
            tiles = parse_tiles(name) if len(name) == 2 else ()
        except InputError:
            tiles = ()
        return _expect(len(tiles) == 1, tiles[0] if tiles else None, where, "a tile's name")
    if origin in (tuple, list, frozenset):
        items = _expect(type(data) is list, typing.cast(list[Any], data), where, "a list")
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            _expect(len(items) == len(args), None, where, f"a list of {len(args)}")
            return tuple(_read(a, x, f"{where}[{i}]")
                         for i, (a, x) in enumerate(zip(args, items, strict=True)))
        read = [_read(args[0], x, f"{where}[{i}]") for i, x in enumerate(items)]
        return read if origin is list else origin(read)
    if origin in (dict, Mapping):
        mapping = _expect(type(data) is dict, typing.cast(dict[Any, Any], data), where,
                          "an object")
        return {_read(args[0], k, where): _read(args[1], x, f"{where}.{k}")
                for k, x in mapping.items()}
    if (isinstance(kind, type) and dataclasses.is_dataclass(kind)
            and kind.__module__.startswith("riichi_rules.")):
        fields = _fields(kind)
        given = _expect(type(data) is dict, typing.cast(dict[str, Any], data), where,
                        "an object")
        if set(given) != set(fields):
            raise ValueError(f"{where}: the fields of a {kind.__name__} are not "
                             f"{sorted(fields)}")
        try:
            return kind(**{name: _read(hint, given[name], f"{where}.{name}")
                           for name, hint in fields.items()})
        except (TypeError, IndexError, KeyError, InputError) as error:  # its constructor's
            raise ValueError(f"{where}: not a {kind.__name__} ({error})") from None
    raise ValueError(f"{where}: a {kind!r} is not read from JSON")


def _expect(ok: bool, value: _T, where: str, what: str) -> _T:
    if not ok:
        raise ValueError(f"{where}: not {what}")
    return value


@cache
def _fields(kind: type) -> dict[str, Any]:
    """The constructor's fields of a dataclass, with their types."""
    hints = type_hints(kind)  # typing.get_type_hints, and right for a class mypyc compiled
    return {f.name: hints[f.name] for f in dataclasses.fields(kind) if f.init}
