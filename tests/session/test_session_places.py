"""The session's use cases about the learner's place and answers: next and previous on the map,
where "continue" goes, the chapter beside, settings, quiz answers, self-marked open questions and
predictions."""

import asyncio

import pytest

GBK = "计数 = 1\n".encode("gbk")


# ------------------------------------------------------------ the learner's place, answers


def test_next_and_previous_follow_the_map(session, course):
    from tutor.application.progress import course_items

    items = course_items(course)
    for before, after in zip(items, items[1:], strict=False):
        assert session.next_item(before.key) == after
        assert session.previous_item(after.key) == before
    assert session.next_item(items[-1].key) is None
    assert session.previous_item(items[0].key) is None
    repair = next(i for i in items if i.kind == "repair")  # an exercise is found by either kind
    assert session.next_item(("exercise", repair.id)) == session.next_item(repair.key)
    assert session.continue_item() == items[0]
    session.visit("lesson", items[0].id)
    assert session.lessons_read() == set()  # opened is not read
    assert session.location() == ("lesson", items[0].id)
    session.read_lesson(items[0].id)
    assert session.lessons_read() == {items[0].id}
    assert session.continue_item() == items[1]
    assert session.progress().lesson_done(items[0].id)


def test_the_chapter_beside_another_follows_the_map_and_wraps(session, course):
    ids = [c.id for c in course.chapters]
    assert len(ids) > 1
    assert [session.chapter_beside(i, 1) for i in ids] == ids[1:] + ids[:1]
    assert [session.chapter_beside(i, -1) for i in ids] == ids[-1:] + ids[:-1]
    assert session.chapter_beside(ids[0], len(ids)) == ids[0]


def test_a_setting_is_kept_for_the_next_session(session, make_session, tmp_path):
    assert session.location() is None and session.setting("theme") is None
    session.choose_setting("theme", "textual-light")
    assert session.setting("theme") == "textual-light"
    session.close()
    assert make_session(tmp_path).setting("theme") == "textual-light"


def test_the_first_language_is_remembered_and_a_switch_changes_it_and_nothing_else(
    session, make_session, tmp_path
):
    session.remember_language("zh")
    session.remember_language("en")  # a later start's --lang does not overwrite it
    assert session.setting("lang") == "zh"
    ex_id = next(iter(session.course.exercises))
    session.reveal_hint(ex_id)
    path, _ = session.ensure_draft(ex_id)
    draft = path.read_bytes()
    before = (session.hints(ex_id), session.stats(ex_id), session.location())
    english = session.switch_language("en")
    assert session.course is english and english.lang == "en" and session.lang == "en"
    assert session.setting("lang") == "en"
    assert (len(session.hints(ex_id)), session.stats(ex_id), session.location()) == (
        len(before[0]),
        before[1],
        before[2],
    )
    assert path.read_bytes() == draft
    with pytest.raises(ValueError):
        session.switch_language("fr")
    session.close()
    assert make_session(tmp_path).setting("lang") == "en"


def test_the_first_quiz_answer_counts(session, course):
    quiz = next(
        c.quiz
        for c in course.chapters
        if c.quiz and any(q.kind == "choice" for q in c.quiz.questions)
    )
    q = next(q for q in quiz.questions if q.kind == "choice")
    wrong = next(letter for letter in "ABCD" if letter != q.answer)
    assert session.quiz_answers(quiz.chapter_id) == {}
    first = session.answer_choice(quiz.chapter_id, q.id, wrong)
    assert first.counted and first.correct is False and first.score == (0, 1)
    again = session.answer_choice(quiz.chapter_id, q.id, q.answer)
    assert not again.counted and again.correct is True
    assert (again.first_answer, again.first_correct) == (wrong, False) and again.score == (0, 1)
    assert session.quiz_answers(quiz.chapter_id) == {q.id: (wrong, False)}
    assert session.quiz_score(quiz.chapter_id) == (0, 1)


def test_an_open_question_is_self_marked_once(session, course):
    quiz = next(
        (
            c.quiz
            for c in course.chapters
            if c.quiz and any(q.kind == "open" for q in c.quiz.questions)
        ),
        None,
    )
    if quiz is None:
        pytest.skip("no open question in the course")
    q = next(q for q in quiz.questions if q.kind == "open")
    assert session.mark_open(quiz.chapter_id, q.id, True).counted
    later = session.mark_open(quiz.chapter_id, q.id, False)
    assert not later.counted and later.first_correct is True


def test_a_prediction_counts_once_and_shows_in_the_chapter_calibration(session, course):
    lesson = next(page for page in course.lessons.values() if page.predictions)
    line, prediction = next(iter(lesson.predictions.items()))
    wrong = "Z" if prediction.options else str((prediction.number or 0) + 100)
    right = prediction.answer if prediction.options else str(prediction.number)
    first = session.predict(lesson.id, line, wrong)
    assert first.counted and not first.correct
    again = session.predict(lesson.id, line, right)
    assert again.correct and not again.counted  # practice after the first guess
    chapter = course.chapter_by_id[lesson.chapter_id]
    cp = session.progress().chapter(chapter)
    total = sum(len(page.predictions) for page in chapter.lessons)
    assert (cp.predictions_right, cp.predictions_made, cp.predictions) == (0, 1, total)


# ------------------------------------------------------------ chapter 0 is optional


def _finish(session, course, item):
    """Makes one map item done the way a learner does: read, passed (the fake runner passes
    every run), or every quiz question answered."""
    if item.kind == "lesson":
        session.visit("lesson", item.id)
        session.read_lesson(item.id)
    elif item.kind in ("exercise", "repair"):
        assert asyncio.run(session.run(item.id, text="mine = 1\n")).passed
    else:
        for q in course.quiz(item.id).questions:
            if q.kind == "choice":
                session.answer_choice(item.id, q.id, q.answer)
            else:
                session.mark_open(item.id, q.id, True)


def test_continue_skips_chapter_0_once_the_learner_has_opened_a_later_chapter(session, course):
    from tutor.application.progress import course_items

    items = course_items(course)
    assert items[0].chapter_id == "0" and session.continue_item() == items[0]  # a first start
    six = next(i for i in items if i.key == ("lesson", "6.0"))
    session.visit("lesson", "6.0")
    assert session.continue_item() == six
    later = [i for i in items if i.chapter_id != "0"]
    for item in later[:-1]:
        _finish(session, course, item)
    session.visit(*later[-2].key)
    assert session.continue_item() == later[-1]  # the last item of the course is left
    _finish(session, course, later[-1])
    assert session.continue_item() is None  # not back to chapter 0: the learner skipped it
    session.visit("lesson", "0.3")  # unless the learner goes back to it: its first unread page
    assert session.continue_item() == items[0]


def test_a_learner_who_read_chapter_0_first_continues_through_it(session, course):
    from tutor.application.progress import course_items

    items = course_items(course)
    _finish(session, course, items[0])
    assert session.continue_item() == items[1]  # no later chapter opened: chapter 0 goes on


# ------------------------------------------------------------ where "continue" goes
# Session.continue_plan: the first unfinished item in course order, wherever the learner last
# was, and the items it passes over on the way (repairs not passed, exercises given up).


def _chapter(course, chapter_id):
    from tutor.application.progress import course_items

    return [i for i in course_items(course) if i.chapter_id == chapter_id]


def _read(session, *page_ids):
    for page in page_ids:
        session.visit("lesson", page)
        session.read_lesson(page)


def test_after_a_jump_continue_goes_back_to_the_first_unread_page(session, course):
    _read(session, "6.0")
    session.visit("lesson", "7.3a")  # a jump from the palette or `jaxtutor lesson 7.3a`
    plan = session.continue_plan()
    assert plan.item is not None and plan.item.key == ("lesson", "6.1")
    assert plan.passed == []


def test_continue_passes_over_repairs_not_passed_and_names_them(session, course):
    six = _chapter(course, "6")
    _read(session, "6.0", "6.1")
    plan = session.continue_plan()
    assert plan.item is not None and plan.item.key == ("lesson", "6.2")
    repairs = [i for i in six if i.kind == "repair" and i.id.startswith("6.1-fix")]
    assert repairs and plan.passed == repairs
    assert asyncio.run(
        session.run(repairs[0].id, text="mine = 1\n")
    ).passed  # a passed repair is not named
    assert session.continue_plan().passed == repairs[1:]


def test_an_exercise_given_up_is_passed_over_one_started_or_failed_is_not(session, course):
    six = _chapter(course, "6")
    first = next(i for i in six if i.kind == "exercise")
    _read(session, *[i.id for i in six[: six.index(first)] if i.kind == "lesson"])
    session.record_edit(first.id)  # started: continue stops there
    assert session.continue_plan().item == first
    session.give_up(first.id)
    plan = session.continue_plan()
    assert first in plan.passed and plan.item is not None
    assert six.index(plan.item) > six.index(first) and plan.item.kind != "repair"


def test_a_quiz_half_answered_stops_continue(session, course):
    six = _chapter(course, "6")
    quiz = six[-1]
    assert quiz.kind == "quiz"
    _read(session, *[i.id for i in six if i.kind == "lesson"])
    for item in six:
        if item.kind == "exercise":
            assert asyncio.run(session.run(item.id, text="mine = 1\n")).passed
    q = course.quiz("6").questions[0]
    if q.kind == "choice":
        session.answer_choice("6", q.id, q.answer)
    else:
        session.mark_open("6", q.id, True)
    plan = session.continue_plan()
    assert plan.item == quiz
    assert {i.kind for i in plan.passed} == {"repair"}
