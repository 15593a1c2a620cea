"""Rulesets as data: load a ruleset.json (schema, extends, parameters) into a RulesetConfig."""

from riichi_rules.rulesets.config import (
    RulesetConfig,
    bundled_ids,
    clear_cache,
    load_config,
    local_yaku_dir,
    parameter_defaults,
    parameter_schemas,
)

__all__ = [
    "RulesetConfig",
    "bundled_ids",
    "clear_cache",
    "load_config",
    "local_yaku_dir",
    "parameter_defaults",
    "parameter_schemas",
]
