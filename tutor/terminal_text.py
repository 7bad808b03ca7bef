"""Learner output made safe for a terminal: control characters and escape sequences (clear
screen, window title, clipboard, alternate screen, full reset …) are shown as visible escapes
instead of acting on the terminal. Newlines and tabs are kept.

`literal` is the one way a string from the learner, from JAX or from a value enters a Rich or
Textual view (the app and the CLI): a Rich `Text`, sanitised and never read as markup, so that
`[nan nan]`, `x.at[idx].set(y)` and `[bold]` are shown as written.

Every C0 control (but \\n and \\t), DEL and every C1 control becomes `\\xNN` text. An escape
sequence is neutralised by its introducer alone: once ESC (or the 8-bit CSI/OSC byte) is
replaced, the rest of the sequence is plain printable text, shown as it is."""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # rich loads with the first text drawn (the plain CLI never needs it)
    from rich.style import Style
    from rich.text import Text

# C0 except \t (0x09) and \n (0x0a), DEL, C1
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def _visible(match: re.Match) -> str:
    return f"\\x{ord(match.group()):02x}"


def sanitize(text: str) -> str:
    """`text` with control characters replaced by visible `\\xNN` escapes; a CRLF line end
    becomes a newline."""
    if not text:
        return text
    text = text.replace("\r\n", "\n")
    return _CONTROL.sub(_visible, text)


def literal(value: object, style: str | Style = "") -> Text:
    """`value` (a string from the learner, JAX or a value; anything else as `str(value)`) as Rich
    text shown exactly as written: control characters as visible `\\xNN` escapes, brackets as
    brackets. Rich reads a plain string handed to a table, a group or a console as markup, and
    Textual does the same with a widget's string: `[nan nan]` or `x[idx]` would vanish. `style`
    is a span, not the Text's own style: Textual reads the latter as CSS, where a colour is a
    fixed one instead of the theme's (docs/architecture.md §7)."""
    from rich.text import Text

    return Text().append(sanitize(value if isinstance(value, str) else str(value)), style or None)


def sanitize_all(value):
    """`value` with every string inside it sanitised: a run's result, a check's detail (any
    dataclass, list, tuple or dict of them), ready for a renderer. Enum members (statuses) and
    other values are kept as they are; the original is not changed."""
    if type(value) is str:
        return sanitize(value)
    if isinstance(value, list):
        return [sanitize_all(v) for v in value]
    if isinstance(value, tuple):
        return tuple(sanitize_all(v) for v in value)
    if isinstance(value, dict):
        return {sanitize_all(k): sanitize_all(v) for k, v in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changes = {f.name: sanitize_all(getattr(value, f.name)) for f in dataclasses.fields(value)}
        return dataclasses.replace(value, **{k: v for k, v in changes.items() if _init(value, k)})
    return value


def _init(value, name: str) -> bool:
    return next(f.init for f in dataclasses.fields(value) if f.name == name)


def strip_controls(text: str) -> str:
    """`text` without any control character: what a terminal may receive as cell text. The last
    guard under every renderer (tutor/app/terminal_guard.py), where a replacement wider than the
    character it replaces would shift the rest of the line."""
    return _CONTROL_OR_NEWLINE.sub("", text) if _CONTROL_OR_NEWLINE.search(text) else text


_CONTROL_OR_NEWLINE = re.compile("[\x00-\x1f\x7f-\x9f]")


def has_control(text: str) -> bool:
    """Whether `text` holds any control character (newlines and tabs included)."""
    return _CONTROL_OR_NEWLINE.search(text) is not None
