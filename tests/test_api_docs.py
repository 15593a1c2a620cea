"""The API reference (docs/api.md, built by mkdocstrings from the docstrings): it shows every
name of the public API (riichi_rules.__all__), and its runnable examples, and those of the
docstrings it shows, give what they say (each expected value is derived where it is written)."""

from __future__ import annotations

import ast
import doctest
import importlib
import re
from pathlib import Path
from types import ModuleType

import pytest

import riichi_rules
from riichi_rules import native, resources

API_PAGE = resources.data_root() / "docs" / "api.md"
pytestmark = pytest.mark.skipif(not API_PAGE.is_file(), reason="not a source checkout")

_BLOCK = re.compile(r"^```pycon\n(.*?)^```", re.S | re.M)
_FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE




def _documented(where: str, name: str) -> str:
    """The dotted path mkdocstrings documents for a public name: ``module:attr`` names an
    alias (``load_ruleset`` is ``rulesets.config.load_config``), a bare module the name itself."""
    module, _, attr = where.partition(":")
    return f"{module}.{attr or name}"


def test_the_page_shows_every_public_name() -> None:
    shown = set(re.findall(r"^::: ([\w.]+)$", API_PAGE.read_text(encoding="utf-8"), re.M))
    expected = {_documented(riichi_rules._API[name], name) for name in riichi_rules.__all__}
    assert expected - shown == set(), "missing from docs/api.md"
    assert shown - expected == set(), "on docs/api.md but not in riichi_rules.__all__"


def test_the_page_examples_run(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(resources.data_root())  # the examples name examples/house-rules
    blocks = _BLOCK.findall(API_PAGE.read_text(encoding="utf-8"))
    assert len(blocks) >= 4
    # one session: a block goes on from the blocks before it
    test = doctest.DocTestParser().get_doctest("\n".join(blocks), {}, "docs/api.md",
                                               str(API_PAGE), 0)
    runner = doctest.DocTestRunner(optionflags=_FLAGS)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted >= 6
    assert result.failed == 0, "docs/api.md: see the output above"


def _docstring(name: str) -> tuple[str, ModuleType, str]:
    """A public name's docstring as its source writes it (a module compiled by mypyc keeps no
    docstring at run time: riichi_rules.native), its module and the module's source file."""
    module_name, _, attribute = riichi_rules._API[name].partition(":")
    module = importlib.import_module(module_name)
    source = (native.source_path(module_name) if module_name in native.MODULES
              else str(module.__file__))
    tree = ast.parse(Path(source).read_text(encoding="utf-8"))
    for node in tree.body:
        if (isinstance(node, ast.FunctionDef | ast.ClassDef)
                and node.name == (attribute or name)):
            return ast.get_docstring(node) or "", module, source
    return getattr(riichi_rules, name).__doc__ or "", module, source


@pytest.mark.parametrize("name", riichi_rules.__all__)
def test_the_docstring_examples_run(name: str) -> None:
    text, module, source = _docstring(name)
    test = doctest.DocTestParser().get_doctest(text, dict(vars(module)), name, source, 0)
    runner = doctest.DocTestRunner(optionflags=_FLAGS)
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0, name


def test_the_main_entry_points_have_examples() -> None:
    for name in ("score", "load_ruleset"):
        assert ">>>" in _docstring(name)[0], name
