"""A count and its noun in the form the count needs: a catalog field written `{n:@time|times}`
renders as `1 time`, `0 times`, `3 times` (English needs it; a language without plural forms
writes a plain `{n}` before its noun and never uses it). Every other field is filled as
str.format fills it."""

from __future__ import annotations

import string

MARK = ":@"


class _Counting(string.Formatter):
    def format_field(self, value, format_spec: str) -> str:
        if format_spec.startswith("@"):
            one, _, many = format_spec[1:].partition("|")
            return f"{value} {one if _is_one(value) else many or one}"
        return super().format_field(value, format_spec)


_COUNTING = _Counting()


def fill(text: str, values: dict) -> str:
    """`text` with its fields filled; str.format unless a field asks for a counted noun."""
    if MARK in text:
        return _COUNTING.format(text, **values)
    return text.format(**values)


def plain_spec(spec: str) -> str:
    """A field's format spec as the languages must share it: a counted noun is a language's own
    words, so `@time|times` counts as no spec."""
    return "" if spec.startswith("@") else spec


def _is_one(value) -> bool:
    try:
        return bool(value == 1)
    except (TypeError, ValueError):  # an array of several values is no count of one
        return False
