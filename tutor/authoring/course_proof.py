"""`jaxtutor dev check`: proves, in the real worker code, that every reference solution passes,
every starter is not attempted (a repair's starter shows its symptom), every wrong-solution fixture
fails on the check meant to catch it, and no check crashes on a structural variant of the solution
(tutor/authoring/probes.py) (like rustlings' `dev check`). `jaxtutor dev blocks` runs the lessons'
runnable blocks and the quizzes' verification code (tutor/authoring/block_proofs.py).

Both are the course proof (`make proof`) and the content authors' tools.

Batch mode: an exercise's (or a page's) trusted inputs run one after another in one batch worker,
each in a fresh namespace (tutor/running/batch.py); inputs that change process-wide state run in a
one-shot worker of their own (tutor/authoring/isolation.py). An input the batch did not finish is
run alone; a verdict that fails in the batch is confirmed alone, and one that passes alone but
failed in the batch is reported as such (an input before it changed process-wide state).

Exercises in both languages: the solution, the starter and every wrong fixture run once per
language in the same batch (the job carries its language; the English run takes the exercise's
`starter.en.py` and `solution.en.py` where it has them); the verdict must be the same, and each
fixture's words must be in that language's message (the `# expect.en:` line for English, required
once the check module speaks through the catalogs: no Chinese literal left in it)."""

from __future__ import annotations

import functools
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from tutor.authoring import probes
from tutor.authoring.cjk_literals import CJK, cjk_literals
from tutor.authoring.isolation import (
    FAULT_STATUSES,
    context_modules,
    declared_isolation,
    process_effects,
)
from tutor.course.expectations import LOAD, Expectation, parse_expectation
from tutor.course.languages import tagged
from tutor.course.loader import Course, Exercise
from tutor.protocol.events import Job
from tutor.protocol.result import CheckStatus, RunResult, Status
from tutor.running.batch import run_batch
from tutor.running.runner import Runner, exercise_job
from tutor.words.catalog import LANGS


@dataclass
class Proof:
    """What `dev check` or `dev blocks` proved about one input: `ok`, and why."""

    label: str
    ok: bool
    why: str
    result: RunResult | None = None


def dev_runner() -> Runner:
    """The runner the authors' tools use: a worker kept warm beside each job."""
    return Runner(keep_warm=True)


def judge(exp: Expectation, result: RunResult) -> tuple[bool, str]:
    if result.status.value != exp.status:
        return (
            False,
            f"expected status {exp.status}, got {result.status.value} ({summary(result)})",
        )
    if exp.check == LOAD:  # the learner's file itself fails to load: no check runs
        said = f"{result.error.type}: {result.error.message}" if result.error else ""
        missing = [w for w in exp.words if w not in said]
        present = [w for w in exp.absent if w in said]
        if result.checks or missing or present:
            return False, (
                f"expected a load error saying {list(exp.words)} and not {list(exp.absent)}, "
                f"got {summary(result)}"
            )
        return True, summary(result)
    if exp.check:
        hits = [c for c in result.checks if c.id == exp.check]
        if not hits:
            return (
                False,
                f"no check with id {exp.check!r} (checks: {sorted(c.id for c in result.checks)})",
            )
        hit = hits[0]
        if hit.status in (CheckStatus.PASSED, CheckStatus.SKIPPED):
            return False, f"check {exp.check!r} {hit.status.value}; failing: {summary(result)}"
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
    return True, summary(result)


def summary(result: RunResult) -> str:
    bad = [f"{c.id}:{c.status.value}" for c in result.checks if c.status != CheckStatus.PASSED]
    extra = f" error={result.error.type}: {result.error.message[:200]}" if result.error else ""
    msg = f" msg={result.message[:200]}" if result.message else ""
    return f"{result.status.value} [{', '.join(bad)}]{extra}{msg}"


@dataclass
class Input:
    """One run of the proof: how to make its job, the rule its result must meet, and whether it
    must run in a process of its own."""

    label: str
    job: Callable[[], Job]
    judge: Callable[[RunResult], tuple[bool, str]]
    alone: bool


def prove(inputs: list[Input], runner: Runner, batch: bool = True) -> list[Proof]:
    """Run `inputs` (the trusted ones in one batch worker when `batch`) and judge each result."""
    jobs = [i.job() for i in inputs]
    results: list[RunResult | None] = [None] * len(inputs)
    batched = [k for k, i in enumerate(inputs) if batch and not i.alone]
    for k, res in zip(batched, run_batch([jobs[k] for k in batched]), strict=True):
        results[k] = res
    proofs = []
    for k, inp in enumerate(inputs):
        res, in_batch = results[k], results[k] is not None
        if res is None:
            res = runner.run(jobs[k])
        ok, why = inp.judge(res)
        if not ok and in_batch:
            alone = runner.run(inp.job())
            ok_alone, why_alone = inp.judge(alone)
            if ok_alone:
                why = (
                    f"failed in the batch ({why}) but not alone: an input before it in the batch "
                    "changed process-wide state and must be marked to run alone"
                )
            else:
                why, res = why_alone, alone
        proofs.append(Proof(inp.label, ok, why, res))
    return proofs


def passes(res: RunResult) -> tuple[bool, str]:
    return res.status == Status.PASSED, f"{summary(res)} in {res.duration_s:.2f}s"


def _no_chinese(res: RunResult, why: str) -> tuple[bool, str]:
    """An English run of a converted check module: no Chinese in a check's name or message."""
    said = [c.id for c in res.checks if CJK.search(f"{c.name}\n{c.message or ''}")]
    if said:
        return False, f"checks {said} speak Chinese in an English run"
    return True, why


def _passes_in_english(res: RunResult) -> tuple[bool, str]:
    ok, why = passes(res)
    return _no_chinese(res, why) if ok else (ok, why)


def _not_attempted(names: list[str]) -> Callable[[RunResult], tuple[bool, str]]:
    def judge_starter(res: RunResult) -> tuple[bool, str]:
        ok = res.status == Status.NOT_ATTEMPTED and bool(res.missing)
        return ok and set(res.missing) <= set(names), summary(res)

    return judge_starter


def _fails_as_declared(
    path: Path, lang: str = "zh", english_required: bool = False
) -> Callable[[RunResult], tuple[bool, str]]:
    return _fails_as(lambda: parse_expectation(path), lang, english_required, "'# expect.en:'")


def _fails_as(
    expect: Callable[[], Expectation], lang: str, english_required: bool, where: str
) -> Callable[[RunResult], tuple[bool, str]]:
    """A wrong fixture or a repair's starter fails as `expect()` says, with `lang`'s words; once
    the check module speaks through the catalogs the English words are required (`where`)."""

    def judge_wrong(res: RunResult) -> tuple[bool, str]:
        exp = expect()
        if lang == "en" and english_required and exp.words and exp.en is None:
            return False, f"the check module speaks English: the English words go in {where}"
        ok, why = judge(exp.in_lang(lang), res)
        if ok and lang == "en" and english_required:
            ok, why = _no_chinese(res, why)
        silent = [
            c.id
            for c in res.checks
            if c.status in (CheckStatus.FAILED, CheckStatus.ERROR) and len(c.message or "") <= 10
        ]
        if ok and silent:  # a failing check must say why
            return False, f"checks {silent} fail without saying why"
        return ok, why

    return judge_wrong


def exercise_inputs(
    course: Course, ex: Exercise, scratch: Path, time_limit: float | None = None
) -> list[Input]:
    """Everything the proof runs for one exercise; derived sources are written under `scratch`."""
    ctx = course.chapter_of(ex.id).context_path
    modules = context_modules(ctx.read_text(encoding="utf-8"))

    def job_of(path: Path, lang: str = "zh") -> Callable[[], Job]:
        return functools.partial(exercise_job, ex, path, ctx, time_limit=time_limit, lang=lang)

    def alone(path: Path) -> bool:
        return bool(process_effects(path.read_text(encoding="utf-8"), modules))

    def version(path: Path, lang: str) -> Path:
        """The file a learner of `lang` is given: its version in that language where it has one
        (`starter.en.py`), else the file itself."""
        other = tagged(path, lang)
        return other if other.is_file() else path

    solution_alone = alone(ex.solution_path)
    english = not cjk_literals(ex.check_path.read_text(encoding="utf-8"))
    inputs = []
    for lang in LANGS:
        tag = "" if lang == "zh" else f" [{lang}]"
        solution_judge = _passes_in_english if lang == "en" and english else passes
        solution = version(ex.solution_path, lang)
        inputs.append(
            Input(f"{ex.id} solution{tag}", job_of(solution, lang), solution_judge, alone(solution))
        )
        if ex.is_repair:  # a repair's starter is broken code: it fails the way the content says
            where = "exercise.en.toml's starter_expect"
            starter_judge = _fails_as(ex.starter_expectation, lang, english, where)
        else:
            starter_judge = _not_attempted(ex.names)
        starter = version(ex.starter_path, lang)
        inputs.append(
            Input(f"{ex.id} starter{tag}", job_of(starter, lang), starter_judge, alone(starter))
        )
        for path in ex.wrong_solutions():
            isolated = (
                declared_isolation(path) is not None
                or alone(path)
                or parse_expectation(path).status in FAULT_STATUSES
            )
            judge_wrong = _fails_as_declared(path, lang, english)
            label = f"{ex.id} wrong/{path.name}{tag}"
            inputs.append(Input(label, job_of(path, lang), judge_wrong, isolated))
    for variant in probes.variant_names(ex):
        path = scratch / f"variant_{variant}.py"
        path.write_text(probes.variant_source(ex, variant), encoding="utf-8")
        inputs.append(
            Input(f"{ex.id} variant/{variant}", job_of(path), probes.judge_variant, solution_alone)
        )
    for name in probes.shadowed_names(ex, ctx.read_text(encoding="utf-8")):
        path = scratch / f"without_{name}.py"
        path.write_text(probes.without_name(ex, name), encoding="utf-8")
        inputs.append(
            Input(
                f"{ex.id} without/{name}",
                job_of(path),
                functools.partial(probes.judge_shadowed, name),
                solution_alone,
            )
        )
    return inputs


def check_exercise(
    course: Course,
    ex: Exercise,
    runner: Runner,
    *,
    batch: bool = True,
    time_limit: float | None = None,
) -> list[Proof]:
    """The proof of one exercise. `time_limit` replaces the exercise's own (a proof on a busy
    machine may need room a learner's machine does not)."""
    with tempfile.TemporaryDirectory(prefix="jaxtutor-proof-") as scratch:
        return prove(exercise_inputs(course, ex, Path(scratch), time_limit), runner, batch)
