# The conformance suite: every conformance/**/*.yaml case under every bundled ruleset
# (riichi_rules.conformance.pytest_plugin); pytester runs pytest inside its tests.
pytest_plugins = ["riichi_rules.conformance.pytest_plugin", "pytester"]
