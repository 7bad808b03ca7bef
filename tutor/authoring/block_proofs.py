"""`jaxtutor dev blocks`: the lessons' runnable blocks and the quizzes' verification code, run in
the real worker code with the batch machinery of course_proof.py (one batch per page and per quiz).

Lessons in both languages: where a page has an English version, its blocks run in English too,
in the same batch worker as the Chinese ones, each prediction's `shows` is required in its own
language's output, and each block's two outputs must print the same numbers (block_parity.py). A
block whose English version differs only in comments is the same program: it runs once, and that
run is judged with each language's prediction. So does a quiz question whose English overlay has
its own verification code (English words)."""

from __future__ import annotations

import ast
import functools
from collections.abc import Callable

from tutor.authoring.block_parity import number_difference, unstable_lines
from tutor.authoring.course_proof import Input, Proof, passes, prove, summary
from tutor.authoring.isolation import context_modules, process_effects
from tutor.course.languages import tagged
from tutor.course.loader import Course, load_course
from tutor.protocol.result import RunResult, Status
from tutor.running.batch import BatchWorker
from tutor.running.runner import Runner, snippet_job


def _block_judge(prediction) -> Callable[[RunResult], tuple[bool, str]]:
    def judge_block(res: RunResult) -> tuple[bool, str]:
        ok, why = res.status == Status.PASSED, summary(res) + f" in {res.duration_s:.1f}s"
        if ok and prediction is not None:  # the right answer is what this machine prints
            missing = [s for s in prediction.shows if s not in res.stdout]
            if missing:
                return False, (
                    f"prediction {prediction.id}: the output lacks {missing}: {res.stdout[-300:]!r}"
                )
        bad = [c.get("type") for c in res.charts if c.get("type") not in ("line", "scatter", "bar")]
        if ok and bad:
            return False, f"charts of unknown types {bad}"
        return ok, why

    return judge_block


def lesson_inputs(course: Course, lesson, tag: str = "") -> list[Input]:
    ctx = course.chapter_by_id[lesson.chapter_id].context_path
    modules = context_modules(ctx.read_text(encoding="utf-8"))
    inputs = []
    for block in lesson.runnable_blocks:
        label = f"{lesson.id}:{block.line}{tag}"
        job = functools.partial(
            snippet_job,
            block.code,
            label=label,
            time_limit=block.timeout,
            context=ctx if block.context else None,
            filename=f"{lesson.path.name}:{block.line}",
        )
        effects = process_effects(block.code, modules if block.context else None)
        judge_block = _block_judge(lesson.predictions.get(block.line))
        inputs.append(Input(f"lesson {label}", job, judge_block, bool(effects)))
    return inputs


def quiz_inputs(chapter, only: set[str] | None = None, tag: str = "") -> list[Input]:
    inputs = []
    for q in chapter.quiz.questions if chapter.quiz else []:
        if q.verify and (only is None or q.id in only):
            label = f"quiz {chapter.id}/{q.id}{tag}"
            job = functools.partial(
                snippet_job, q.verify, label=label, time_limit=120, context=None, filename=label
            )
            inputs.append(Input(label, job, passes, bool(process_effects(q.verify))))
    return inputs


def quiz_proofs(
    course: Course, chapter, runner: Runner, batch: bool | BatchWorker = True
) -> list[Proof]:
    """A quiz's verification code; a question whose English code differs runs in English too,
    in the same batch, and its two outputs must print the same numbers."""
    en = load_course(course.root, lang="en").chapter_by_id[chapter.id]
    zh_code = {q.id: q.verify for q in chapter.quiz.questions} if chapter.quiz else {}
    theirs = en.quiz.questions if en.quiz else []
    differ = {q.id for q in theirs if q.verify != zh_code.get(q.id)}
    inputs, en_inputs = quiz_inputs(chapter), quiz_inputs(en, differ, " (en)")
    proofs = prove(inputs + en_inputs, runner, batch)
    zh = {i.label: (i, p) for i, p in zip(inputs, proofs, strict=False)}
    pairs = zip(en_inputs, proofs[len(inputs) :], strict=False)
    return proofs + [
        same_numbers(*zh[i.label[: -len(" (en)")]], i, p, runner, batch) for i, p in pairs
    ]


def run_blocks(
    course: Course, ids: list[str], runner: Runner, *, batch: bool | BatchWorker = True
) -> list[Proof]:
    """Runnable blocks of the given lessons (or chapters) and the verify code of their quizzes;
    one batch per page and one per quiz."""
    if course.lang != "zh":  # Chinese is the reference; the English pages are found from it
        course = load_course(course.root)
    proofs = []
    chapters = [c for c in course.chapters if not ids or c.id in ids]
    lesson_ids = [i for i in ids if i in course.lessons]
    lessons = [course.lessons[i] for i in lesson_ids] or [
        lesson for c in chapters for lesson in c.lessons
    ]
    for lesson in lessons:
        proofs += page_proofs(course, lesson, runner, batch)
    if not lesson_ids:
        for chapter in chapters:
            proofs += quiz_proofs(course, chapter, runner, batch)
    return proofs


def page_proofs(
    course: Course, lesson, runner: Runner, batch: bool | BatchWorker = True
) -> list[Proof]:
    """A page's blocks in Chinese and, where the page has an English version, in English: one
    batch worker for both; then each block's two outputs, whose numbers must agree."""
    inputs = lesson_inputs(course, lesson)
    if not tagged(lesson.path, "en").is_file():
        return prove(inputs, runner, batch)
    en_lesson = load_course(course.root, lang="en").lesson(lesson.id)
    en_inputs = lesson_inputs(load_course(course.root, lang="en"), en_lesson, " (en)")
    if len(en_inputs) != len(inputs):
        proofs = prove(inputs + en_inputs, runner, batch)
        why = f"{len(en_inputs)} runnable blocks in English, {len(inputs)} in Chinese"
        return [*proofs, Proof(f"lesson {lesson.id} zh=en", False, why)]
    # a block whose English version differs only in comments is the same program: its Chinese
    # run is judged for English too (its own prediction), and prints the same numbers as itself
    blocks = zip(lesson.runnable_blocks, en_lesson.runnable_blocks, strict=True)
    same = [_same_program(zh.code, en.code) for zh, en in blocks]
    to_run = [e for e, alike in zip(en_inputs, same, strict=True) if not alike]
    ran = prove(inputs + to_run, runner, batch)
    proofs, en_ran = ran[: len(inputs)], iter(ran[len(inputs) :])
    en_proofs = [
        _judged_again(e, zh) if alike else next(en_ran)
        for e, zh, alike in zip(en_inputs, proofs, same, strict=True)
    ]
    pairs = zip(inputs, proofs, en_inputs, en_proofs, strict=True)
    return [*proofs, *en_proofs] + [
        same_numbers(i, zh, e, en, runner, batch) for i, zh, e, en in pairs
    ]


def _same_program(code: str, other: str) -> bool:
    """Do two blocks do the same, their comments aside? (A block that does not parse runs.)"""
    try:
        return ast.dump(ast.parse(code)) == ast.dump(ast.parse(other))
    except SyntaxError:
        return False


def _judged_again(inp: Input, ran: Proof) -> Proof:
    """`inp`'s proof from the run of the same program in the other language."""
    if ran.result is None:
        return Proof(inp.label, False, "the same program did not run through (see above)")
    ok, why = inp.judge(ran.result)
    return Proof(inp.label, ok, why, ran.result)


def _outputs_again(inputs: list[Input], runner: Runner, batch: bool | BatchWorker) -> list[str]:
    """What `inputs` print when they run again: in `batch` (those that may run there), else each
    in a one-shot worker."""
    if not batch:
        return [runner.run_sync(i.job()).stdout for i in inputs]
    return [p.result.stdout if p.result else "" for p in prove(inputs, runner, batch)]


# Rounds of reruns (the Chinese version, then the English one when still needed) before a
# difference counts: a rounded ratio of two timings can print the same integer twice in a row in
# one language and another in the other (CI of stop 37).
RERUNS = 3


def same_numbers(
    inp: Input,
    zh: Proof,
    en_inp: Input,
    en: Proof,
    runner: Runner,
    batch: bool | BatchWorker = False,
) -> Proof:
    """Do a block's Chinese and English outputs print the same numbers? A line whose numbers
    change when either version runs again (timings, ratios of timings) does not count. The runs
    again go where the block ran (`batch`: a batch worker unless it runs alone; no worker warms
    up for them)."""
    label = inp.label + " zh=en"
    if zh.result is None or en.result is None or not (zh.ok and en.ok):
        return Proof(label, False, "one of the two did not run through (see above)")
    zh_out, en_out = zh.result.stdout, en.result.stdout
    why = number_difference(zh_out, en_out)
    skip: set[int] = set()
    # each round runs the Chinese version again, then the English one only if the lines the
    # Chinese rerun showed moving do not explain the difference: a line found moving in either
    # language is left out (the union), so stopping at the first that explains it changes no
    # verdict, and a timing block (most of the reruns) runs again once instead of twice
    for _ in range(RERUNS if why is not None else 0):
        for side, out in ((inp, zh_out), (en_inp, en_out)):
            (again,) = _outputs_again([side], runner, batch)
            skip |= unstable_lines(out, again)
            why = number_difference(zh_out, en_out, skip)
            if why is None:
                break
        if why is None:
            break
    return Proof(label, why is None, why or "the same numbers", en.result)
