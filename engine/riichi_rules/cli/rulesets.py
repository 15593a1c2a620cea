"""``riichi rulesets``: the bundled rulesets, with their source rulebook and what they extend.

Exit status: 0, or 1 if a bundled ruleset cannot be loaded (its problems are printed).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

EXIT_OK = 0
EXIT_ERRORS = 1


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser(
        "rulesets",
        help="list the bundled rulesets",
        description="List the bundled rulesets: id (for --ruleset), name, source rulebook and "
        "edition, and the ruleset each extends.",
    )
    p.add_argument("--json", action="store_true",
                   help='print a JSON list of {"id", "name", "source", "extends", "path"}')


def run(args: argparse.Namespace) -> int:
    from riichi_rules.errors import ConfigError
    from riichi_rules.rulesets.config import bundled_ids, load_config

    rows: list[dict[str, Any]] = []
    status = EXIT_OK
    for ruleset_id in bundled_ids():
        try:
            config = load_config(ruleset_id)
        except ConfigError as error:
            print(f"riichi rulesets: the bundled ruleset '{ruleset_id}' does not load:",
                  file=sys.stderr)
            print(error.render(), file=sys.stderr)
            status = EXIT_ERRORS
            continue
        rows.append({
            "id": config.id,
            "name": config.name,
            "source": dict(config.source),
            "extends": config.chain[-2] if len(config.chain) > 1 else None,
            "path": str(config.path),
        })
    if args.json:
        print(json.dumps(rows, indent=2))
        return status
    if not rows:
        return status
    width_id = max(len("ID"), *(len(r["id"]) for r in rows))
    width_name = max(len("NAME"), *(len(r["name"]) for r in rows))
    width_ext = max(len("EXTENDS"), *(len(r["extends"] or "-") for r in rows))
    print(f"{'ID':<{width_id}}  {'EXTENDS':<{width_ext}}  {'NAME':<{width_name}}  SOURCE")
    for r in rows:
        source = " ".join(s for s in (r["source"].get("rulebook", ""),
                                      r["source"].get("edition", "")) if s)
        print(f"{r['id']:<{width_id}}  {r['extends'] or '-':<{width_ext}}  "
              f"{r['name']:<{width_name}}  {source}")
    return status
