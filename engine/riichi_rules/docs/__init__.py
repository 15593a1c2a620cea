"""The generated rulebook: the rules that actually run, rendered back into a documentation
site.

- :mod:`riichi_rules.docs.render` turns a rule's condition (its AST) into an English sentence
  and its values into formulas;
- :mod:`riichi_rules.docs.tiles` draws the tiles (our own SVGs) and hands made of them;
- :mod:`riichi_rules.docs.points` computes the points table by running a ruleset's own limits
  and payments rules;
- :mod:`riichi_rules.docs.facts` words each yaku as one ruleset has it (where two rulesets
  differ comes from :mod:`riichi_rules.comparison`);
- :mod:`riichi_rules.docs.pages` writes the Markdown pages (``riichi docs build``).
"""
