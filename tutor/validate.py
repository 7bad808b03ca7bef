"""The content validator: everything the loader does not already refuse. Each problem names the
file and the field. Nothing is executed; Python files are parsed."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

from tutor.content import ContentError, Course, load_course

_LINK = re.compile(r"\]\((exercise|lesson|quiz):([^)\s]+)\)")
_EXPECT = re.compile(r"^#\s*expect:\s*(passed|failed|not_attempted|error|timeout|memory|crashed|exited_early)\b")


@dataclass(frozen=True)
class Problem:
    file: str
    field: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}: [{self.field}] {self.message}"


def _parse(path: Path, field: str, problems: list[Problem]) -> ast.Module | None:
    try:
        return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    except SyntaxError as e:
        problems.append(Problem(str(path), field, f"syntax error at line {e.lineno}: {e.msg}"))
    except FileNotFoundError:
        problems.append(Problem(str(path), field, "missing"))
    return None


def _defined_names(tree: ast.Module) -> set[str]:
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for t in targets:
                for n in ast.walk(t):
                    if isinstance(n, ast.Name):
                        names.add(n.id)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for a in node.names:
                names.add((a.asname or a.name).split(".")[0])
        elif isinstance(node, (ast.If, ast.Try, ast.With)):
            sub = ast.Module(body=list(getattr(node, "body", [])), type_ignores=[])
            names |= _defined_names(sub)
    return names


def _check_links(text: str, where: str, course: Course, problems: list[Problem]) -> None:
    for kind, target in _LINK.findall(text):
        table = {"exercise": course.exercises, "lesson": course.lessons, "quiz": course.quizzes}[kind]
        if target not in table:
            problems.append(Problem(where, "link", f"{kind}:{target} does not exist"))


def validate(course: Course) -> list[Problem]:
    problems: list[Problem] = []
    seen: dict[str, str] = {}
    for chapter in course.chapters:
        cpath = str(chapter.folder / "chapter.toml")
        if not chapter.context_path.is_file():
            problems.append(Problem(cpath, "context", f"{chapter.context_path.name} is missing"))
        else:
            _parse(chapter.context_path, "context", problems)
        if chapter.cheatsheet_path and not chapter.cheatsheet_path.is_file():
            problems.append(Problem(cpath, "cheatsheet", "file is missing"))
        for lesson in chapter.lessons:
            key = f"lesson {lesson.id}"
            if key in seen:
                problems.append(Problem(str(lesson.path), "id", f"duplicate lesson id (also {seen[key]})"))
            seen[key] = str(lesson.path)
            if not lesson.id.startswith(chapter.id + "."):
                problems.append(Problem(str(lesson.path), "id", f"must start with {chapter.id}."))
            _check_links(lesson.body, str(lesson.path), course, problems)
            for block in lesson.runnable_blocks:
                if block.lang != "python":
                    problems.append(Problem(str(lesson.path), f"block line {block.line}", "only python blocks can run"))
                    continue
                try:
                    ast.parse(block.code)
                except SyntaxError as e:
                    problems.append(Problem(str(lesson.path), f"block line {block.line}",
                                            f"syntax error at block line {e.lineno}: {e.msg}"))
        for ex in chapter.exercises:
            epath = str(ex.folder / "exercise.toml")
            key = f"exercise {ex.id}"
            if key in seen:
                problems.append(Problem(epath, "id", f"duplicate exercise id (also {seen[key]})"))
            seen[key] = epath
            if ex.lesson_id not in course.lessons and chapter.lessons:
                problems.append(Problem(epath, "lesson", f"lesson {ex.lesson_id} does not exist"))
            if len(ex.hints) < 2:
                problems.append(Problem(epath, "hints", "at least two hints"))
            if any(not h.strip() for h in ex.hints):
                problems.append(Problem(epath, "hints", "a hint is empty"))
            if not ex.interface:
                problems.append(Problem(epath, "interface", "at least one name"))
            if ex.time_limit <= 0 or ex.time_limit > 600:
                problems.append(Problem(epath, "time_limit", "must be in (0, 600] seconds"))
            for name, path in (("statement", ex.statement_path), ("explanation", ex.explanation_path)):
                if not path.is_file() or not path.read_text(encoding="utf-8").strip():
                    problems.append(Problem(str(path), name, "missing or empty"))
                else:
                    _check_links(path.read_text(encoding="utf-8"), str(path), course, problems)
            _parse(ex.starter_path, "starter", problems)
            sol = _parse(ex.solution_path, "solution", problems)
            if sol is not None:
                missing = [n for n in ex.names if n not in _defined_names(sol)]
                if missing:
                    problems.append(Problem(str(ex.solution_path), "interface",
                                            f"the solution does not define {', '.join(missing)}"))
            check = ex.check_path
            tree = _parse(check, "check", problems)
            if tree is not None and "checks" not in _defined_names(tree):
                problems.append(Problem(str(check), "checks", "a check module defines `checks = Checks()`"))
            wrong = ex.wrong_solutions()
            if len(wrong) < 3:
                problems.append(Problem(str(ex.folder / "wrong"), "fixtures", f"at least three wrong solutions (has {len(wrong)})"))
            for w in wrong:
                head = w.read_text(encoding="utf-8").split("\n", 1)[0]
                if not _EXPECT.match(head):
                    problems.append(Problem(str(w), "expect", "first line must be '# expect: <status> [<check-id>]'"))
                _parse(w, "fixture", problems)
        if chapter.quiz:
            qpath = str(chapter.quiz.path)
            ids = set()
            for q in chapter.quiz.questions:
                if q.id in ids:
                    problems.append(Problem(qpath, q.id, "duplicate question id"))
                ids.add(q.id)
                if q.kind == "choice":
                    if len(q.options) < 2:
                        problems.append(Problem(qpath, f"{q.id}.options", "at least two options"))
                    if not (len(q.answer) == 1 and 0 <= q.answer_index < len(q.options)):
                        problems.append(Problem(qpath, f"{q.id}.answer", f"must be a letter among the {len(q.options)} options"))
                    if not q.explanation.strip():
                        problems.append(Problem(qpath, f"{q.id}.explanation", "missing"))
                else:
                    if not q.model_answer.strip():
                        problems.append(Problem(qpath, f"{q.id}.model_answer", "missing"))
                if q.verify:
                    try:
                        ast.parse(q.verify)
                    except SyntaxError as e:
                        problems.append(Problem(qpath, f"{q.id}.verify", f"syntax error at line {e.lineno}: {e.msg}"))
                _check_links(q.prompt + q.explanation + q.model_answer, qpath, course, problems)
        if chapter.cheatsheet_path and chapter.cheatsheet_path.is_file():
            _check_links(chapter.cheatsheet, str(chapter.cheatsheet_path), course, problems)
    return problems


def validate_content(root: Path | None = None) -> list[Problem]:
    try:
        course = load_course(root, fresh=True)
    except ContentError as e:
        return [Problem(e.file, e.field, e.message)]
    return validate(course)
