"""`jaxtutor dev check`: proves, in the real worker code, that every reference solution passes,
every starter is not attempted (a repair's starter shows its symptom), every wrong-solution fixture
fails on the check meant to catch it, and no check crashes on a structural variant of the solution
(tutor/authoring/probes.py) (like rustlings' `dev check`). `jaxtutor dev blocks` runs the lessons'
runnable blocks and the quizzes' verification code (tutor/authoring/block_proofs.py).

Both are the course proof (`make proof`) and the content authors' tools.

Batch mode: an exercise's (or a page's) trusted inputs run one after another in a batch worker,
each in a fresh namespace (tutor/running/batch.py); one command (`dev check`, a `make proof`
process) keeps that worker for all its exercises and pages. Inputs that change process-wide state
run in a process of their own (tutor/authoring/isolation.py): a one-shot worker per language, or,
for code that is the same in both languages and not expected to end in a fault (a timeout, the
memory limit, a crash), a batch worker of its own that runs it once (below). An input the batch
did not finish is run alone; a verdict that fails in the batch is confirmed alone, and one that
passes alone but failed in the batch is reported as such (an input before it changed process-wide
state).

Exercises in both languages: the solution and the starter run once per language (the English run
takes the exercise's `starter.en.py` and `solution.en.py` where it has them), except a
`solution.en.py` (or a starter of an exercise that is not a repair) that differs only in comments:
the same program runs once, judged in both. A
wrong fixture is the same code in both languages: it runs once, its words said in both
(tutor/words/every_lang.py), and that run is judged in each language — the same verdict, and each
fixture's words in that language's message (the `# expect.en:` line for English, required once
the check module speaks through the catalogs: no Chinese literal left in it). Run
alone, it runs once too, in a batch worker of its own, unless its verdict is a fault that only the
runner's limits prove: then it runs once per language in one-shot workers."""

from __future__ import annotations

import ast
import dataclasses
import functools
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
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
from tutor.course.python_source import parsed_source
from tutor.protocol.events import Job
from tutor.protocol.result import CheckStatus, RunResult, Status
from tutor.running.batch import BatchWorker, run_batch_said
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


def dev_batch() -> BatchWorker:
    """The batch worker the authors' tools keep for all the exercises and pages of one command."""
    return BatchWorker()


def judge(exp: Expectation, result: RunResult) -> tuple[bool, str]:
    if result.status.value != exp.status:
        return (
            False,
            f"expected status {exp.status}, got {result.status.value} ({summary(result)})",
        )
    if exp.check == LOAD:  # the learner's file itself fails to load: no check runs
        e = result.error  # the hint is said under the error: a computed cause is there
        said = f"{e.type}: {e.message}\n{e.hint or ''}" if e else ""
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
        loud = _not_silent(exp, result)
        if loud:
            return False, f"later checks not left to {exp.check!r}: {loud}"
    return True, summary(result)


def _not_silent(exp: Expectation, result: RunResult) -> list[str]:
    """The later checks of `# expect.silent:` that do not stay silent: each must be skipped,
    covered by the failed check, with its reason."""
    by_id = {c.id: c for c in result.checks}
    loud = []
    for later in exp.silent:
        c = by_id.get(later)
        if c is None or c.status is not CheckStatus.SKIPPED:
            loud.append(f"{later} {c.status.value if c else 'missing'}")
        elif c.covered_by != exp.check or not c.reason:
            loud.append(f"{later} skipped, covered by {c.covered_by!r}, reason {c.reason!r}")
    return loud


def summary(result: RunResult) -> str:
    bad = [f"{c.id}:{c.status.value}" for c in result.checks if c.status != CheckStatus.PASSED]
    extra = f" error={result.error.type}: {result.error.message[:200]}" if result.error else ""
    msg = f" msg={result.message[:200]}" if result.message else ""
    return f"{result.status.value} [{', '.join(bad)}]{extra}{msg}"


@dataclass
class Input:
    """One run of the proof: how to make its job, the rule its result must meet, and whether it
    must run in a process of its own. `said_in` judges the same run's words in other languages
    (an input whose code is the same in every language, a wrong fixture): in a batch the job runs
    once with its words said in all of them (tutor/words/every_lang.py), each proved as
    `label [lang]`; alone, it runs once per language."""

    label: str
    job: Callable[[], Job]
    judge: Callable[[RunResult], tuple[bool, str]]
    alone: bool
    said_in: dict[str, Callable[[RunResult], tuple[bool, str]]] = field(default_factory=dict)
    # a fault (timeout, memory, a crash) only the runner's limits and verdicts prove: alone, it
    # runs in a one-shot worker per language; another input alone with `said_in` runs once, in
    # a batch worker of its own (nothing before or after it there), its words said in all
    fault: bool = False


def prove(inputs: list[Input], runner: Runner, batch: bool | BatchWorker = True) -> list[Proof]:
    """Run `inputs` (the trusted ones in a batch worker when `batch`: this one when it is a kept
    `BatchWorker`) and judge each result, in its own language and then in each of its `said_in`."""
    jobs = [i.job() for i in inputs]
    results: list[dict[str, RunResult] | None] = [None] * len(inputs)
    batched = [k for k, i in enumerate(inputs) if batch and not i.alone]
    langs = [[jobs[k].lang, *inputs[k].said_in] for k in batched]
    worker = batch if isinstance(batch, BatchWorker) else None
    ran = run_batch_said([jobs[k] for k in batched], langs, worker=worker)
    for k, res in zip(batched, ran, strict=True):
        results[k] = res
    for k, inp in enumerate(inputs):
        if batch and inp.alone and inp.said_in and not inp.fault:
            (results[k],) = run_batch_said([jobs[k]], [[jobs[k].lang, *inp.said_in]])
    proofs = []
    for k, inp in enumerate(inputs):
        lang = jobs[k].lang
        said = {lang: (inp.label, inp.judge)}
        said |= {other: (f"{inp.label} [{other}]", j) for other, j in inp.said_in.items()}
        got = results[k] or {}
        for one, (label, judge_one) in said.items():
            proofs.append(_judged(label, judge_one, _in(inp.job, one), got.get(one), runner))
    return proofs


def _in(make: Callable[[], Job], lang: str) -> Callable[[], Job]:
    """A new job of `make` in `lang`."""
    return lambda: dataclasses.replace(make(), lang=lang)


def _judged(
    label: str,
    judge_one: Callable[[RunResult], tuple[bool, str]],
    job: Callable[[], Job],
    res: RunResult | None,
    runner: Runner,
) -> Proof:
    """The proof of one result (`res` from the batch; None: run `job` alone now). A verdict that
    fails in the batch is confirmed alone; one that holds alone is reported as a leak."""
    in_batch = res is not None
    if res is None:
        res = runner.run_sync(job())
    ok, why = judge_one(res)
    if not ok and in_batch:
        alone = runner.run_sync(job())
        ok_alone, why_alone = judge_one(alone)
        if ok_alone:
            why = (
                f"failed in the batch ({why}) but not alone: an input before it in the batch "
                "changed process-wide state and must be marked to run alone"
            )
        else:
            why, res = why_alone, alone
    return Proof(label, ok, why, res)


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


def program(path: Path) -> str:
    """What a Python file does, without its comments: two files with the same program run alike."""
    return ast.dump(parsed_source(path.read_text(encoding="utf-8")))


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

    def each_lang(
        label: str,
        path: Path,
        judge_in: Callable[[str], Callable[[RunResult], tuple[bool, str]]],
        isolated: bool | None = None,
        by_program: bool = False,
    ) -> list[Input]:
        """`path` proved in every language: its version in each (`starter.en.py`) runs apart; a
        file that is the same in every language (a wrong fixture) runs once, its words judged in
        each (`said_in`). With `by_program`, so do versions that are the same program (they
        differ only in comments), for inputs whose verdict never quotes their source lines."""
        versions = {lang: version(path, lang) for lang in LANGS}
        runs: dict[Path | str, Input] = {}
        for lang, file in versions.items():
            key: Path | str = program(file) if by_program else file
            if key in runs:
                runs[key].said_in[lang] = judge_in(lang)
                continue
            tag = "" if lang == "zh" else f" [{lang}]"
            lonely = alone(file) if isolated is None else isolated
            runs[key] = Input(f"{label}{tag}", job_of(file, lang), judge_in(lang), lonely)
        return list(runs.values())

    def solution_judge(lang: str) -> Callable[[RunResult], tuple[bool, str]]:
        return _passes_in_english if lang == "en" and english else passes

    def starter_judge(lang: str) -> Callable[[RunResult], tuple[bool, str]]:
        if ex.is_repair:  # a repair's starter is broken code: it fails the way the content says
            where = "exercise.en.toml's starter_expect"
            return _fails_as(ex.starter_expectation, lang, english, where)
        return _not_attempted(ex.names)

    # a solution passes: no traceback quotes its lines, so one with English comments only runs once
    inputs = each_lang(f"{ex.id} solution", ex.solution_path, solution_judge, by_program=True)
    # so does a starter that is not a repair's: its verdict, not attempted and the names missing,
    # quotes no line either (a repair's broken starter fails with messages that may)
    inputs += each_lang(
        f"{ex.id} starter", ex.starter_path, starter_judge, by_program=not ex.is_repair
    )
    for path in ex.wrong_solutions():
        fault = parse_expectation(path).status in FAULT_STATUSES
        isolated = declared_isolation(path) is not None or alone(path) or fault
        fixture = each_lang(
            f"{ex.id} wrong/{path.name}",
            path,
            functools.partial(_fails_as_declared, path, english_required=english),
            isolated,
        )
        inputs += [dataclasses.replace(i, fault=fault) for i in fixture]
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
    batch: bool | BatchWorker = True,
    time_limit: float | None = None,
) -> list[Proof]:
    """The proof of one exercise. `time_limit` replaces the exercise's own (a proof on a busy
    machine may need room a learner's machine does not)."""
    with tempfile.TemporaryDirectory(prefix="jaxtutor-proof-") as scratch:
        return prove(exercise_inputs(course, ex, Path(scratch), time_limit), runner, batch)
