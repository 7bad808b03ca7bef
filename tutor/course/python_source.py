"""A Python source parsed without running it, once per text: the loader reads a check module's
ids from its tree and the validator reads the same sources for several rules, and the tests
validate many copies of one course. Keyed by the text itself (copies share file names), bounded;
a tree is only ever read, never changed."""

from __future__ import annotations

import ast
from functools import lru_cache


@lru_cache(maxsize=4096)
def parsed_source(source: str) -> ast.Module:
    """The module tree of `source`. Raises SyntaxError (not kept: raised again on each call)."""
    return ast.parse(source)
