"""The build hook (hatchling) that compiles the engine's hot modules with mypyc when asked.

    RIICHI_RULES_MYPYC=1 pip install -e '.[test]'   # compiled beside the source (editable)
    RIICHI_RULES_MYPYC=1 python -m build --wheel    # a compiled wheel for this platform
    pip install -e .                                # pure Python (and removes a compiled form)

The modules are ``riichi_rules.native.MODULES``; the build needs a C compiler and Python's
headers, and asks for mypy and setuptools (and the package's dependencies, which the type
checks of the modules read). Without the variable the build is pure Python as ever.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from types import ModuleType
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

VARIABLE = "RIICHI_RULES_MYPYC"
GROUP = "riichi_rules"  # the shared library of the compiled modules: riichi_rules__mypyc

# run in a process of its own, in the project root (mypy reads [tool.mypy] of pyproject.toml)
_COMPILE = """
import sys
from mypyc.build import mypycify
from setuptools import setup

group, build_lib, build_temp, *paths = sys.argv[1:]
setup(name="riichi-rules-compiled", packages=[], script_args=["build_ext", "--build-lib", build_lib,
      "--build-temp", build_temp], ext_modules=mypycify(paths, target_dir=build_temp,
      group_name=group))
"""


def _wanted() -> bool:
    return os.environ.get(VARIABLE, "").strip() not in ("", "0")


class MypycBuildHook(BuildHookInterface):  # type: ignore[misc]
    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        if not _wanted() or self.target_name != "wheel":
            return []
        # mypy 1.20 is the first whose mypyc knows @mypyc_attr(acyclic=True) (records.events)
        return ["mypy>=1.20", "setuptools", "types-PyYAML",
                *self.metadata.core.dependencies]

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        engine = Path(self.root) / "engine"
        native = _native(engine)
        if not _wanted():
            if version == "editable":
                _remove_compiled(engine, native)
            return
        self._temp = tempfile.mkdtemp(prefix="riichi-mypyc-")
        built = _compile(Path(self.root), native, Path(self._temp))
        if version == "editable":  # the editable wheel points at engine/: put them there
            _remove_compiled(engine, native)
            for relative, file in built.items():
                shutil.copy2(file, engine / relative)
        else:
            build_data["force_include"].update({str(f): r for r, f in built.items()})
            build_data["pure_python"] = False
            build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact: str) -> None:
        temp = getattr(self, "_temp", None)
        if temp:
            shutil.rmtree(temp, ignore_errors=True)


def _native(engine: Path) -> ModuleType:
    """riichi_rules.native, read without importing the package (nor its dependencies)."""
    spec = importlib.util.spec_from_file_location("_riichi_native",
                                                  engine / "riichi_rules" / "native.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _compile(root: Path, native: ModuleType, temp: Path) -> dict[str, Path]:
    """Compile the modules; each file built by its path under engine/ (the stamp with them)."""
    lib, work = temp / "lib", temp / "work"
    paths = [str(Path("engine", *m.split("."))) + ".py" for m in native.MODULES]
    print(f"{VARIABLE}: compiling {len(paths)} modules with mypyc", file=sys.stderr)
    subprocess.run([sys.executable, "-c", _COMPILE, GROUP, str(lib), str(work), *paths],
                   cwd=root, check=True, stdout=subprocess.DEVNULL)
    built = {f.relative_to(lib).as_posix(): f for f in lib.rglob("*") if f.is_file()}
    stamp = lib / "riichi_rules" / native.STAMP
    stamp.write_text("".join(
        f"{m} {native.digest(Path(native.source_path(m)).read_bytes())}\n"
        for m in native.MODULES))
    built[f"riichi_rules/{native.STAMP}"] = stamp
    return built


def _remove_compiled(engine: Path, native: ModuleType) -> None:
    """Remove a compiled form left beside the source by an earlier editable build (every
    extension module under engine/: the build's alone, .gitignore says)."""
    for file in engine.rglob(f"*{EXTENSION_SUFFIXES[0]}"):  # riichi_rules__mypyc's too
        file.unlink()
    (engine / "riichi_rules" / native.STAMP).unlink(missing_ok=True)
