# The conformance suite: every conformance/**/*.yaml case under every bundled ruleset
# (riichi_rules.conformance.pytest_plugin); pytester runs pytest inside its tests.
pytest_plugins = ["riichi_rules.conformance.pytest_plugin", "pytester"]

import atexit  # noqa: E402
import os  # noqa: E402
import shutil  # noqa: E402
import tempfile  # noqa: E402

# Compiled programs are kept on disk between runs (riichi_rules.scoring.cache): the tests,
# and the commands they start, keep theirs in a folder of their own, removed at the end.
if "RIICHI_RULES_CACHE" not in os.environ:
    _KEPT = tempfile.mkdtemp(prefix="riichi-rules-tests-")
    os.environ["RIICHI_RULES_CACHE"] = _KEPT
    atexit.register(shutil.rmtree, _KEPT, True)
