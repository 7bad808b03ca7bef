"""An exercise as the course describes it: its folder's files (statement, starter, solution,
explanation, wrong solutions), its interface, hints, limits, stated rules, and the ids of the
checks its check module registers."""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path

from tutor import paths
from tutor.course.expectations import Expectation, parse_starter_expect
from tutor.course.languages import LANGS, localized, tagged
from tutor.course.markdown import reflow
from tutor.course.python_source import parsed_source


@dataclass(frozen=True)
class InterfaceItem:
    """A name the learner's file must define, with the signature the statement gives."""

    name: str
    signature: str
    kind: str = "function"  # function | value | class


@dataclass(frozen=True)
class Rule:
    """A rule the exercise's statement states, and the ids of the checks that enforce it."""

    text: str
    checks: tuple[str, ...]


@dataclass
class Exercise:
    """One exercise (main or repair) of a chapter, as its exercise.toml describes it."""

    id: str
    title: str
    chapter_id: str
    needs: list[str]  # the lesson pages it needs (exercise.toml), in any order
    folder: Path
    interface: list[InterfaceItem]
    hints: list[str]
    time_limit: float
    memory_mb: int
    check_module: str
    equivalent_mutants: dict[str, str] = field(default_factory=dict)  # mutant id → why
    kind: str = "main"  # "main", or "repair": a broken starter from a lesson's pitfall
    starter_expect: str = ""  # repair: how the untouched starter must fail (a fixture header)
    # repair: the same in English (exercise.en.toml's starter_expect), "" when not given
    starter_expect_en: str = ""
    rules: list[Rule] = field(default_factory=list)  # [[rules]]: stated rule → enforcing checks
    # the page it follows on the course map: the last of `needs` in reading order (the loader
    # sets it; a repair follows the page whose pitfall it repairs)
    lesson_id: str = ""
    lang: str = "zh"  # the language of its texts and files (tutor/course/languages.py)

    @property
    def is_repair(self) -> bool:
        return self.kind == "repair"

    def starter_expectation(self) -> Expectation:
        """How the repair's starter must fail, with the English words when the overlay gives
        them (`Expectation.in_lang` picks a language's)."""
        return parse_starter_expect(self.starter_expect, self.starter_expect_en)

    @property
    def statement_path(self) -> Path:
        return localized(self.folder / "statement.md", self.lang)

    @property
    def starter_path(self) -> Path:
        return localized(self.folder / "starter.py", self.lang)

    @property
    def solution_path(self) -> Path:
        return localized(self.folder / "solution.py", self.lang)

    @property
    def explanation_path(self) -> Path:
        return localized(self.folder / "explanation.md", self.lang)

    @property
    def check_path(self) -> Path:
        return paths.checks_dir() / f"{self.check_module}.py"

    @property
    def statement(self) -> str:
        return reflow(self.statement_path.read_text(encoding="utf-8"))

    @property
    def starter(self) -> str:
        return self.starter_path.read_text(encoding="utf-8")

    @property
    def solution(self) -> str:
        return self.solution_path.read_text(encoding="utf-8")

    @property
    def explanation(self) -> str:
        return reflow(self.explanation_path.read_text(encoding="utf-8"))

    def is_starter(self, text: str) -> bool:
        """The starter in any language (progress and drafts do not depend on the language)."""
        return text in self._versions("starter.py")

    def _versions(self, name: str) -> list[str]:
        found = (tagged(self.folder / name, lang) for lang in LANGS)
        return [p.read_text(encoding="utf-8") for p in found if p.is_file()]

    @property
    def names(self) -> list[str]:
        return [i.name for i in self.interface]

    @cached_property
    def check_ids(self) -> list[str]:
        """The ids of the checks the check module registers, in order, read from its source
        (the parent knows which checks must pass without importing the module)."""
        return list(_registered_check_ids(self.check_path.read_text(encoding="utf-8")))

    def wrong_solutions(self) -> list[Path]:
        folder = self.folder / "wrong"
        return sorted(folder.glob("*.py")) if folder.is_dir() else []


# a pure function of the source: the tests load many copies of one course
@lru_cache(maxsize=512)
def _registered_check_ids(source: str) -> tuple[str, ...]:
    """The ids in `@checks.add("id", …)` decorators of a check module's source, in source order."""
    found = []
    for node in ast.walk(parsed_source(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for dec in node.decorator_list:
                if (
                    isinstance(dec, ast.Call)
                    and isinstance(dec.func, ast.Attribute)
                    and dec.func.attr == "add"
                    and dec.args
                    and isinstance(dec.args[0], ast.Constant)
                    and isinstance(dec.args[0].value, str)
                ):
                    found.append((dec.args[0].lineno, dec.args[0].value))
    return tuple(check_id for _, check_id in sorted(found))
