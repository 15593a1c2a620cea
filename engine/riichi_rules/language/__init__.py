"""The rules language: parse ``.rules`` text to an AST, check and type it, fold it, lower it to
generated code or closures; the reference evaluator beside them."""
