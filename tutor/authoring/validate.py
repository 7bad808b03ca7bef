"""The content validator: everything the loader does not already refuse. Each problem names the
file and the field. Nothing is executed; Python files are parsed."""

from __future__ import annotations

import re
from pathlib import Path

from tutor import paths
from tutor.authoring.course_map import map_problems
from tutor.authoring.glossary_terms import term_problems
from tutor.authoring.isolation import unflagged
from tutor.authoring.levels import level_problems
from tutor.authoring.prerequisites import prerequisite_problems
from tutor.authoring.problems import Problem
from tutor.authoring.quiz_rules import quiz_problems
from tutor.authoring.rule_words import rule_words
from tutor.authoring.slips import slip_problems
from tutor.authoring.text_rules import check_length
from tutor.authoring.text_rules import check_links as _check_links
from tutor.authoring.text_rules import check_text as _check_text
from tutor.authoring.validate_checks import check_checks_and_fixtures, check_rules
from tutor.authoring.validate_files import _defined_names, _parse
from tutor.course.languages import tagged
from tutor.course.lesson import split_front_matter
from tutor.course.loader import ContentError, Course, load_course
from tutor.course.python_source import parsed_source
from tutor.course.quiz import OPTION_LETTERS

EXERCISE_FILES = {
    "exercise.toml",
    "statement.md",
    "starter.py",
    "solution.py",
    "explanation.md",
    "wrong",
}
# the English version of each, listed by convention (tutor/course/languages.py)
EXERCISE_FILES |= {tagged(Path(name), "en").name for name in EXERCISE_FILES if "." in name}
PITFALL_MARK = "❌"
_REPAIR_LINK = re.compile(r"\]\(exercise:([^)\s]+-fix\d+)\)")


def _unlisted(course: Course, problems: list[Problem]) -> None:
    """Files nobody listed are errors: they would silently never be shown or checked."""
    listed_chapters = {c.folder.resolve() for c in course.chapters}
    for toml in sorted(course.root.glob("*/chapter.toml")):
        if toml.parent.resolve() not in listed_chapters:
            problems.append(
                Problem(str(toml.parent), "course.toml", "chapter folder not listed in course.toml")
            )
    for chapter in course.chapters:
        pages = {page.path.resolve() for page in chapter.lessons}
        pages |= {tagged(page, "en") for page in pages}  # listed by convention
        for md in sorted((chapter.folder / "lessons").glob("*.md")):
            if md.resolve() not in pages:
                problems.append(
                    Problem(
                        str(md), "chapter.toml", "lesson page not listed in chapter.toml lessons"
                    )
                )
        folders = {e.folder.resolve() for e in [*chapter.exercises, *chapter.repairs]}
        for folder in sorted(p for p in (chapter.folder / "exercises").glob("*") if p.is_dir()):
            if folder.resolve() not in folders:
                problems.append(
                    Problem(
                        str(folder),
                        "chapter.toml",
                        "exercise folder not listed in chapter.toml exercises",
                    )
                )
        for ex in [*chapter.exercises, *chapter.repairs]:
            for item in sorted(ex.folder.iterdir()):
                if item.name not in EXERCISE_FILES and not item.name.startswith("."):
                    problems.append(
                        Problem(
                            str(item),
                            "file",
                            "not part of an exercise folder (see lessons/README.md)",
                        )
                    )
    modules = {ex.check_module for ex in course.exercises.values()}
    for module in sorted(paths.checks_dir().glob("ex_*.py")):
        if module.stem not in modules:
            problems.append(Problem(str(module), "check", "check module of no exercise"))


def _framing(course: Course, problems: list[Problem]) -> None:
    for chapter in course.chapters:
        ids = [page.id for page in chapter.lessons]
        cpath = str(chapter.folder / "chapter.toml")
        if not ids or ids[0] != f"{chapter.id}.0":
            problems.append(
                Problem(cpath, "lessons", f"the chapter opens with its page {chapter.id}.0")
            )
        if not ids or ids[-1] != f"{chapter.id}.9":
            problems.append(
                Problem(cpath, "lessons", f"the chapter closes with its page {chapter.id}.9")
            )


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
        if chapter.context_path.is_file():
            _check_text(
                chapter.context_source,
                str(chapter.context_path),
                "context",
                problems,
                markdown=False,
            )
        for lesson in chapter.lessons:
            _check_lesson(lesson, chapter, course, seen, problems)
        for ex in [*chapter.exercises, *chapter.repairs]:
            epath = str(ex.folder / "exercise.toml")
            key = f"exercise {ex.id}"
            if key in seen:
                problems.append(Problem(epath, "id", f"duplicate exercise id (also {seen[key]})"))
            seen[key] = epath
            if len(ex.hints) < 2:
                problems.append(Problem(epath, "hints", "at least two hints"))
            if any(not h.strip() for h in ex.hints):
                problems.append(Problem(epath, "hints", "a hint is empty"))
            for n, hint in enumerate(ex.hints):
                _check_text(hint, epath, f"hints[{n}]", problems)
            if not ex.interface:
                problems.append(Problem(epath, "interface", "at least one name"))
            if ex.time_limit <= 0 or ex.time_limit > 600:
                problems.append(Problem(epath, "time_limit", "must be in (0, 600] seconds"))
            for name, path in (
                ("statement", ex.statement_path),
                ("explanation", ex.explanation_path),
            ):
                if not path.is_file() or not path.read_text(encoding="utf-8").strip():
                    problems.append(Problem(str(path), name, "missing or empty"))
                else:
                    _check_links(path.read_text(encoding="utf-8"), str(path), course, problems)
                    _check_text(path.read_text(encoding="utf-8"), str(path), name, problems)
            for name, path in (("starter", ex.starter_path), ("solution", ex.solution_path)):
                if path.is_file():
                    _check_text(
                        path.read_text(encoding="utf-8"), str(path), name, problems, markdown=False
                    )
            _parse(ex.starter_path, "starter", problems)
            sol = _parse(ex.solution_path, "solution", problems)
            if sol is not None:
                missing = [n for n in ex.names if n not in _defined_names(sol)]
                if missing:
                    problems.append(
                        Problem(
                            str(ex.solution_path),
                            "interface",
                            f"the solution does not define {', '.join(missing)}",
                        )
                    )
            check_checks_and_fixtures(ex, problems)
            check_rules(ex, problems)
            context = chapter.context_source if chapter.context_path.is_file() else None
            problems += [Problem(str(w), "isolated", why) for w, why in unflagged(ex, context)]
        if chapter.quiz:
            qpath = str(chapter.quiz.path)
            ids = set()
            for q in chapter.quiz.questions:
                if q.id in ids:
                    problems.append(Problem(qpath, q.id, "duplicate question id"))
                ids.add(q.id)
                if q.kind == "choice":
                    if not 2 <= len(q.options) <= len(OPTION_LETTERS):
                        problems.append(
                            Problem(
                                qpath,
                                f"{q.id}.options",
                                f"2 to {len(OPTION_LETTERS)} options (a key each, "
                                f"{OPTION_LETTERS[0]}–{OPTION_LETTERS[-1]})",
                            )
                        )
                    if not (len(q.answer) == 1 and 0 <= q.answer_index < len(q.options)):
                        problems.append(
                            Problem(
                                qpath,
                                f"{q.id}.answer",
                                f"must be a letter among the {len(q.options)} options",
                            )
                        )
                    if not q.explanation.strip():
                        problems.append(Problem(qpath, f"{q.id}.explanation", "missing"))
                else:
                    if not q.model_answer.strip():
                        problems.append(Problem(qpath, f"{q.id}.model_answer", "missing"))
                if q.verify:
                    try:
                        parsed_source(q.verify)
                    except SyntaxError as e:
                        problems.append(
                            Problem(
                                qpath, f"{q.id}.verify", f"syntax error at line {e.lineno}: {e.msg}"
                            )
                        )
                _check_links(q.prompt + q.explanation + q.model_answer, qpath, course, problems)
                for part in (q.prompt, q.explanation, q.model_answer, *q.options):
                    _check_text(part, qpath, q.id, problems)
            problems.extend(quiz_problems(chapter.quiz.questions, qpath))
        if chapter.cheatsheet_path and chapter.cheatsheet_path.is_file():
            _check_links(chapter.cheatsheet, str(chapter.cheatsheet_path), course, problems)
            _check_text(chapter.cheatsheet, str(chapter.cheatsheet_path), "cheatsheet", problems)
    _unlisted(course, problems)
    _framing(course, problems)
    problems.extend(map_problems(course))
    problems.extend(level_problems(course))
    problems.extend(prerequisite_problems(course))
    problems.extend(slip_problems(course))
    problems.extend(term_problems(course))
    _pitfall_repairs(course, problems)
    return problems


def _repair_links(course: Course, body: str) -> list[str]:
    return [
        i
        for i in _REPAIR_LINK.findall(body)
        if i in course.exercises and course.exercises[i].is_repair
    ]


def _pitfall_repairs(course: Course, problems: list[Problem]) -> None:
    """A page that shows a ❌ pitfall links a repair exercise on the page itself, where the learner
    meets it, unless its front matter says why not: `repairs_on = "<page>"` (a page of the same
    topic links the repairs of these pitfalls) or `not_a_pitfall = "<reason>"` (the ❌ is no
    mistake: a chapter map's legend, a guard showing that it stops what it should). Such a key on a
    page without ❌ is stale."""
    repair_link = rule_words(course.lang).text("links.repair")
    for lesson in (lesson for chapter in course.chapters for lesson in chapter.lessons):
        meta, _, _ = split_front_matter(lesson.path)
        where = str(lesson.path)
        has_pitfall, linked = PITFALL_MARK in lesson.body, bool(_repair_links(course, lesson.body))
        keys = {k: meta[k] for k in ("repairs_on", "not_a_pitfall") if k in meta}
        for key, value in keys.items():
            if not isinstance(value, str) or not value.strip():
                problems.append(Problem(where, key, "must be a non-empty string"))
            elif not has_pitfall:
                problems.append(
                    Problem(where, key, f"the page has no {PITFALL_MARK}: remove the stale key")
                )
            elif linked:
                problems.append(
                    Problem(where, key, "the page links a repair exercise itself: remove the key")
                )
        target = keys.get("repairs_on")
        if has_pitfall and not linked and isinstance(target, str) and target.strip():
            other = course.lessons.get(target)
            if other is None or other.topic_id != lesson.topic_id:
                problems.append(
                    Problem(
                        where, "repairs_on", f"{target!r} is no page of topic {lesson.topic_id}"
                    )
                )
            elif not _repair_links(course, other.body):
                problems.append(
                    Problem(where, "repairs_on", f"page {target} links no repair exercise")
                )
        if has_pitfall and not linked and not keys:
            problems.append(
                Problem(
                    where,
                    "links",
                    f"the page shows a {PITFALL_MARK} pitfall but links no repair "
                    f"exercise: add [{repair_link}](exercise:<topic>-fix<n>) after the "
                    "pitfall's block, or say why not in the front matter (repairs_on "
                    "/ not_a_pitfall, see lessons/README.md)",
                )
            )


def _check_lesson(
    lesson, chapter, course: Course, seen: dict[str, str], problems: list[Problem]
) -> None:
    where = str(lesson.path)
    key = f"lesson {lesson.id}"
    if key in seen:
        problems.append(Problem(where, "id", f"duplicate lesson id (also {seen[key]})"))
    seen[key] = where
    if not lesson.id.startswith(chapter.id + "."):
        problems.append(Problem(where, "id", f"must start with {chapter.id}."))
    check_length(lesson, where, problems)
    _check_links(lesson.body, where, course, problems)
    _check_text(lesson.body, where, "text", problems)
    try:
        blocks = lesson.code_blocks
        _ = lesson.predictions  # parsed here: a bad ```predict fence is reported, not raised
    except ContentError as e:
        problems.append(Problem(where, e.field, e.message))
        return
    _check_predictions(lesson, where, problems)
    for block in blocks:
        if block.lang == "predict":
            problems.append(
                Problem(
                    where,
                    f"block line {block.line}",
                    "a ```predict fence goes right after the runnable block it asks about",
                )
            )
        if not block.run:
            continue
        if block.lang != "python":
            problems.append(
                Problem(where, f"block line {block.line}", "only python blocks can run")
            )
            continue
        try:
            parsed_source(block.code)
        except SyntaxError as e:
            problems.append(
                Problem(
                    where,
                    f"block line {block.line}",
                    f"syntax error at block line {e.lineno}: {e.msg}",
                )
            )


def _check_predictions(lesson, where: str, problems: list[Problem]) -> None:
    from tutor.authoring.predict_giveaway import lesson_giveaways

    problems.extend(Problem(where, f, message) for f, message in lesson_giveaways(lesson))


def validate_content(root: Path | None = None) -> list[Problem]:
    """The course's problems, in Chinese and in English (validate_languages.py)."""
    from tutor.authoring.validate_languages import language_problems

    try:
        course = load_course(root, fresh=True)
    except ContentError as e:
        return [Problem(e.file, e.field, e.message)]
    return validate(course) + language_problems(course)
