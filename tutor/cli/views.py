"""`jaxtutor list` and `jaxtutor progress`: both count through tutor.application.progress, so they
agree with each other and with the app's course map. Columns are measured in terminal cells."""

from __future__ import annotations

import time

from rich.cells import cell_len

from tutor.application import progress as P
from tutor.cli.render import Out, pad
from tutor.linebreak import wrapped_lines
from tutor.words.catalog import t

TITLE_CELLS = 28  # the narrowest title column
STATUS_CELLS = 22  # "[not started]" or a quiz score after it, as wide in Chinese
STORED_STATUSES = ("unseen", "started", "failed", "passed")


def _counts(cp: P.ChapterProgress) -> str:
    return f"{P.bar(cp.done, cp.total)} {cp.done}/{cp.total}"


def _kind(kind: str) -> str:
    return pad(t(f"cli.kind.{kind}"), 8)


_ONLY = {"lessons": "lesson", "exercises": "exercise", "repairs": "repair", "quizzes": "quiz"}


def list_document(course, prog: P.Progress, only: str | None = None) -> dict:
    def exercises(group):
        return [
            {
                "id": e.id,
                "title": e.title,
                "needs": list(e.needs),
                "after": e.lesson_id,  # the page it follows on the map
                "status": prog.exercise_status(e.id),
                "interface": [i.signature for i in e.interface],
            }
            for e in group
        ]

    chapters = []
    for ch in course.chapters:
        cp = prog.chapter(ch)
        correct, answered, questions = prog.quiz_score(ch.id)
        doc = {
            "id": ch.id,
            "title": ch.title,
            "done": cp.done,
            "total": cp.total,
            "lessons": [
                {
                    "id": page.id,
                    "title": page.title,
                    "level": page.level,
                    "read": prog.lesson_done(page.id),
                }
                for page in ch.lessons
            ],
            "exercises": exercises(ch.exercises),
            "repairs": exercises(ch.repairs),
            "map": [{"kind": i.kind, "id": i.id} for i in P.chapter_items(ch)],
            "quiz": (
                {
                    "id": ch.id,
                    "questions": questions,
                    "score": [correct, answered],
                    "done": prog.quiz_done(ch.id),
                }
                if ch.quiz
                else None
            ),
        }
        if only:
            keep = {"id", "title", "done", "total", {"quizzes": "quiz"}.get(only, only)}
            doc = {k: v for k, v in doc.items() if k in keep}
        chapters.append(doc)
    overall = prog.overall()
    return {"chapters": chapters, "done": overall.done, "total": overall.total}


def _id_cells(course) -> int:
    """The id column fits the longest id (lesson pages, exercises, repairs such as 6.2-fix1)."""
    return max([6] + [cell_len(i) for i in [*course.lessons, *course.exercises]])


def _title_cells(out: Out, course, head_cells: int) -> int:
    """The title column: as wide as the longest title when the terminal has room (the status
    word follows it), else what is left; titles wrap in it, never cut."""
    longest = max((cell_len(ex.title) for ex in course.exercises.values()), default=0)
    return max(TITLE_CELLS, min(longest, out.columns - head_cells - STATUS_CELLS))


UNDER = "↳ "  # an exercise's or a repair's row starts so, under the page it follows on the map


def render_list(out: Out, course, prog: P.Progress, only: str | None = None) -> None:
    id_cells = _id_cells(course)
    title_cells = _title_cells(out, course, 2 + len(UNDER) + 2 + 9 + id_cells + 1 + 3)
    for ch in course.chapters:
        out.line(f"{ch.id}  {ch.title}   {_counts(prog.chapter(ch))}", "bold")
        for item in P.chapter_items(ch):
            if only and item.kind != _ONLY[only]:
                continue
            status = prog.status(item)
            look = P.look(status)
            shown_id = item.id if item.kind != "quiz" else ch.id
            under = UNDER if item.kind in ("exercise", "repair") else ""  # under its page
            head = f"  {under}{look.mark} {_kind(item.kind)} {pad(shown_id, id_cells)} "
            if item.kind == "lesson":
                lesson = course.lesson(item.id)
                level = {"core": "🟢", "optional": "⚪"}.get(lesson.level, "  ")
                out.line(f"{head}{level} {item.title}", look.style if status == "done" else None)
            elif item.kind in ("exercise", "repair"):
                stored = prog.exercise_status(item.id)
                first, *more = wrapped_lines(item.title, title_cells)
                out.line(f"{head}   {pad(first, title_cells)} [{P.word(stored)}]", status=stored)
                for line in more:  # a long title goes on under itself, never cut
                    out.line(" " * (cell_len(head) + 3) + line, status=stored)
            else:
                correct, answered, questions = prog.quiz_score(ch.id)
                first, *more = wrapped_lines(item.title, title_cells)
                out.line(
                    f"{head}   {pad(first, title_cells)} "
                    f"{t('cli.quiz_score', correct=correct, answered=answered, total=questions)}",
                    look.style,
                )
                for line in more:
                    out.line(" " * (cell_len(head) + 3) + line, look.style)


def _stats(session, e) -> tuple:
    s = session.stats(e.id)
    solved = time.strftime("%Y-%m-%d", time.localtime(s.solved_at)) if s.solved_at else "-"
    gave_up = f" ({t('cli.gave_up')})" if s.gave_up else ""
    stats = t(
        "cli.exercise_stats",
        attempts=s.attempts,
        hints=s.hints_used,
        total=len(e.hints),
        time=P.time_spent(s.time_spent_s),
        solved=solved,
    )
    return e, s, stats + gave_up


def render_progress(out: Out, course, session, prog: P.Progress) -> None:
    id_cells = _id_cells(course)
    status_cells = max(cell_len(P.word(s)) for s in STORED_STATUSES)
    rows = {
        ch.id: [_stats(session, e) for e in [*ch.exercises, *ch.repairs]] for ch in course.chapters
    }
    # titles wrap in what the numbers leave of the line; when that is too narrow, the numbers
    # go on a line of their own under the title
    head_cells = 2 + 2 + id_cells + 1
    stats_cells = max((cell_len(r[2]) for chapter in rows.values() for r in chapter), default=0)
    longest = max((cell_len(e.title) for e in course.exercises.values()), default=0)
    room = out.columns - head_cells - (status_cells + 1) - (stats_cells + 1)
    stats_below = room < min(longest, TITLE_CELLS)
    if stats_below:
        room = out.columns - head_cells
    title_cells = max(1, min(longest, room))
    overall = prog.overall()
    out.line(
        f"{t('cli.overall')}  {P.bar(overall.done, overall.total, 30)} "
        f"{overall.done}/{overall.total}",
        "bold",
    )
    for ch in course.chapters:
        cp = prog.chapter(ch)
        out.line()
        out.line(f"{ch.id}  {ch.title}  {_counts(cp)}", "bold")
        out.line(
            "  "
            + t(
                "cli.chapter_counts",
                read=cp.lessons_read,
                lessons=cp.lessons,
                passed=cp.exercises_passed,
                exercises=cp.exercises,
            )
        )
        if cp.repairs:
            out.line("  " + t("cli.repair_counts", passed=cp.repairs_passed, repairs=cp.repairs))
        if cp.predictions:
            out.line(
                "  "
                + t(
                    "cli.calibration",
                    right=cp.predictions_right,
                    made=cp.predictions_made,
                    total=cp.predictions,
                )
            )
        for e, s, stats in rows[ch.id]:
            first, *more = wrapped_lines(e.title, title_cells)
            head = f"  {P.mark(s.status)} {pad(e.id, id_cells)} "
            word = pad(P.word(s.status), status_cells)
            if stats_below:  # a narrow terminal: the status and the numbers go under the title
                out.line(head + first, status=s.status)
                more.append(f"{word} {stats}")
            else:
                out.line(f"{head}{pad(first, title_cells)} {word} {stats}", status=s.status)
            for rest in more:  # a long title goes on under itself, never cut
                out.line(" " * cell_len(head) + rest, status=s.status)
        if ch.quiz:
            correct, answered, questions = prog.quiz_score(ch.id)
            out.line(
                f"  {t('cli.kind.quiz')} {ch.id}: "
                f"{t('cli.quiz_score', correct=correct, answered=answered, total=questions)}"
            )
