"""The course content model: chapters, lesson pages, exercises, quizzes and the lookups on them
(format: lessons/README.md). `tutor.course.loader.load_course` builds it from the files."""

from __future__ import annotations

import ast
import difflib
import re
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from pathlib import Path

from tutor import paths
from tutor.course.markdown import (
    CodeBlock,
    Heading,
    Segment,
    code_blocks,
    headings,
    join_cjk_breaks,
    reflow,
    segments,
)
from tutor.course.predictions import Prediction, PredictionError, parse_prediction


class ContentError(Exception):
    def __init__(self, file: Path | str, field: str, message: str):
        self.file, self.field, self.message = str(file), field, message
        super().__init__(f"{file}: [{field}] {message}")


@dataclass(frozen=True)
class InterfaceItem:
    name: str
    signature: str
    kind: str = "function"  # function | value | class


@dataclass(frozen=True)
class Rule:
    """A rule the exercise's statement states, and the ids of the checks that enforce it."""

    text: str
    checks: tuple[str, ...]


_SUBPAGE = re.compile(r"^(?P<topic>.+\.\d+)(?P<part>[a-z])$")


def topic_of(page_id: str) -> str:
    """The topic a page belongs to: '7.1b' → '7.1'; a page that is not a sub-page is its own
    topic."""
    m = _SUBPAGE.match(page_id)
    return m["topic"] if m else page_id


@dataclass
class Lesson:
    id: str
    title: str
    chapter_id: str
    path: Path
    level: str = ""  # "core" (🟢 必读), "optional" (⚪ 选读) or "" (unmarked)
    context_path: Path | None = None

    @property
    def topic_id(self) -> str:
        return topic_of(self.id)

    @cached_property
    def _parts(self) -> tuple[str, int]:
        _, body, first_line = _split_front_matter(self.path)
        return body, first_line

    @property
    def body(self) -> str:
        return self._parts[0]

    @cached_property
    def segments(self) -> list[Segment]:
        """Prose and code blocks in order, `include=` blocks filled from the chapter context."""
        return [
            Segment(
                line=s.line,
                prose=join_cjk_breaks(s.prose),
                block=self._expand(s.block) if s.block else None,
            )
            for s in segments(*self._parts)
        ]

    @cached_property
    def code_blocks(self) -> list[CodeBlock]:
        return [self._expand(b) for b in code_blocks(*self._parts)]

    @property
    def runnable_blocks(self) -> list[CodeBlock]:
        return [b for b in self.code_blocks if b.run]

    @cached_property
    def predictions(self) -> dict[int, Prediction]:
        """The page's predictions by the line of the block they belong to."""
        out, n = {}, 0
        for block in code_blocks(*self._parts):  # no need to fill include blocks for this
            if block.predict:
                n += 1
                try:
                    out[block.line] = parse_prediction(block.predict, f"{self.id}/{n}")
                except PredictionError as e:
                    raise ContentError(self.path, f"predict {self.id}/{n}", str(e)) from None
        return out

    @cached_property
    def headings(self) -> list[Heading]:
        return headings(*self._parts)

    @property
    def prediction_count(self) -> int:
        """How many predict-then-run blocks the page has, without parsing it (progress views ask
        for every page; the validator makes sure each ```predict fence belongs to a block)."""
        return sum(
            1
            for line in self.path.read_text(encoding="utf-8").split("\n")
            if line.startswith("```predict")
        )

    @property
    def source_lines(self) -> int:
        return self.path.read_text(encoding="utf-8").count("\n")

    def _expand(self, block: CodeBlock) -> CodeBlock:
        if not block.include or self.context_path is None:
            return block
        return replace(block, code=context_definitions(self.context_path, block.include))


def context_definitions(context_path: Path, names: tuple[str, ...] | list[str]) -> str:
    """The source of the named top-level definitions (def, class, assignment) of a chapter
    context, decorators included, in the order asked. Raises ContentError for a missing name."""
    found = _definitions(context_path, context_path.stat().st_mtime_ns)
    missing = [n for n in names if n not in found]
    if missing:
        raise ContentError(
            context_path, "include", f"the context does not define {', '.join(missing)}"
        )
    return "\n\n\n".join(dict.fromkeys(found[n] for n in names)) + "\n"


@lru_cache(maxsize=8)
def _definitions(context_path: Path, mtime_ns: int) -> dict[str, str]:
    """Every top-level definition's source, parsed once per version of the file."""
    source = context_path.read_text(encoding="utf-8")
    found: dict[str, str] = {}
    for node in ast.parse(source).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            defined = [node.name]
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            defined = [n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)]
        else:
            continue
        start = min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])])
        text = "\n".join(source.split("\n")[start - 1 : node.end_lineno])
        for name in defined:
            found.setdefault(name, text)
    return found


@dataclass
class Exercise:
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
    rules: list[Rule] = field(default_factory=list)  # [[rules]]: stated rule → enforcing checks
    # the page it follows on the course map: the last of `needs` in reading order (the loader
    # sets it; a repair follows the page whose pitfall it repairs)
    lesson_id: str = ""

    @property
    def is_repair(self) -> bool:
        return self.kind == "repair"

    @property
    def statement_path(self) -> Path:
        return self.folder / "statement.md"

    @property
    def starter_path(self) -> Path:
        return self.folder / "starter.py"

    @property
    def solution_path(self) -> Path:
        return self.folder / "solution.py"

    @property
    def explanation_path(self) -> Path:
        return self.folder / "explanation.md"

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

    @property
    def names(self) -> list[str]:
        return [i.name for i in self.interface]

    @cached_property
    def check_ids(self) -> list[str]:
        """The ids of the checks the check module registers, in order, read from its source
        (the parent knows which checks must pass without importing the module)."""
        tree = ast.parse(self.check_path.read_text(encoding="utf-8"))
        ids = []
        for node in ast.walk(tree):
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
                        ids.append(dec.args[0].value)
        return sorted(ids, key=lambda i: _lineno_of(tree, i))

    def wrong_solutions(self) -> list[Path]:
        folder = self.folder / "wrong"
        return sorted(folder.glob("*.py")) if folder.is_dir() else []


@dataclass
class Question:
    id: str
    kind: str  # "choice" or "open"
    prompt: str
    options: list[str] = field(default_factory=list)
    answer: str = ""  # choice: a letter (A, B, ...)
    explanation: str = ""
    model_answer: str = ""  # open questions
    verify: str = ""  # optional code that backs the answer (runs in a worker)

    @property
    def answer_index(self) -> int:
        return ord(self.answer) - ord("A")


@dataclass
class Quiz:
    chapter_id: str
    title: str
    path: Path
    questions: list[Question]


@dataclass
class Chapter:
    id: str
    title: str
    short_title: str
    folder: Path
    seed: str
    lessons: list[Lesson]
    exercises: list[Exercise]  # the chapter's main exercises, in course order
    quiz: Quiz | None
    context_path: Path
    cheatsheet_path: Path | None
    repairs: list[Exercise] = field(default_factory=list)  # repair exercises, in course order

    @property
    def context_source(self) -> str:
        return self.context_path.read_text(encoding="utf-8")

    @property
    def cheatsheet(self) -> str:
        return (
            reflow(self.cheatsheet_path.read_text(encoding="utf-8")) if self.cheatsheet_path else ""
        )


@dataclass
class Course:
    title: str
    root: Path
    chapters: list[Chapter]
    welcome_path: Path | None = None

    @cached_property
    def exercises(self) -> dict[str, Exercise]:
        """Every exercise, main and repair, by id (a chapter's main exercises first)."""
        return {e.id: e for c in self.chapters for e in [*c.exercises, *c.repairs]}

    @cached_property
    def lessons(self) -> dict[str, Lesson]:
        return {page.id: page for c in self.chapters for page in c.lessons}

    @cached_property
    def quizzes(self) -> dict[str, Quiz]:
        return {c.id: c.quiz for c in self.chapters if c.quiz}

    @cached_property
    def chapter_by_id(self) -> dict[str, Chapter]:
        return {c.id: c for c in self.chapters}

    def chapter_of(self, item_id: str) -> Chapter:
        return self.chapter_by_id[item_id.rsplit(".", 1)[0]]

    def exercise(self, ex_id: str) -> Exercise:
        try:
            return self.exercises[ex_id]
        except KeyError:
            raise UnknownId("exercise", ex_id, closest(ex_id, self.exercises)) from None

    def lesson(self, lesson_id: str) -> Lesson:
        """A page by id; a topic id ('7.1') gives the topic's first page."""
        if lesson_id in self.lessons:
            return self.lessons[lesson_id]
        pages = self.topic_pages(lesson_id)
        if pages:
            return pages[0]
        raise UnknownId("lesson", lesson_id, closest(lesson_id, self.lessons))

    def quiz(self, chapter_id: str) -> Quiz:
        try:
            return self.quizzes[chapter_id]
        except KeyError:
            raise UnknownId("quiz", chapter_id, closest(chapter_id, self.quizzes)) from None

    def topic_pages(self, topic_id: str) -> list[Lesson]:
        """The pages of a topic in reading order ('7.1' → 7.1a, 7.1b, …; a plain page alone)."""
        return [
            page
            for page in self.lessons.values()
            if page.topic_id == topic_id or page.id == topic_id
        ]


def _lineno_of(tree: ast.Module, check_id: str) -> int:
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and node.value == check_id:
            return node.lineno
    return 0


class UnknownId(LookupError):
    def __init__(self, kind: str, given: str, suggestions: list[str]):
        self.kind, self.given, self.suggestions = kind, given, suggestions
        super().__init__(f"unknown {kind} id {given!r}; closest: {', '.join(suggestions) or '-'}")


def closest(given: str, ids, n: int = 3) -> list[str]:
    """The ids nearest to `given`: same-prefix ids first, then string similarity."""
    ids = list(ids)
    picks = difflib.get_close_matches(given, ids, n=n, cutoff=0.3)
    if len(picks) < n:
        head = given.split(".")[0]
        picks += [i for i in ids if i.split(".")[0] == head and i not in picks][: n - len(picks)]
    return picks[:n] if picks else ids[:n]


def _split_front_matter(path: Path) -> tuple[dict, str, int]:
    """Returns (front matter, body, line number where the body starts)."""
    if not path.is_file():
        raise ContentError(path, "file", "missing (listed in chapter.toml)")
    text = path.read_text(encoding="utf-8")
    meta, end = _front_matter(text, path)
    body = text[end + 5 :]
    return meta, body, text[: end + 5].count("\n") + 1


def front_matter(text: str, path: Path) -> dict:
    """The +++ TOML block a lesson page starts with, parsed."""
    return _front_matter(text, path)[0]


def _front_matter(text: str, path: Path) -> tuple[dict, int]:
    import tomllib  # not on the way of a course load whose parsed files are in its index

    if not text.startswith("+++\n"):
        raise ContentError(path, "front matter", "a lesson page starts with a +++ TOML block")
    end = text.find("\n+++\n", 4)
    if end < 0:
        raise ContentError(path, "front matter", "the +++ block is not closed")
    try:
        return tomllib.loads(text[4:end]), end
    except tomllib.TOMLDecodeError as e:
        raise ContentError(path, "front matter", str(e)) from None
