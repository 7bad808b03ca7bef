"""The words and patterns of course text that the authoring rules look for, kept as data beside
the rules: tutor/authoring/text_rules.<lang>.toml, one table per rule (`[slips]`, `[spacing]`,
…), so that no Chinese stands in Python source (tests/test_check_messages.py). A rule with an
English counterpart finds it under the same key in the English file; a rule of Chinese text only
(the spacing of a chapter label, counts written in Chinese numerals) has its key in the Chinese
file only. Regular expressions are TOML literal strings ('…'), written as `re` reads them.

A file or a key that is missing, of the wrong type, or a pattern that does not compile fails at
import of the rule that asks for it, naming the file and the key."""

from __future__ import annotations

import re
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

FOLDER = Path(__file__).resolve().parent


class RuleDataError(LookupError):
    """A rule's data is missing or malformed; the message names the file and the key."""


class RuleWords:
    """One language's data file of the rules, looked up by `table.key`."""

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            self.doc: dict[str, Any] = tomllib.loads(path.read_text(encoding="utf-8"))
        except OSError as e:
            raise RuleDataError(f"{path}: the rules' words cannot be read ({e})") from e
        except tomllib.TOMLDecodeError as e:
            raise RuleDataError(f"{path}: not valid TOML ({e})") from e

    def _get(self, key: str, kind: type, what: str) -> Any:
        node: Any = self.doc
        for part in key.split("."):
            if not isinstance(node, dict) or part not in node:
                raise RuleDataError(f"{self.path}: no {key!r} (a rule needs it)")
            node = node[part]
        if not isinstance(node, kind):
            raise RuleDataError(f"{self.path}: {key!r} must be {what}")
        return node

    def text(self, key: str) -> str:
        return self._get(key, str, "a string")

    def words(self, key: str) -> list[str]:
        found = self._get(key, list, "a list of strings")
        if not found or not all(isinstance(w, str) and w for w in found):
            raise RuleDataError(f"{self.path}: {key!r} must be a list of non-empty strings")
        return found

    def table(self, key: str) -> dict[str, str]:
        found = self._get(key, dict, "a table of strings")
        if not found or not all(isinstance(v, str) for v in found.values()):
            raise RuleDataError(f"{self.path}: {key!r} must be a table of strings")
        return found

    def pattern(self, key: str, flags: int = 0) -> re.Pattern[str]:
        try:
            return re.compile(self.text(key), flags)
        except re.error as e:
            raise RuleDataError(f"{self.path}: {key!r} is no regular expression ({e})") from e


@cache
def rule_words(lang: str, folder: Path = FOLDER) -> RuleWords:
    """The rules' data of `lang` (zh, en)."""
    return RuleWords(folder / f"text_rules.{lang}.toml")
