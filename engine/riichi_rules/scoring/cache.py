"""Compiled programs kept on disk, so that a command started again does not parse, check,
type and generate its ruleset's rules anew (a cold ``riichi score`` spends most of its time
there otherwise).

Where: ``$RIICHI_RULES_CACHE`` if set (``off`` keeps nothing), else
``$XDG_CACHE_HOME/riichi-rules/programs`` (``~/.cache/riichi-rules/programs`` without
``XDG_CACHE_HOME``), beside the valid-configs stamps of :mod:`riichi_rules.rulesets.config`.
One file a program, named by its key: a digest of everything the program is compiled from,
so that nothing kept is trusted for a changed file:

- the text of every rule file, with the name it is shown by (relative to the working folder),
- the ruleset as loaded (id, parameters, yaku changes, local yaku, rule files, its path),
- the grammar and the ruleset schema,
- the Python version, and the size and time of change of every module of the package that
  compiling depends on, ``version.py`` among them (so that an edited
  module is never run stale).

A file holds its key and a digest of its contents: a file that is not whole, not ours, or of
another key is ignored and written again. Its generated code is run, as Python runs its own
``__pycache__``, so a file is read only when it and its folder belong to the user and no one
else may write to the folder. Only programs of generated code are kept (their
functions are code, which is kept with ``marshal``, like Python's own ``__pycache__``; the
rest of the program is a pickle read back by an unpickler that makes only the package's own
classes and a few plain ones).
"""

from __future__ import annotations

import copyreg
import dataclasses
import hashlib
import io
import json
import marshal
import os
import pickle
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import Any

from riichi_rules import resources
from riichi_rules.language.generated import Generated, vocabularies
from riichi_rules.rulesets.config import RulesetConfig
from riichi_rules.scoring.backends import default_backend
from riichi_rules.scoring.program import (
    Declared,
    ScoringProgram,
    display_path,
    program_objects,
)
from riichi_rules.tiles import Tile
from riichi_rules.user_cache import cache_root, make_folder, trusted

FORMAT = 1  # the layout of a kept program; changed when that layout changes
CACHE_VARIABLE = "RIICHI_RULES_CACHE"
_MAGIC = b"riichi-rules program\n"
_PACKAGE = Path(__file__).resolve().parent.parent
# the parts of the package a compiled program depends on
_CODE = ("language", "scoring", "rulesets", "tiles.py", "hand.py", "readings.py", "waits.py",
         "errors.py", "resources.py", "__init__.py", "version.py")
# the classes a kept program may hold besides the package's own
_PLAIN_CLASSES = {
    ("builtins", "frozenset"), ("builtins", "set"), ("builtins", "slice"),
    ("operator", "attrgetter"), ("pathlib", "PosixPath"), ("pathlib", "WindowsPath"),
}


def cache_dir() -> Path | None:
    """The folder of kept programs, or None when nothing is kept."""
    chosen = os.environ.get(CACHE_VARIABLE)
    if chosen is not None:
        return None if chosen.strip().lower() in ("", "off", "0", "no") else Path(chosen)
    return cache_root() / "programs"


def load_program(config: RulesetConfig) -> ScoringProgram:
    """The compiled program of a ruleset: kept from an earlier run when its key matches, else
    compiled (and kept for the next run)."""
    folder = cache_dir()
    if folder is None or default_backend() != "generated":
        return _compile(config, None)
    key = program_key(config)
    path = folder / f"{key}.program"
    kept = read_program(path, key, config)
    if kept is not None:
        return kept
    program = _compile(config, "generated")
    write_program(path, key, program)
    return program


def _compile(config: RulesetConfig, backend: str | None) -> ScoringProgram:
    from riichi_rules.scoring.lowering import compile_program  # the front end, only here

    return compile_program(config, backend)


def program_key(config: RulesetConfig) -> str:
    """The digest of everything the program of ``config`` is compiled from."""
    digest = hashlib.sha256()

    def add(data: bytes) -> None:
        digest.update(len(data).to_bytes(8, "little"))
        digest.update(data)

    add(json.dumps([FORMAT, sys.version, sys.implementation.cache_tag,
                    _code_stamp()]).encode())
    add(resources.grammar_file().read_bytes())
    add(resources.schema_file().read_bytes())
    add(json.dumps([config.id, config.name, str(config.path), display_path(config.path),
                    list(config.chain), _plain(config.parameters),
                    _plain(config.yaku_overrides), list(config.local_yaku)],
                   sort_keys=True).encode())
    for path in config.rule_files:
        add(f"{path}\0{display_path(path)}".encode())
        add(path.read_bytes())
    return digest.hexdigest()


def _code_stamp() -> list[Any]:
    """The size and time of change of each module compiling depends on."""
    stamp: list[Any] = []
    for part in _CODE:
        path = _PACKAGE / part
        names = sorted(os.listdir(path)) if path.is_dir() else [""]
        for name in names:
            if name.endswith(".py") or not name:
                file = path / name if name else path
                info = file.stat()
                stamp.append([str(file.relative_to(_PACKAGE)), info.st_size, info.st_mtime_ns])
    return stamp


def _plain(value: object) -> Any:
    if isinstance(value, (dict, MappingProxyType)):
        return {str(k): _plain(x) for k, x in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(x) for x in value]
    return value


# ---- writing and reading ----------------------------------------------------------------------


def _vocabulary_refs() -> dict[int, tuple[Any, ...]]:
    """The objects of the vocabulary a program refers to, by identity: kept as their names."""
    from riichi_rules.language import vocabulary as v

    refs: dict[int, tuple[Any, ...]] = {}
    for vocabulary, features in vocabularies().items():
        for name, feature in features.items():
            refs[id(feature)] = ("feature", vocabulary, name)
    for name, function in v.FUNCTIONS.items():
        refs[id(function)] = ("function", name)
    for type_, attributes in v.ATTRIBUTES.items():
        for name, attribute in attributes.items():
            refs[id(attribute.get)] = ("attribute", type_, name)
    return refs


def _vocabulary_object(ref: tuple[Any, ...]) -> Any:
    from riichi_rules.language import vocabulary as v

    kind = ref[0]
    if kind == "feature":
        return vocabularies()[ref[1]][ref[2]]
    if kind == "function":
        return v.FUNCTIONS[ref[1]]
    if kind == "attribute":
        return v.ATTRIBUTES[ref[1]][ref[2]].get
    if kind == "tile":
        return Tile.of(ref[1], ref[2])
    raise pickle.UnpicklingError(f"unknown reference {ref!r}")


# the parts of a program kept apart and read on first use (a command that only scores reads
# none of them: no trees of the front end, no table rules)
_LATER = frozenset({"typed", "table", "declarations", "generated"})


class _Pickler(pickle.Pickler):
    """Keeps the config, the generated code and the vocabulary by reference; with ``split``,
    the program's parts read later are left out of it, and each rule's declaration is kept
    by its number in ``declared``."""

    def __init__(self, file: io.BytesIO, refs: Mapping[int, tuple[Any, ...]],
                 split: ScoringProgram | None = None) -> None:
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self.refs = refs
        self.split = split
        self.declared: list[Any] = []

    def persistent_id(self, obj: Any) -> Any:
        ref = self.refs.get(id(obj))
        if ref is not None:
            return ref
        cls = obj.__class__
        if cls is Tile:  # tiles are interned: made again by Tile.of
            return ("tile", obj.kind, obj.red)
        if cls is Declared and self.split is not None:
            self.declared.append(obj.declaration)
            return ("declared", len(self.declared) - 1)
        return None

    def reducer_override(self, obj: Any) -> Any:
        """The program without its parts read later; a dataclass with slots made again by its
        constructor (what its own pickling does, field by field through
        ``dataclasses.fields``, costs several times more)."""
        if obj is self.split:
            state = {k: x for k, x in obj.__dict__.items() if k not in _LATER}
            new_object = copyreg.__newobj__  # type: ignore[attr-defined]
            return new_object, (ScoringProgram,), {**state, "_later": _LATER_REF}
        names = _init_fields(obj.__class__)
        if names is None:
            return NotImplemented
        return obj.__class__, tuple([getattr(obj, name) for name in names])


class _LaterRef:
    """Where the parts read later go in a kept program (a reference, never pickled)."""


_LATER_REF = _LaterRef()


_INIT_FIELDS: dict[type, tuple[str, ...] | None] = {}


def _init_fields(cls: type) -> tuple[str, ...] | None:
    """The fields a slots dataclass of the package takes in its constructor (None for any
    other class). Slots or compiled by mypyc, its objects have no ``__dict__``: the fields
    are their whole state."""
    try:
        return _INIT_FIELDS[cls]
    except KeyError:
        pass
    names: tuple[str, ...] | None = None
    if (dataclasses.is_dataclass(cls) and not cls.__dictoffset__
            and cls.__module__.startswith("riichi_rules.")):
        found = dataclasses.fields(cls)
        if all(not f.kw_only for f in found):
            names = tuple(f.name for f in found if f.init)
    _INIT_FIELDS[cls] = names
    return names


class _Unpickler(pickle.Unpickler):
    """Makes the package's own classes and a few plain ones, nothing else."""

    def __init__(self, file: io.BytesIO, refs: Mapping[tuple[Any, ...], Any],
                 declared: Callable[[int], Declared] | None = None) -> None:
        super().__init__(file)
        self.refs = refs
        self.declared = declared

    def persistent_load(self, pid: Any) -> Any:
        if not isinstance(pid, tuple) or not pid:
            raise pickle.UnpicklingError("bad reference")
        found = self.refs.get(pid)
        if found is not None:
            return found
        if pid[0] == "declared" and self.declared is not None:
            return self.declared(pid[1])
        return _vocabulary_object(pid)

    def find_class(self, module: str, name: str) -> Any:
        if (module, name) in _PLAIN_CLASSES:
            return super().find_class(module, name)
        if (module == "riichi_rules" or module.startswith("riichi_rules.")) and "." not in name:
            # a dotted name would reach through a module's imports (os.system)
            found = super().find_class(module, name)
            if isinstance(found, type) and found.__module__.startswith("riichi_rules."):
                return found
        raise pickle.UnpicklingError(f"a kept program may not hold {module}.{name}")


class _Later:
    """The parts of a kept program read on first use (see ``ScoringProgram.__getattr__``):
    the table rules' code, then the typed rules, the declarations and the table rules."""

    names = _LATER

    def __init__(self, config: RulesetConfig, codes: tuple[bytes, ...], scoring: Generated,
                 data: bytes) -> None:
        self.config = config
        self.codes = codes
        self.scoring = scoring
        self.data = data
        self.parts: dict[str, Any] | None = None

    def load(self, name: str) -> Any:
        if self.parts is None:
            generated = (self.scoring, *(Generated.loads(code) for code in self.codes[1:]))
            refs = _code_refs(self.config, generated)
            parts = _Unpickler(io.BytesIO(self.data), refs).load()
            if not isinstance(parts, dict):
                raise pickle.UnpicklingError("the kept program's later part is not whole")
            parts["generated"] = generated
            self.parts = parts
        return self.parts[name]

    def declared(self, index: int) -> Declared:
        return Declared(load=lambda: self.load("declared")[index])


def _code_refs(config: RulesetConfig, generated: Sequence[Generated]
               ) -> dict[tuple[Any, ...], Any]:
    refs: dict[tuple[Any, ...], Any] = {("config",): config}
    for i, made in enumerate(generated):
        for name, function in made.functions.items():
            refs[("function_of", i, name)] = function
    return refs


def write_program(path: Path, key: str, program: ScoringProgram) -> bool:
    """Keep a program of generated code at ``path`` (atomically; False when it cannot be
    kept: not generated code, a closure in it, a folder that cannot be written)."""
    if program.backend != "generated" or not program.generated:
        return False
    refs = _vocabulary_refs()
    refs[id(program.config)] = ("config",)
    for i, generated in enumerate(program.generated):
        for name, function in generated.functions.items():
            refs[id(function)] = ("function_of", i, name)
    refs[id(_LATER_REF)] = ("later",)
    now, later = io.BytesIO(), io.BytesIO()
    try:
        pickler = _Pickler(now, refs, split=program)
        pickler.dump(program)
        _Pickler(later, refs).dump({
            "typed": program.typed, "table": program.table,
            "declarations": program.declarations, "declared": pickler.declared})
    except (pickle.PicklingError, AttributeError, TypeError):
        return False  # a closure (a tree the generator did not write) cannot be kept
    payload = marshal.dumps((tuple(g.dumps() for g in program.generated), now.getvalue(),
                             later.getvalue()))
    data = b"".join([_MAGIC, key.encode(), b"\n", hashlib.sha256(payload).hexdigest().encode(),
                     b"\n", payload])
    try:
        import tempfile

        make_folder(path.parent)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".writing-")
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(data)
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
    except OSError:
        return False  # a read-only cache: compile every time
    return True


def read_program(path: Path, key: str, config: RulesetConfig) -> ScoringProgram | None:
    """The program kept at ``path`` for ``key``, or None (no file, or one that is not whole,
    not ours, or of another key). Its typed rules, declarations and table rules are read when
    first asked for."""
    if not trusted(path):  # its generated code is run
        return None
    try:
        data = path.read_bytes()
    except OSError:
        return None
    header = _MAGIC + key.encode() + b"\n"
    if not data.startswith(header):
        return None
    digest, _, payload = data[len(header):].partition(b"\n")
    if hashlib.sha256(payload).hexdigest().encode() != digest:
        return None
    try:
        codes, now, later_data = marshal.loads(payload)
        scoring = Generated.loads(codes[0])
        later = _Later(config, codes, scoring, later_data)
        refs = _code_refs(config, [scoring])
        refs[("later",)] = later
        program = _Unpickler(io.BytesIO(now), refs, later.declared).load()
        if not isinstance(program, ScoringProgram):
            return None
        scoring.fill(program_objects(program))
    except Exception:  # a damaged or foreign file is rebuilt, never trusted
        return None
    return program
