"""Chinese written in Python source as a string literal (docstrings included): words that belong
in a catalog (tutor/words, checks/messages) or in the data of a rule that reads Chinese text
(tutor/authoring/text_rules.zh.toml). Comments are not counted; a character written as an
escape (`"\\u3002"`) is data about text, not words, and is not counted either, since the scan
reads the source as written."""

from __future__ import annotations

import io
import re
import tokenize
from functools import lru_cache

CJK = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]")


def cjk_literals(source: str) -> list[tuple[int, str]]:
    """(line, the literal as written) for each string literal (or f-string part) holding a
    Chinese character or full-width punctuation."""
    return list(_cjk_literals(source))


# the validator asks this of every check module, and the tests validate many copies of one
# course: a pure function of the text, kept per text
@lru_cache(maxsize=512)
def _cjk_literals(source: str) -> tuple[tuple[int, str], ...]:
    kinds = {tokenize.STRING, getattr(tokenize, "FSTRING_MIDDLE", tokenize.STRING)}
    return tuple(
        (tok.start[0], tok.string)
        for tok in tokenize.generate_tokens(io.StringIO(source).readline)
        if tok.type in kinds and CJK.search(tok.string)
    )
