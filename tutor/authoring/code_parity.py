"""Two versions of one piece of code that may differ only in what a reader reads: comments and
string literals (a starter, a solution, a chapter context or a lesson block and its English
version). Both are tokenized; every other token must be the same, in the same order. The words
of an f-string are its literal parts (dropped: word order differs between languages); its
expressions are code and must match."""

from __future__ import annotations

import functools
import io
import tokenize

_WORDS = {tokenize.COMMENT, tokenize.NL}
_STRING_WORDS = {tokenize.STRING} | {getattr(tokenize, "FSTRING_MIDDLE", tokenize.STRING)}
_SHAPE = {tokenize.INDENT, tokenize.DEDENT, tokenize.NEWLINE, tokenize.ENDMARKER}

Token = tuple[int, str, int]  # type, text ("" where only the kind counts), line


def code_tokens(source: str) -> list[Token]:
    """The tokens that make the program: comments gone, string literals as one mark each, the
    literal words of f-strings gone. Raises SyntaxError for code that does not tokenize."""
    out: list[Token] = []
    try:
        for tok in tokenize.generate_tokens(io.StringIO(source).readline):
            if tok.type in _WORDS:
                continue
            if tok.type == tokenize.STRING:
                out.append((tok.type, "", tok.start[0]))
            elif tok.type in _STRING_WORDS:
                continue  # an f-string's words
            elif tok.type in _SHAPE:
                out.append((tok.type, "", tok.start[0]))
            else:
                out.append((tok.type, tok.string, tok.start[0]))
    except (tokenize.TokenError, IndentationError) as e:
        raise SyntaxError(str(e)) from None
    return out


@functools.lru_cache(maxsize=4096)  # pure; a course validated again compares the same pairs
def code_difference(reference: str, other: str) -> str | None:
    """None when `other` differs from `reference` only in comments and string literals, else
    where they part: 'line 4 `+` where the reference has line 4 `-`'."""
    try:
        mine, theirs = code_tokens(reference), code_tokens(other)
    except SyntaxError as e:
        return f"does not tokenize: {e}"
    for a, b in zip(mine, theirs, strict=False):
        if a[:2] != b[:2]:
            return f"line {b[2]} {_shown(b)} where the reference has line {a[2]} {_shown(a)}"
    if len(mine) != len(theirs):
        longer, n = (mine, "the reference") if len(mine) > len(theirs) else (theirs, "this one")
        rest = longer[min(len(mine), len(theirs))]
        return f"{n} goes on at line {rest[2]} {_shown(rest)}"
    return None


def _shown(token: Token) -> str:
    kind, text, _ = token
    if kind == tokenize.STRING:
        return "a string"
    return f"`{text}`" if text else tokenize.tok_name[kind].lower()
