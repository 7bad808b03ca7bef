"""The course content model and its loader (format: lessons/README.md).

Loading is cheap and jax-free: TOML and Markdown files are read, nothing is executed. Problems
found while loading raise ContentError naming the file and the field; `tutor.validate` checks
the rest (links, hints, interfaces, check modules, fixtures)."""

from __future__ import annotations

import difflib
import re
import tomllib
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from tutor import paths


class ContentError(Exception):
    def __init__(self, file: Path | str, field: str, message: str):
        self.file, self.field, self.message = str(file), field, message
        super().__init__(f"{file}: [{field}] {message}")


@dataclass(frozen=True)
class CodeBlock:
    """A fenced code block of a lesson page. `run` blocks execute in a worker from the page."""
    lang: str
    code: str
    line: int                 # 1-based line of the opening fence in the page file
    run: bool = False
    context: bool = False     # run with the chapter context already defined
    timeout: float = 60.0


@dataclass(frozen=True)
class InterfaceItem:
    name: str
    signature: str
    kind: str = "function"   # function | value | class


@dataclass
class Lesson:
    id: str
    title: str
    chapter_id: str
    path: Path
    level: str = ""          # "core" (🟢 必读), "optional" (⚪ 选读) or "" (unmarked)

    @cached_property
    def body(self) -> str:
        return _split_front_matter(self.path)[1]

    @cached_property
    def code_blocks(self) -> list[CodeBlock]:
        return parse_code_blocks(self.body, first_line=_split_front_matter(self.path)[2])

    @property
    def runnable_blocks(self) -> list[CodeBlock]:
        return [b for b in self.code_blocks if b.run]


@dataclass
class Exercise:
    id: str
    title: str
    chapter_id: str
    lesson_id: str
    folder: Path
    interface: list[InterfaceItem]
    hints: list[str]
    time_limit: float
    memory_mb: int
    check_module: str
    capstone: bool = False

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
        return self.statement_path.read_text(encoding="utf-8")

    @property
    def starter(self) -> str:
        return self.starter_path.read_text(encoding="utf-8")

    @property
    def solution(self) -> str:
        return self.solution_path.read_text(encoding="utf-8")

    @property
    def explanation(self) -> str:
        return self.explanation_path.read_text(encoding="utf-8")

    @property
    def names(self) -> list[str]:
        return [i.name for i in self.interface]

    def wrong_solutions(self) -> list[Path]:
        folder = self.folder / "wrong"
        return sorted(folder.glob("*.py")) if folder.is_dir() else []


@dataclass
class Question:
    id: str
    kind: str                          # "choice" or "open"
    prompt: str
    options: list[str] = field(default_factory=list)
    answer: str = ""                   # choice: a letter (A, B, ...)
    explanation: str = ""
    model_answer: str = ""             # open questions
    verify: str = ""                   # optional code that backs the answer (runs in a worker)

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
    exercises: list[Exercise]
    quiz: Quiz | None
    context_path: Path
    cheatsheet_path: Path | None

    @property
    def context_source(self) -> str:
        return self.context_path.read_text(encoding="utf-8")

    @property
    def cheatsheet(self) -> str:
        return self.cheatsheet_path.read_text(encoding="utf-8") if self.cheatsheet_path else ""


@dataclass
class Course:
    title: str
    root: Path
    chapters: list[Chapter]
    welcome_path: Path | None = None

    @cached_property
    def exercises(self) -> dict[str, Exercise]:
        return {e.id: e for c in self.chapters for e in c.exercises}

    @cached_property
    def lessons(self) -> dict[str, Lesson]:
        return {l.id: l for c in self.chapters for l in c.lessons}

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
        try:
            return self.lessons[lesson_id]
        except KeyError:
            raise UnknownId("lesson", lesson_id, closest(lesson_id, self.lessons)) from None

    def quiz(self, chapter_id: str) -> Quiz:
        try:
            return self.quizzes[chapter_id]
        except KeyError:
            raise UnknownId("quiz", chapter_id, closest(chapter_id, self.quizzes)) from None

    def next_exercise(self, ex_id: str) -> Exercise | None:
        ids = list(self.exercises)
        i = ids.index(ex_id)
        return self.exercises[ids[i + 1]] if i + 1 < len(ids) else None


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


# ---------------------------------------------------------------- loading

_FENCE = re.compile(r"^(?P<fence>```+|~~~+)\s*(?P<info>[^`]*)$")


def _split_front_matter(path: Path) -> tuple[dict, str, int]:
    """Returns (front matter, body, line number where the body starts)."""
    if not path.is_file():
        raise ContentError(path, "file", "missing (listed in chapter.toml)")
    text = path.read_text(encoding="utf-8")
    if not text.startswith("+++\n"):
        raise ContentError(path, "front matter", "a lesson page starts with a +++ TOML block")
    end = text.find("\n+++\n", 4)
    if end < 0:
        raise ContentError(path, "front matter", "the +++ block is not closed")
    try:
        meta = tomllib.loads(text[4:end])
    except tomllib.TOMLDecodeError as e:
        raise ContentError(path, "front matter", str(e)) from None
    body = text[end + 5:]
    return meta, body, text[: end + 5].count("\n") + 1


def parse_code_blocks(markdown: str, first_line: int = 1) -> list[CodeBlock]:
    blocks: list[CodeBlock] = []
    lines = markdown.split("\n")
    i = 0
    while i < len(lines):
        m = _FENCE.match(lines[i].strip())
        if not m:
            i += 1
            continue
        fence, words = m["fence"], m["info"].split()
        start = i
        i += 1
        body = []
        while i < len(lines) and not lines[i].strip().startswith(fence):
            body.append(lines[i])
            i += 1
        i += 1
        lang = words[0] if words else ""
        flags = set(words[1:])
        timeout = 60.0
        for w in words[1:]:
            if w.startswith("timeout="):
                timeout = float(w.split("=", 1)[1])
        blocks.append(CodeBlock(lang=lang, code="\n".join(body) + "\n", line=first_line + start,
                                run="run" in flags, context="context" in flags, timeout=timeout))
    return blocks


def _read_toml(path: Path) -> dict:
    if not path.is_file():
        raise ContentError(path, "file", "missing")
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as e:
        raise ContentError(path, "toml", str(e)) from None


def _need(data: dict, key: str, path: Path, typ: type | tuple = str):
    if key not in data:
        raise ContentError(path, key, "required field is missing")
    value = data[key]
    if not isinstance(value, typ):
        name = typ.__name__ if isinstance(typ, type) else "/".join(t.__name__ for t in typ)
        raise ContentError(path, key, f"must be {name}, got {type(value).__name__}")
    return value


def _load_lesson(path: Path, chapter_id: str, expected_id: str) -> Lesson:
    meta, _, _ = _split_front_matter(path)
    lid = _need(meta, "id", path)
    if lid != expected_id:
        raise ContentError(path, "id", f"is {lid!r} but chapter.toml lists this page as {expected_id!r}")
    level = meta.get("level", "")
    if level not in ("", "core", "optional"):
        raise ContentError(path, "level", "must be 'core', 'optional' or empty")
    return Lesson(id=lid, title=_need(meta, "title", path), chapter_id=chapter_id, path=path, level=level)


def _load_exercise(folder: Path, chapter_id: str, expected_id: str) -> Exercise:
    path = folder / "exercise.toml"
    data = _read_toml(path)  # raises ContentError naming the file when it is missing
    ex_id = _need(data, "id", path)
    if ex_id != expected_id:
        raise ContentError(path, "id", f"is {ex_id!r} but chapter.toml lists it as {expected_id!r}")
    items = _need(data, "interface", path, list)
    interface = []
    for n, item in enumerate(items):
        where = f"interface[{n}]"
        if not isinstance(item, dict) or "name" not in item or "signature" not in item:
            raise ContentError(path, where, "needs name and signature")
        kind = item.get("kind", "function")
        if kind not in ("function", "value", "class"):
            raise ContentError(path, where + ".kind", "must be function, value or class")
        interface.append(InterfaceItem(name=item["name"], signature=item["signature"], kind=kind))
    hints = _need(data, "hints", path, list)
    if not all(isinstance(h, str) for h in hints):
        raise ContentError(path, "hints", "every hint is a string")
    time_limit = _need(data, "time_limit", path, (int, float))
    return Exercise(
        id=ex_id, title=_need(data, "title", path), chapter_id=chapter_id,
        lesson_id=_need(data, "lesson", path), folder=folder, interface=interface, hints=hints,
        time_limit=float(time_limit), memory_mb=int(data.get("memory_mb", 3072)),
        check_module=data.get("check", "ex_" + ex_id.replace(".", "_")),
        capstone=bool(data.get("capstone", False)))


def _load_quiz(path: Path, chapter_id: str) -> Quiz:
    data = _read_toml(path)
    questions = []
    for n, q in enumerate(_need(data, "questions", path, list)):
        where = f"questions[{n}]"
        if not isinstance(q, dict):
            raise ContentError(path, where, "must be a table")
        kind = q.get("kind")
        if kind not in ("choice", "open"):
            raise ContentError(path, where + ".kind", "must be 'choice' or 'open'")
        for key in ("id", "prompt"):
            if not isinstance(q.get(key), str):
                raise ContentError(path, f"{where}.{key}", "required string is missing")
        questions.append(Question(
            id=q["id"], kind=kind, prompt=q["prompt"], options=list(q.get("options", [])),
            answer=q.get("answer", ""), explanation=q.get("explanation", ""),
            model_answer=q.get("model_answer", ""), verify=q.get("verify", "")))
    return Quiz(chapter_id=chapter_id, title=_need(data, "title", path), path=path, questions=questions)


def _load_chapter(folder: Path) -> Chapter:
    path = folder / "chapter.toml"
    data = _read_toml(path)
    cid = _need(data, "id", path)
    lessons = [_load_lesson(folder / "lessons" / f"{lid}.md", cid, lid)
               for lid in _need(data, "lessons", path, list)]
    exercises = [_load_exercise(folder / "exercises" / eid, cid, eid)
                 for eid in _need(data, "exercises", path, list)]
    quiz_file = data.get("quiz")
    cheat = data.get("cheatsheet")
    return Chapter(
        id=cid, title=_need(data, "title", path), short_title=data.get("short_title", data["title"]),
        folder=folder, seed=data.get("seed", ""), lessons=lessons, exercises=exercises,
        quiz=_load_quiz(folder / quiz_file, cid) if quiz_file else None,
        context_path=folder / data.get("context", "context.py"),
        cheatsheet_path=folder / cheat if cheat else None)


_cache: dict[Path, Course] = {}


def load_course(root: Path | None = None, *, fresh: bool = False) -> Course:
    root = (root or paths.lessons_dir()).resolve()
    if not fresh and root in _cache:
        return _cache[root]
    path = root / "course.toml"
    data = _read_toml(path)
    chapters = []
    for folder in _need(data, "chapters", path, list):
        if not (root / folder / "chapter.toml").is_file():
            raise ContentError(path, "chapters", f"{folder}/chapter.toml does not exist")
        chapters.append(_load_chapter(root / folder))
    welcome = data.get("welcome")
    course = Course(title=_need(data, "title", path), root=root, chapters=chapters,
                    welcome_path=root / welcome if welcome else None)
    _cache[root] = course
    return course
