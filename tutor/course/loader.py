"""Loading the course content from its files (format: lessons/README.md).

Loading is cheap and jax-free: TOML and Markdown files are read, nothing is executed. Problems
found while loading raise ContentError naming the file and the field; `tutor.authoring.validate`
checks the rest (links, hints, interfaces, check modules, fixtures). The model itself is in
tutor/course/model.py and its parts' modules; its names are importable from here too."""

from __future__ import annotations

import re
from pathlib import Path

from tutor import paths
from tutor.course.content_index import ParsedFiles, index_path
from tutor.course.errors import ContentError, UnknownId
from tutor.course.exercise import Exercise, InterfaceItem, Rule
from tutor.course.expectations import ExpectationError, parse_header, parse_starter_expect
from tutor.course.languages import REFERENCE, apply_overlay, localized, tagged
from tutor.course.lesson import Lesson, page_header
from tutor.course.markdown import join_cjk_breaks, reflow
from tutor.course.model import Chapter, Course
from tutor.course.quiz import ASKS, Question, Quiz

__all__ = [
    "Chapter",
    "ContentError",
    "Course",
    "Exercise",
    "InterfaceItem",
    "Lesson",
    "Question",
    "Quiz",
    "UnknownId",
    "load_course",
]


def _parse_toml(text: str, path: Path) -> dict:
    import tomllib  # not needed when every file is in the index (see content_index.py)

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ContentError(path, "toml", str(e)) from None


def _read(path: Path, files: ParsedFiles, parse, missing: str = "missing") -> dict:
    try:
        return files.read(path, parse)
    except OSError:
        if not path.is_file():
            raise ContentError(path, "file", missing) from None
        raise


def _read_toml(path: Path, files: ParsedFiles, lang: str = REFERENCE) -> dict:
    """A TOML file, with its `lang` overlay's text fields put in when it has one (languages.py)."""
    data = _read(path, files, lambda text: _parse_toml(text, path))
    if lang == REFERENCE:
        return data
    other = tagged(path, lang)
    try:
        overlay = files.read(other, lambda text: _parse_toml(text, other))
    except FileNotFoundError:
        return data  # not translated yet: read in Chinese
    return apply_overlay(data, overlay, other)


def _need(data: dict, key: str, path: Path, typ: type | tuple = str):
    if key not in data:
        raise ContentError(path, key, "required field is missing")
    value = data[key]
    if not isinstance(value, typ):
        name = typ.__name__ if isinstance(typ, type) else "/".join(t.__name__ for t in typ)
        raise ContentError(path, key, f"must be {name}, got {type(value).__name__}")
    return value


def _load_lesson(
    path: Path,
    chapter_id: str,
    expected_id: str,
    context_path: Path,
    files: ParsedFiles,
    lang: str = REFERENCE,
) -> Lesson:
    path = localized(path, lang)
    header = _read(
        path, files, lambda text: page_header(text, path), "missing (listed in chapter.toml)"
    )
    meta = header["front_matter"]
    lid = _need(meta, "id", path)
    if lid != expected_id:
        raise ContentError(
            path, "id", f"is {lid!r} but chapter.toml lists this page as {expected_id!r}"
        )
    level = meta.get("level", "")
    if level not in ("", "core", "optional"):
        raise ContentError(path, "level", "must be 'core', 'optional' or empty")
    return Lesson(
        id=lid,
        title=_need(meta, "title", path),
        chapter_id=chapter_id,
        path=path,
        level=level,
        context_path=context_path,
        prediction_count=header["predictions"],
    )


_REPAIR_ID = re.compile(r"^(?P<topic>[a-z0-9]+\.\d+)-fix\d+$")


def _load_exercise(
    folder: Path,
    chapter_id: str,
    expected_id: str,
    files: ParsedFiles,
    exercise_kind: str = "main",
    lang: str = REFERENCE,
) -> Exercise:
    path = folder / "exercise.toml"
    data = _read_toml(path, files, lang)  # raises ContentError naming the file when it is missing
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
    hints = [join_cjk_breaks(h) for h in hints]
    time_limit = _need(data, "time_limit", path, (int, float))
    return Exercise(
        id=ex_id,
        title=_need(data, "title", path),
        chapter_id=chapter_id,
        needs=_needs(data, path),
        folder=folder,
        interface=interface,
        hints=hints,
        time_limit=float(time_limit),
        memory_mb=int(data.get("memory_mb", 3072)),
        check_module=data.get("check", "ex_" + ex_id.replace(".", "_").replace("-", "_")),
        equivalent_mutants=_equivalent_mutants(data, path),
        kind=exercise_kind,
        starter_expect=_starter_expect(data, path, exercise_kind, ex_id, files),
        starter_expect_en=_english_starter_expect(path, exercise_kind, files),
        rules=_rules(data, path),
        lang=lang,
    )


def _needs(data: dict, path: Path) -> list[str]:
    """The pages an exercise needs; it is placed on the map right after the last of them."""
    if "lesson" in data:
        raise ContentError(path, "lesson", "replaced by needs = [the pages the exercise needs]")
    needs = _need(data, "needs", path, list)
    if not needs or not all(isinstance(n, str) and n for n in needs):
        raise ContentError(path, "needs", "a non-empty list of lesson page ids")
    return needs


def _placed_after(needs: list[str], lessons: list[Lesson]) -> str:
    """The page an exercise follows on the map: the last page it needs in reading order (a need
    that is no page of the chapter places nothing; the validator names it)."""
    order = {lesson.id: n for n, lesson in enumerate(lessons)}
    known = [n for n in needs if n in order]
    return max(known, key=order.__getitem__) if known else needs[-1]


def _starter_expect(data: dict, path: Path, kind: str, ex_id: str, files: ParsedFiles) -> str:
    declared = data.get("kind", "main")
    if declared != kind:
        raise ContentError(
            path,
            "kind",
            f"is {declared!r} but chapter.toml lists it among the "
            f"{'repairs' if kind == 'repair' else 'exercises'}",
        )
    if kind != "repair":
        return ""
    if not _REPAIR_ID.match(ex_id):
        raise ContentError(path, "id", "a repair exercise's id is <topic>-fix<n>, e.g. 6.2-fix1")
    base = _read_toml(path, files)  # the Chinese one, whatever the language read
    starter_expect: str = _need(base, "starter_expect", path)
    try:
        parse_header("# expect: " + starter_expect)  # read only to report a malformed one
    except ExpectationError as e:
        raise ContentError(path, "starter_expect", str(e)) from None
    return starter_expect


def _english_starter_expect(path: Path, kind: str, files: ParsedFiles) -> str:
    """A repair's `starter_expect` in its English overlay: the same status and check as the
    Chinese one, with the English words ("" when the overlay or the field is missing)."""
    if kind != "repair":
        return ""
    other = tagged(path, "en")
    try:
        overlay = files.read(other, lambda text: _parse_toml(text, other))
    except FileNotFoundError:
        return ""
    english = overlay.get("starter_expect", "")
    if not isinstance(english, str):
        raise ContentError(
            other, "starter_expect", f"must be a string, got {type(english).__name__}"
        )
    try:
        parse_starter_expect(_read_toml(path, files)["starter_expect"], english)
    except ExpectationError as e:
        raise ContentError(other, "starter_expect", str(e)) from None
    return english


def _rules(data: dict, path: Path) -> list[Rule]:
    out = []
    for n, item in enumerate(data.get("rules", [])):
        checks = item.get("checks") if isinstance(item, dict) else None
        if not (
            isinstance(item, dict)
            and isinstance(item.get("text"), str)
            and item["text"].strip()
            and isinstance(checks, list)
            and all(isinstance(c, str) for c in checks)
        ):
            raise ContentError(
                path, f"rules[{n}]", 'needs text = "<the rule>" and checks = ["<check id>", …]'
            )
        out.append(Rule(text=item["text"], checks=tuple(checks)))
    return out


def _equivalent_mutants(data: dict, path: Path) -> dict[str, str]:
    out = {}
    for n, item in enumerate(data.get("equivalent_mutants", [])):
        if not (
            isinstance(item, dict)
            and isinstance(item.get("id"), str)
            and isinstance(item.get("why"), str)
            and item["why"].strip()
        ):
            raise ContentError(path, f"equivalent_mutants[{n}]", "needs an id and a one-line why")
        out[item["id"]] = item["why"]
    return out


def _load_quiz(path: Path, chapter_id: str, files: ParsedFiles, lang: str = REFERENCE) -> Quiz:
    data = _read_toml(path, files, lang)
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
        asks = q.get("asks", "")
        if asks and asks not in ASKS:
            raise ContentError(path, where + ".asks", f"must be one of {', '.join(ASKS)}")
        questions.append(
            Question(
                id=q["id"],
                kind=kind,
                prompt=reflow(q["prompt"]),
                options=list(q.get("options", [])),
                answer=q.get("answer", ""),
                explanation=reflow(q.get("explanation", "")),
                model_answer=reflow(q.get("model_answer", "")),
                verify=q.get("verify", ""),
                asks=asks,
            )
        )
    return Quiz(
        chapter_id=chapter_id, title=_need(data, "title", path), path=path, questions=questions
    )


def _load_chapter(folder: Path, files: ParsedFiles, lang: str = REFERENCE) -> Chapter:
    path = folder / "chapter.toml"
    data = _read_toml(path, files, lang)
    cid = _need(data, "id", path)
    context_path = localized(folder / data.get("context", "context.py"), lang)
    lessons = [
        _load_lesson(folder / "lessons" / f"{lid}.md", cid, lid, context_path, files, lang)
        for lid in _need(data, "lessons", path, list)
    ]
    exercises = [
        _load_exercise(folder / "exercises" / eid, cid, eid, files, lang=lang)
        for eid in _need(data, "exercises", path, list)
    ]
    repairs = [
        _load_exercise(folder / "exercises" / eid, cid, eid, files, "repair", lang)
        for eid in data.get("repairs", [])
    ]
    for ex in [*exercises, *repairs]:
        ex.lesson_id = _placed_after(ex.needs, lessons)
    quiz_file = data.get("quiz")
    cheat = data.get("cheatsheet")
    return Chapter(
        id=cid,
        title=_need(data, "title", path),
        short_title=data.get("short_title", data["title"]),
        folder=folder,
        seed=data.get("seed", ""),
        lessons=lessons,
        exercises=exercises,
        quiz=_load_quiz(folder / quiz_file, cid, files, lang) if quiz_file else None,
        context_path=context_path,
        cheatsheet_path=localized(folder / cheat, lang) if cheat else None,
        repairs=repairs,
    )


_cache: dict[tuple[Path, str], Course] = {}


def load_course(root: Path | None = None, *, fresh: bool = False, lang: str = REFERENCE) -> Course:
    """The course in `lang`: every text from the `lang` files where they exist, else Chinese (a
    chapter still being translated). Only that language's files are read, and a repair's English
    overlay for the English words of its `starter_expect`."""
    root = (root or paths.lessons_dir()).resolve()
    if not fresh and (root, lang) in _cache:
        return _cache[(root, lang)]
    path = root / "course.toml"
    files = ParsedFiles(index_path(root, lang))
    data = _read_toml(path, files, lang)
    chapters = []
    for folder in _need(data, "chapters", path, list):
        if not (root / folder / "chapter.toml").is_file():
            raise ContentError(path, "chapters", f"{folder}/chapter.toml does not exist")
        chapters.append(_load_chapter(root / folder, files, lang))
    files.save()
    welcome = data.get("welcome")
    course = Course(
        title=_need(data, "title", path),
        root=root,
        chapters=chapters,
        welcome_path=localized(root / welcome, lang) if welcome else None,
        lang=lang,
    )
    _cache[(root, lang)] = course
    return course
