"""What the fuzz tests share: their settings, and the check that an error is one of ours.

Each test runs a modest number of examples by default, so that the whole suite stays under
two minutes in CI; ``RIICHI_FUZZ_EXAMPLES=N`` runs N examples per test instead (see
README.md). An example that takes longer than :data:`DEADLINE` fails: that is the "no hang".
"""

from __future__ import annotations

import os
import re
from datetime import timedelta

from hypothesis import HealthCheck, settings

from riichi_rules.errors import DiagnosticError, InputError, RiichiError

DEADLINE = timedelta(seconds=10)
_CODE = re.compile(r"[a-z][a-z_]*")


def fuzz(default: int) -> settings:
    """The settings of a fuzz test: ``default`` examples, or RIICHI_FUZZ_EXAMPLES."""
    examples = int(os.environ.get("RIICHI_FUZZ_EXAMPLES", "0") or 0) or default
    return settings(max_examples=examples, deadline=DEADLINE, derandomize=False,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.filter_too_much,
                                           HealthCheck.function_scoped_fixture])


def assert_ours(error: BaseException) -> None:
    """``error`` is one of the package's errors for bad input, and says what is wrong: an
    InputError with a stable code and a message, or a file's diagnostics, each at a place."""
    assert isinstance(error, RiichiError), f"{type(error).__name__}: {error}"
    if isinstance(error, InputError):
        assert _CODE.fullmatch(error.code), error.code
        assert error.message.strip(), error
    else:
        assert isinstance(error, DiagnosticError), type(error)
        assert error.diagnostics
        for d in error.diagnostics:
            assert d.file and d.line >= 1 and d.column >= 1 and d.message.strip(), d
        assert error.render()
