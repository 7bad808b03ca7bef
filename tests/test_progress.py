"""One progress model: what counts as done, one status table, and the views that count with it
(`jaxtutor progress`, `jaxtutor list`, `list --json`, the course map's counts) agree."""

import json
import re
from pathlib import Path

import pytest

from tutor.application import progress
from tutor.application.progress import Progress, chapter_items, course_items
from tutor.course.lesson import topic_of
from tutor.protocol.result import CheckStatus, RunResult, Status
from tutor.storage.store import Store
from tutor.words import catalog
from tutor.words.catalog import t

TUTOR = Path(__file__).resolve().parent.parent / "tutor"
STORED = ("unseen", "started", "failed", "passed")
ITEM = ("todo", "started", "failed", "done")


def every_status():
    return (
        [s.value for s in Status]
        + [s.value for s in CheckStatus]
        + list(STORED)
        + list(ITEM)
        + ["reference"]
    )


@pytest.mark.parametrize("lang", catalog.LANGS)
def test_every_status_has_a_word_a_style_and_a_mark(lang):
    catalog.set_lang(lang)
    try:
        for status in every_status():
            look = progress.look(status)
            assert catalog.has(look.word_key), status
            assert look.style and len(look.mark) == 1, status
            word = progress.word(status)
            assert word and word != look.word_key
            if lang == "zh":  # no untranslated word in the Chinese UI
                assert re.search(r"[\u4e00-\u9fff]", word), (status, word)
    finally:
        catalog.set_lang("zh")


def test_enums_and_strings_look_the_same():
    assert progress.look(Status.TIMEOUT) == progress.look("timeout")
    assert progress.look(CheckStatus.SKIPPED) == progress.look("skipped")
    assert progress.word("something-new") == "something-new"


def test_no_other_status_to_style_map_in_the_package():
    """The status → style table lives in tutor/application/progress.py only."""
    pattern = re.compile(
        r"""(["'](passed|failed|timeout|done|started)["']|Status\.[A-Z_]+|CheckStatus\.[A-Z_]+)"""
        r"""\s*:\s*\(?\s*["'](bold |dim |italic )*(green|red|yellow|magenta|cyan)"""
    )
    offenders = []
    for path in TUTOR.rglob("*.py"):
        if path.name == "progress.py" and path.parent == TUTOR:
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if pattern.search(line):
                offenders.append(f"{path.relative_to(TUTOR)}:{n}: {line.strip()}")
    assert offenders == []


def test_bar_is_clamped():
    assert progress.bar(3, 4, 8) == "██████░░"
    assert progress.bar(9, 4, 4) == "████" and progress.bar(0, 0, 3) == "░░░"


@pytest.fixture
def store(home):
    with Store(home) as opened:
        yield opened


def test_done_means(course, store):
    ch = course.chapters[0]
    lesson, ex = ch.lessons[0], ch.exercises[0]
    store.mark_read(lesson.id)
    store.give_up(ex.id)  # giving up is not done
    p = Progress(course, store)
    assert p.lesson_done(lesson.id) and not p.exercise_done(ex.id)
    store.record_attempt(
        RunResult(exercise=ex.id, status=Status.PASSED), progress.attempt_rule("passed")
    )
    assert Progress(course, store).exercise_done(ex.id)
    quiz = ch.quiz
    for q in quiz.questions[:-1]:
        store.record_quiz_answer(ch.id, q.id, "A", False)
    p = Progress(course, store)
    assert not p.quiz_done(ch.id) and p.status(chapter_items(ch)[-1]) == "started"
    store.record_quiz_answer(ch.id, quiz.questions[-1].id, "A", False)
    assert Progress(course, store).quiz_done(ch.id)  # answered, right or wrong
    assert not Progress(course, store).chapter(ch).complete


@pytest.fixture
def mixed_store(course, home):
    """Some lessons read, exercises in every stored state, one quiz half answered, one complete."""
    with Store(home) as store:
        statuses = [Status.PASSED, Status.FAILED, Status.NOT_ATTEMPTED, Status.ERROR, Status.PASSED]
        for n, ch in enumerate(course.chapters):
            for lesson in ch.lessons[: n + 2]:
                store.mark_read(lesson.id)
            for i, ex in enumerate(ch.exercises[: len(statuses)]):
                status = statuses[(i + n) % len(statuses)]
                store.record_attempt(
                    RunResult(exercise=ex.id, status=status), progress.attempt_rule(status)
                )
            if ch.exercises:
                store.record_edit(ch.exercises[-1].id, progress.EDIT_RULE)
            if ch.quiz:
                questions = ch.quiz.questions if n == 0 else ch.quiz.questions[:2]
                for q in questions:
                    store.record_quiz_answer(ch.id, q.id, "A", q.answer == "A")
        yield store


def test_all_views_count_alike(course, mixed_store, capsys):
    from tutor.cli import main

    prog = Progress(course, mixed_store)
    expected = {ch.id: (prog.chapter(ch).done, prog.chapter(ch).total) for ch in course.chapters}
    assert len(set(expected.values())) > 1 and any(d for d, _ in expected.values())
    # the course map counts every chapter's items with Progress.counts
    assert {ch.id: prog.counts(chapter_items(ch)) for ch in course.chapters} == expected
    overall = prog.overall()
    assert (overall.done, overall.total) == prog.counts(course_items(course))

    assert main(["list", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert {c["id"]: (c["done"], c["total"]) for c in doc["chapters"]} == expected
    assert (doc["done"], doc["total"]) == (overall.done, overall.total)
    for c in doc["chapters"]:  # the parts agree with the whole
        ch = course.chapter_by_id[c["id"]]
        read = sum(1 for page in c["lessons"] if page["read"])
        passed = sum(1 for e in c["exercises"] if e["status"] == "passed")
        quiz_done = 1 if c["quiz"] and c["quiz"]["done"] else 0
        assert read + passed + quiz_done == c["done"] == prog.chapter(ch).done

    def header_counts(text):
        found = {}
        for line in text.splitlines():
            m = re.match(r"^(\S+)  .*?(\d+)/(\d+)\s*$", line)
            if m and m.group(1) in expected:
                found[m.group(1)] = (int(m.group(2)), int(m.group(3)))
        return found

    assert main(["list"]) == 0
    assert header_counts(capsys.readouterr().out) == expected
    assert main(["progress"]) == 0
    out = capsys.readouterr().out
    assert header_counts(out) == expected
    assert f"{overall.done}/{overall.total}" in out.splitlines()[0]


@pytest.mark.usefixtures("mixed_store")
def test_the_chinese_views_have_no_english_status(course, capsys):
    from tutor.cli import main

    for command in (["list"], ["progress"]):
        assert main(command) == 0
        out = capsys.readouterr().out
        for word in (
            "[started]",
            "[unseen]",
            "[failed]",
            "lesson ",
            "exercise ",
            " min",
            "answered",
            "gave up",
        ):
            assert word not in out, (command, word)
        assert t("status.started") in out


@pytest.mark.usefixtures("mixed_store")
def test_progress_columns_are_aligned_in_cells(course, capsys):
    from rich.cells import cell_len

    from tutor.cli import main

    assert main(["progress"]) == 0
    rows = [
        line
        for line in capsys.readouterr().out.splitlines()
        if re.match(r"^  \S \S+\s", line) and "/" in line
    ]
    assert len(rows) >= len(course.exercises)  # main and repair exercises
    ends = set()
    for row in rows:
        status_word = next(progress.word(s) for s in STORED if f" {progress.word(s)} " in row)
        ends.add(cell_len(row[: row.index(f" {status_word} ")]))
    assert len(ends) == 1, ends  # the status column starts at one cell


def _number(item_id: str) -> tuple[int, ...]:
    """An id as numbers: '6.5-fix2' → (5, 2), 'a1.12' → (12,) (the chapter is left out)."""
    return tuple(int(n) for n in re.findall(r"\d+", item_id.split(".", 1)[1]))


def test_the_ids_a_learner_meets_rise_within_each_kind(course):
    """Walking the map, main exercises' numbers rise, and so do repairs' (topic, then fix
    number): `a1.2-fix3` never comes before `a1.2-fix2`. On a page, the repairs of its topic,
    warm-ups on its pitfalls, come before the main exercises placed there."""
    for chapter in course.chapters:
        items = chapter_items(chapter)
        for kind in ("exercise", "repair"):
            seen = [_number(i.id) for i in items if i.kind == kind]
            assert seen == sorted(seen), (chapter.id, kind, [i.id for i in items if i.kind == kind])
        for before, after in zip(items, items[1:], strict=False):
            assert (before.kind, after.kind) != ("exercise", "repair"), (before.id, after.id)


def test_repairs_sit_under_their_lesson_and_are_counted_apart(course, store, capsys):
    from tutor.cli import main

    repairs = [e for e in course.exercises.values() if e.is_repair]
    assert repairs, "the course has repair exercises"
    for ex in repairs:
        store.record_attempt(
            RunResult(exercise=ex.id, status=Status.PASSED), progress.attempt_rule("passed")
        )
    prog = Progress(course, store)
    for ch in course.chapters:
        items = chapter_items(ch)
        for n, item in enumerate(items):
            if item.kind == "repair":  # after the page of its pitfall, still within its topic
                before = [i for i in items[:n] if i.kind == "lesson"]
                ex = course.exercise(item.id)
                assert ex.lesson_id in ex.needs and ex.lesson_id in [i.id for i in before], item
                assert topic_of(before[-1].id) == topic_of(ex.lesson_id), item
        cp = prog.chapter(ch)
        assert cp.repairs == len(ch.repairs) and cp.repairs_passed == len(ch.repairs)
        assert cp.done == 0  # passing repairs does not advance the chapter

    assert main(["list", "--only", "repairs"]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("  ")]
    assert len(rows) == len(repairs) and all(t("cli.kind.repair") in row for row in rows)
    assert main(["list", "--json", "--only", "repairs"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert sorted(e["id"] for c in doc["chapters"] for e in c["repairs"]) == sorted(
        e.id for e in repairs
    )
    assert all(set(c) == {"id", "title", "done", "total", "repairs"} for c in doc["chapters"])


@pytest.mark.parametrize("stored", STORED)
def test_what_an_edit_a_run_and_a_view_do_to_a_status(stored):
    """The status rules beside the status table: an edit starts only an unseen exercise; a pass
    is for good; a neutral end does what an edit does; any other end fails the exercise; a view
    of the solution before a pass is one after giving up; a run of the untouched starter changes
    nothing."""
    edited = progress.EDIT_RULE.after(stored)
    assert edited == ("started" if stored == "unseen" else stored)
    assert progress.attempt_rule(Status.PASSED).after(stored) == "passed"
    for neutral in ("not_attempted", "cancelled"):
        assert progress.attempt_rule(neutral).after(stored) == edited
    assert progress.attempt_rule(Status.PASSED, reference=True).after(stored) == edited
    for wrong in (Status.FAILED, Status.ERROR, Status.TIMEOUT, Status.CRASHED):
        assert progress.attempt_rule(wrong).after(stored) == (
            "passed" if stored == "passed" else "failed"
        )
    for starter_end in (Status.NOT_ATTEMPTED, Status.FAILED):  # the starter checked as given
        assert progress.attempt_rule(starter_end, untouched=True).after(stored) == stored
        assert not progress.attempt_rule(starter_end, untouched=True).counted
    assert progress.viewed_after_giving_up(stored) is (stored != "passed")
