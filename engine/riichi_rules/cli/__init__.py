"""The ``riichi`` command: ``riichi score``, ``riichi check``, ``riichi rulesets`` (and
``riichi conformance`` and ``riichi compare`` when those modules are installed).

Each subcommand is a module with ``add_parser(subparsers)`` and ``run(args) -> int``. Those
modules import little at import time (the standard library, and the command-line notation of a
win), so ``riichi --help`` stays fast; the scorer, the rules language and the ruleset loader
are imported inside ``run``.

Exit status: 0 success, 1 bad input (a hand that cannot be scored, a rule file with errors),
2 usage errors (argparse's convention), 130 on Ctrl-C.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import NoReturn, Protocol, cast

from riichi_rules import __version__, compiled
from riichi_rules.cli.lasting import lasting
from riichi_rules.errors import FAULT_ADVICE, RuleFault
from riichi_rules.native import describe

__all__ = ["main"]

# The subcommands, in the order ``riichi --help`` lists them. A module that is not
# installed (ImportError) is left out.
COMMANDS = (
    "riichi_rules.cli.score",
    "riichi_rules.cli.check",
    "riichi_rules.cli.rulesets",
    "riichi_rules.cli.conformance",
    "riichi_rules.cli.compare",
    "riichi_rules.cli.replay",
    "riichi_rules.cli.docs",
)

EXIT_OK = 0
EXIT_BAD_INPUT = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130


class _Command(Protocol):
    def add_parser(self, subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
        ...

    def run(self, args: argparse.Namespace) -> int:
        ...


def _commands(names: Sequence[str] = COMMANDS) -> list[_Command]:
    modules: list[_Command] = []
    for name in names:
        try:
            module: ModuleType = importlib.import_module(name)
        except ImportError as error:
            # Only "this subcommand is not installed" is tolerated: an ImportError raised
            # from inside an existing module is a bug and must show.
            if getattr(error, "name", None) != name:
                raise
            continue
        modules.append(cast(_Command, module))
    return modules


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The command-line parser: of every available subcommand, or (``command``, when it names
    one) of that one alone, which is all a run of it needs."""
    parser = argparse.ArgumentParser(
        prog="riichi",
        description="The rules of Japanese Riichi Mahjong as data: score a win, check rule "
        "files and rulesets, list the bundled rulesets.",
        epilog="Run 'riichi COMMAND --help' for a command's options. Exit status: 0 ok, "
        "1 bad input, 2 usage error.",
    )
    parser.add_argument("--version", action="version",
                        version=f"riichi-rules {__version__} ({describe(compiled)})")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    module_name = f"{__name__}.{command}"
    for module in _commands([module_name] if module_name in COMMANDS else COMMANDS):
        before = set(subparsers.choices)
        module.add_parser(subparsers)
        for name in set(subparsers.choices) - before:  # the module runs what it added
            subparser = subparsers.choices[name]
            subparser.set_defaults(module=module, command_parser=subparser)
    if command is not None and command not in subparsers.choices:
        return build_parser()
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``riichi`` command; returns the exit status (argparse's own exits included)."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    first = arguments[0] if arguments and not arguments[0].startswith("-") else None
    with lasting():  # the command's modules and its parser
        parser = build_parser(first)
    try:
        args, extras = parser.parse_known_args(arguments)
        if extras:
            # argparse cannot take positionals on both sides of an option
            # ("riichi score 123m --tsumo 4-56s"): a command may take them back.
            take = getattr(args, "take_extra_positionals", None)
            if take is None or any(e.startswith("-") for e in extras):
                _unrecognized(getattr(args, "command_parser", parser), extras)
            take(args, extras)
    except SystemExit as exit_:  # --help, --version and usage errors
        if exit_.code is None:
            return EXIT_OK
        return exit_.code if isinstance(exit_.code, int) else EXIT_USAGE
    run = cast(_Command, args.module).run
    _tolerant_output()
    try:
        return run(args)
    except RuleFault as fault:  # met where no command stops at it itself (a search's scenario)
        print(f"riichi {args.command}: {fault.message}: {FAULT_ADVICE}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # "riichi score --batch big.jsonl | head": stop quietly, like other filters.
        _silence_stdout()
        return EXIT_OK


def _unrecognized(parser: argparse.ArgumentParser, extras: list[str]) -> NoReturn:
    """argparse's "unrecognized arguments" error, with a did-you-mean for a misspelt
    option."""
    import difflib

    message = f"unrecognized arguments: {' '.join(extras)}"
    options = [o for action in parser._actions for o in action.option_strings]
    for extra in extras:
        if extra.startswith("--"):
            close = difflib.get_close_matches(extra.split("=", 1)[0], options, n=1)
            if close:
                message += f" (did you mean {close[0]}?)"
                break
    parser.error(message)


def _tolerant_output() -> None:
    """Output that cannot fail on a character: on a terminal or pipe whose encoding lacks one
    (``PYTHONIOENCODING=ascii``, a Latin-1 console), it is written as a backslash escape."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            with contextlib.suppress(ValueError, OSError):  # a stream that cannot change now
                reconfigure(errors="backslashreplace")


def _silence_stdout() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # stdout is not a real file (tests capture it)
        pass
