"""Where rulesets differ: two side by side (pair.py) or three and more (matrix.py), on their
parameters and yaku (parts.py) and on the conformance cases (cases.py; the referee cases
followed by search/table_causes.py), printed by render.py."""
