"""The course's errors: content that does not load (naming the file and the field), and an id
that names nothing in the course (with the closest ids there are)."""

from __future__ import annotations

from pathlib import Path


class ContentError(Exception):
    def __init__(self, file: Path | str, field: str, message: str):
        self.file, self.field, self.message = str(file), field, message
        super().__init__(f"{file}: [{field}] {message}")


class UnknownId(LookupError):
    def __init__(self, kind: str, given: str, suggestions: list[str]):
        self.kind, self.given, self.suggestions = kind, given, suggestions
        super().__init__(f"unknown {kind} id {given!r}; closest: {', '.join(suggestions) or '-'}")
