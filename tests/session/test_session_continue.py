"""Where "continue" goes (Session.continue_plan): the first unfinished item in course order,
wherever the learner last was, and the items it passes over on the way (repairs not passed,
exercises given up), which the front ends name. Engine only: no Textual."""

from tutor.application.progress import course_items


def _read(session, *page_ids):
    for page in page_ids:
        session.visit("lesson", page)
        session.read_lesson(page)


def _chapter(course, chapter_id):
    return [i for i in course_items(course) if i.chapter_id == chapter_id]


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
    assert session.run(repairs[0].id, text="mine = 1\n").passed  # a passed repair is not named
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
            assert session.run(item.id, text="mine = 1\n").passed
    q = course.quiz("6").questions[0]
    if q.kind == "choice":
        session.answer_choice("6", q.id, q.answer)
    else:
        session.mark_open("6", q.id, True)
    plan = session.continue_plan()
    assert plan.item == quiz
    assert {i.kind for i in plan.passed} == {"repair"}
