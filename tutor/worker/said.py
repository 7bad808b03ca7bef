"""How a check speaks: a message id and its values, the words taken from the check catalogs
(checks/messages/<chapter>.<lang>.toml, tutor/words/check_catalog.py) in the job's language.

    fail(msg("ex_6_1.frozen", count=counts[0], change=change.words()), expected=…, actual=…)

`msg` renders at once, in the language the worker's job set (tutor.words.catalog.lang()): a
check module runs inside its job, so that is the learner's language. A phrase is a value like
any other (`why=msg("_ch6.weak_to_strong", …)`). `later` keeps the id and values and renders when
the text is used: for words built at a helper module's import (a worker may run jobs in both
languages, and helper modules are imported once), e.g. a Known mistake's message."""

from __future__ import annotations

from typing import Any

from tutor.words import catalog, check_catalog, every_lang


def msg(key: str, /, **values: Any) -> str:
    """Message `key` in the job's language, with `values` in its fields."""
    return every_lang.each(lambda one: check_catalog.render(one, key, values), catalog.lang())


class Said:
    """A message id and its values, rendered in the current language when used as text."""

    __slots__ = ("key", "values")

    def __init__(self, key: str, values: dict[str, Any]) -> None:
        self.key, self.values = key, values

    def __str__(self) -> str:
        return msg(self.key, **self.values)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __repr__(self) -> str:
        return f"later({self.key!r})"


def later(key: str, /, **values: Any) -> Said:
    """Message `key`, rendered when it is used (str(), a field of another message)."""
    return Said(key, values)


def lead(label: str) -> str:
    """A label that goes right before the words of a message (`{label}` followed directly by
    Chinese words): in Chinese it takes a space after a Latin letter, a digit or `_`, and none
    after a Chinese character or a bracket (the course's mixed-script spacing); other languages
    set their own spaces in the message."""
    return every_lang.each(lambda one: _lead(one, label), catalog.lang())


def _lead(lang: str, label: str) -> str:
    if lang != "zh":
        return label
    end = label[-1:]
    return f"{label} " if end.isascii() and (end.isalnum() or end == "_") else label
