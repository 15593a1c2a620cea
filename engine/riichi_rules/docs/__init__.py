"""The generated rulebook: the rules that actually run, rendered back into a documentation
site.

- :mod:`riichi_rules.docs.render` (with ``render_nouns`` and ``render_conditions``) turns a
  rule's condition (its AST) into an English sentence and its values into formulas; the types
  of expressions and what the parameters decide come from the language front end's typed tree
  (:mod:`riichi_rules.docs.folding`); :mod:`riichi_rules.docs.english` holds the words;
- :mod:`riichi_rules.docs.tiles` draws the tiles (our own SVGs) and hands made of them;
- :mod:`riichi_rules.docs.points` computes the points table by running a ruleset's own limits
  and payments rules;
- :mod:`riichi_rules.docs.facts` words each yaku as one ruleset has it (where two rulesets
  differ comes from :mod:`riichi_rules.comparison`);
- :mod:`riichi_rules.docs.pages` writes the Markdown pages (``riichi docs build``), one module
  a page family: ``overview``, ``yaku_page``, ``scoring_pages`` (fu, limits, points),
  ``table_pages``, ``compare_pages``, ``index_pages`` (index, vocabulary), ``sources`` and
  ``source_files``; what they share is :mod:`riichi_rules.docs.context`.
"""
