"""Validator rules for the course as a path: each exercise needs lesson pages of its chapter,
none of them optional; it sits on the map right after the last of them (the page it follows
links it); within a chapter the main exercises' numbers go up along the map; a repair is named
after the topic of the page whose pitfall it repairs."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tutor.application.progress import chapter_items
from tutor.authoring.problems import Problem
from tutor.authoring.rule_words import rule_words
from tutor.course.lesson import topic_of

if TYPE_CHECKING:
    from tutor.course.exercise import Exercise
    from tutor.course.model import Chapter, Course


def exercise_number(ex_id: str) -> int:
    """The number of a main exercise within its chapter: 'a1.12' → 12."""
    return int(ex_id.rsplit(".", 1)[1])


def map_problems(course: Course) -> list[Problem]:
    problems: list[Problem] = []
    for chapter in course.chapters:
        for ex in [*chapter.exercises, *chapter.repairs]:
            _needs(ex, chapter, problems)
        _order(chapter, problems)
        _links(chapter, problems)
    return problems


def _needs(ex: Exercise, chapter: Chapter, problems: list[Problem]) -> None:
    where = str(ex.folder / "exercise.toml")
    pages = {lesson.id: lesson for lesson in chapter.lessons}
    for need in ex.needs:
        page = pages.get(need)
        if page is None:
            problems.append(
                Problem(where, "needs", f"{need} is no lesson page of chapter {chapter.id}")
            )
        elif page.level == "optional":
            problems.append(
                Problem(
                    where,
                    "needs",
                    f'page {need} is optional (level = "optional"), yet exercise {ex.id} needs '
                    "it: make the page core, or the exercise independent of it",
                )
            )


def _order(chapter: Chapter, problems: list[Problem]) -> None:
    cpath = str(chapter.folder / "chapter.toml")
    items = chapter_items(chapter)
    position = {(item.kind, item.id): n for n, item in enumerate(items)}
    for ex in [*chapter.exercises, *chapter.repairs]:
        kind = "repair" if ex.is_repair else "exercise"
        at = position[(kind, ex.id)]
        late = [n for n in ex.needs if position.get(("lesson", n), -1) > at]
        if late:
            problems.append(
                Problem(
                    str(ex.folder / "exercise.toml"),
                    "needs",
                    f"exercise {ex.id} sits on the map before {', '.join(late)}, which it needs",
                )
            )
    mains = [item.id for item in items if item.kind == "exercise"]
    if mains != sorted(mains, key=exercise_number):
        problems.append(
            Problem(
                cpath,
                "exercises",
                "the main exercises' numbers go up along the map (each follows the last page it "
                f"needs); the map has them as {', '.join(mains)}: renumber them",
            )
        )
    listed = [ex.id for ex in chapter.exercises]
    if listed != sorted(listed, key=exercise_number):
        problems.append(Problem(cpath, "exercises", "list the main exercises in ascending order"))


def _links(chapter: Chapter, problems: list[Problem]) -> None:
    pages = {lesson.id: lesson for lesson in chapter.lessons}
    for lesson in chapter.lessons:  # one link per exercise and page: the learner's one way on
        for ex in chapter.exercises:
            if lesson.body.count(f"(exercise:{ex.id})") > 1:
                problems.append(
                    Problem(str(lesson.path), "links", f"the page links exercise {ex.id} twice")
                )
    for ex in [*chapter.exercises, *chapter.repairs]:
        page = pages.get(ex.lesson_id)
        if page is None:
            continue  # _needs names it
        if f"(exercise:{ex.id})" not in page.body:
            link = rule_words(ex.lang).text("links.repair" if ex.is_repair else "links.exercise")
            words = f"[{link.format(id=ex.id)}](exercise:{ex.id})"
            if ex.is_repair:
                words += " next to its pitfall"
            problems.append(
                Problem(
                    str(page.path),
                    "links",
                    f"exercise {ex.id} follows page {page.id} on the map (the last page it "
                    f"needs), so the page links it: {words}",
                )
            )
        topic = topic_of(ex.lesson_id)
        if ex.is_repair and not ex.id.startswith(topic + "-fix"):
            problems.append(
                Problem(
                    str(ex.folder / "exercise.toml"),
                    "id",
                    f"a repair of a pitfall on page {ex.lesson_id} is named {topic}-fix<n>",
                )
            )
