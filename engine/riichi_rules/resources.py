"""Where the bundled grammar and rulesets live: the one module that knows paths.

In an installed wheel they are packaged under ``riichi_rules/_data``; in a source
checkout they are the ``grammar/`` and ``rulesets/`` folders at the project root.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


@cache
def data_root() -> Path:
    """The folder that holds ``grammar/`` and ``rulesets/``."""
    packaged = _PACKAGE / "_data"
    if (packaged / "grammar").is_dir():
        return packaged
    return _PACKAGE.parent.parent


def grammar_file() -> Path:
    """The Lark grammar of the rules language."""
    return data_root() / "grammar" / "riichi.lark"


def rulesets_dir() -> Path:
    """The folder of bundled rulesets: one subfolder each, and ``schema/``, ``base/``,
    ``local/``."""
    return data_root() / "rulesets"


def schema_file() -> Path:
    """The JSON Schema of a ``ruleset.json``."""
    return rulesets_dir() / "schema" / "ruleset.schema.json"


def conformance_dir() -> Path:
    """The bundled conformance suite: case files (``*.yaml``) and ``schema/case.schema.json``."""
    return data_root() / "conformance"
