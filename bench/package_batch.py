"""Score a file of wins with the ``mahjong`` package, as a script of one's own would: the
package's side of bench/bench_batch.py.

    python bench/package_batch.py FILE OPTIONS_JSON > results.jsonl

Each line of FILE is one win in the package's own terms (136-format tile ids, melds, the
``HandConfig`` flags), written by bench_batch.py from the same wins riichi-rules scores;
OPTIONS_JSON holds the ``OptionalRules`` keyword arguments. For each line it builds the
``Meld`` objects and the ``HandConfig``, calls ``HandCalculator.estimate_hand_value`` and
writes one JSON line: han, fu, the payments (``cost``) and the yaku, or the error. It imports
nothing of riichi-rules, so that its start is the package's alone.
"""

from __future__ import annotations

import json
import sys

from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.meld import Meld

_TYPES = {"chi": Meld.CHI, "pon": Meld.PON, "kan": Meld.KAN, "shouminkan": Meld.SHOUMINKAN}


def main(path: str, options_json: str) -> int:
    options = OptionalRules(**json.loads(options_json))
    calculator = HandCalculator()
    out = sys.stdout
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            win = json.loads(line)
            melds = [Meld(meld_type=_TYPES[m["type"]], tiles=m["tiles"], opened=m["opened"],
                          called_tile=m["called"]) for m in win["melds"]]
            result = calculator.estimate_hand_value(
                win["tiles"], win["win_tile"], melds=melds, dora_indicators=win["dora"],
                config=HandConfig(options=options, **win["flags"]),
                ura_dora_indicators=win["ura"])
            if result.error:
                out.write(json.dumps({"error": result.error}) + "\n")
            else:
                out.write(json.dumps({"han": result.han, "fu": result.fu, "cost": result.cost,
                                      "yaku": [y.name for y in result.yaku]}) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
