"""Learner output made safe for a terminal: control characters and escape sequences (clear
screen, window title, clipboard, alternate screen, full reset …) are shown as visible escapes
instead of acting on the terminal. Newlines and tabs are kept.

Every C0 control (but \\n and \\t), DEL and every C1 control becomes `\\xNN` text. An escape
sequence is neutralised by its introducer alone: once ESC (or the 8-bit CSI/OSC byte) is
replaced, the rest of the sequence is plain printable text, shown as it is."""

from __future__ import annotations

import re

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
