"""A problem the content validator found: the file, the field, and what is wrong."""

from __future__ import annotations

import dataclasses


@dataclasses.dataclass(frozen=True)
class Problem:
    file: str
    field: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}: [{self.field}] {self.message}"
