"""The rules language: parse ``.rules`` text to an AST, check it, compile it to closures."""
