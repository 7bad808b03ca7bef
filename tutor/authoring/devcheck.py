"""`jaxtutor dev check`: proves, in the real runner, that every reference solution passes, every
starter is not attempted and every wrong-solution fixture fails on the check meant to catch it
(like rustlings' `dev check`). `jaxtutor dev blocks` runs the lessons' runnable blocks and the
quizzes' verification code. Both are used by the test suite and by content authors."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tutor.authoring.expectations import LOAD, Expectation, parse_expectation, parse_header
from tutor.course.loader import Course, Exercise
from tutor.protocol.result import CheckStatus, RunResult, Status
from tutor.running.runner import Runner, exercise_job, snippet_job


@dataclass
class Verdict:
    label: str
    ok: bool
    why: str
    result: RunResult | None = None


def judge_fixture(path: Path, result: RunResult) -> tuple[bool, str]:
    """Did the fixture fail the way its header says: status, the check, and the message words?"""
    return judge(parse_expectation(path), result)


def judge(exp: Expectation, result: RunResult) -> tuple[bool, str]:
    if result.status.value != exp.status:
        return (
            False,
            f"expected status {exp.status}, got {result.status.value} ({_summary(result)})",
        )
    if exp.check == LOAD:  # the learner's file itself fails to load: no check runs
        said = f"{result.error.type}: {result.error.message}" if result.error else ""
        missing = [w for w in exp.words if w not in said]
        present = [w for w in exp.absent if w in said]
        if result.checks or missing or present:
            return False, (
                f"expected a load error saying {list(exp.words)} and not {list(exp.absent)}, "
                f"got {_summary(result)}"
            )
        return True, _summary(result)
    if exp.check:
        hits = [c for c in result.checks if c.id == exp.check]
        if not hits:
            return (
                False,
                f"no check with id {exp.check!r} (checks: {sorted(c.id for c in result.checks)})",
            )
        hit = hits[0]
        if hit.status in (CheckStatus.PASSED, CheckStatus.SKIPPED):
            return False, f"check {exp.check!r} {hit.status.value}; failing: {_summary(result)}"
        missing = [w for w in exp.words if w not in (hit.message or "")]
        if missing:
            return False, (
                f"check {exp.check!r} failed, but its message lacks {missing}: "
                f"{(hit.message or '')[:300]!r}"
            )
        present = [w for w in exp.absent if w in (hit.message or "")]
        if present:
            return False, (
                f"check {exp.check!r} failed, but its message names {present}, "
                f"which this answer does not do: {(hit.message or '')[:300]!r}"
            )
    return True, _summary(result)


def _summary(result: RunResult) -> str:
    bad = [f"{c.id}:{c.status.value}" for c in result.checks if c.status != CheckStatus.PASSED]
    extra = f" error={result.error.type}: {result.error.message[:200]}" if result.error else ""
    msg = f" msg={result.message[:200]}" if result.message else ""
    return f"{result.status.value} [{', '.join(bad)}]{extra}{msg}"


def check_exercise(course: Course, ex: Exercise, runner: Runner) -> list[Verdict]:
    ctx = course.chapter_of(ex.id).context_path
    runner.warm(ctx)
    verdicts = []
    res = runner.run(exercise_job(ex, ex.solution_path, ctx))
    verdicts.append(
        Verdict(
            f"{ex.id} solution",
            res.status == Status.PASSED,
            f"{_summary(res)} in {res.duration_s:.2f}s",
            res,
        )
    )
    res = runner.run(exercise_job(ex, ex.starter_path, ctx))
    if ex.is_repair:  # a repair's starter is broken code: it fails the way the content says
        ok, why = judge(parse_header("# expect: " + ex.starter_expect), res)
        verdicts.append(Verdict(f"{ex.id} starter", ok, why, res))
    else:
        verdicts.append(
            Verdict(f"{ex.id} starter", res.status == Status.NOT_ATTEMPTED, _summary(res), res)
        )
    for path in ex.wrong_solutions():
        res = runner.run(exercise_job(ex, path, ctx))
        ok, why = judge_fixture(path, res)
        verdicts.append(Verdict(f"{ex.id} wrong/{path.name}", ok, why, res))
    return verdicts


def run_blocks(course: Course, ids: list[str], runner: Runner) -> list[Verdict]:
    """Runnable blocks of the given lessons (or chapters) and the verify code of their quizzes."""
    verdicts = []
    chapters = [c for c in course.chapters if not ids or c.id in ids]
    lesson_ids = [i for i in ids if i in course.lessons]
    lessons = [course.lessons[i] for i in lesson_ids] or [l for c in chapters for l in c.lessons]
    for lesson in lessons:
        ctx = course.chapter_by_id[lesson.chapter_id].context_path
        for block in lesson.runnable_blocks:
            label = f"{lesson.id}:{block.line}"
            res = runner.run(
                snippet_job(
                    block.code,
                    label=label,
                    time_limit=block.timeout,
                    context=ctx if block.context else None,
                    filename=f"{lesson.path.name}:{block.line}",
                )
            )
            ok, why = res.status == Status.PASSED, _summary(res) + f" in {res.duration_s:.1f}s"
            prediction = lesson.predictions.get(block.line)
            if ok and prediction is not None:  # the right answer is what this machine prints
                missing = [s for s in prediction.shows if s not in res.stdout]
                if missing:
                    ok, why = (
                        False,
                        f"prediction {prediction.id}: the output lacks {missing}: {res.stdout[-300:]!r}",
                    )
            verdicts.append(Verdict(f"lesson {label}", ok, why, res))
    if not lesson_ids:
        for chapter in chapters:
            if not chapter.quiz:
                continue
            for q in chapter.quiz.questions:
                if q.verify:
                    label = f"quiz {chapter.id}/{q.id}"
                    res = runner.run(
                        snippet_job(
                            q.verify, label=label, time_limit=120, context=None, filename=label
                        )
                    )
                    verdicts.append(Verdict(label, res.status == Status.PASSED, _summary(res), res))
    return verdicts
