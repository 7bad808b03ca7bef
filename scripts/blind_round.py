"""A blind round: run answers written against the statements alone through the real checker.

Answers live outside the repository (they are held out): `ANSWERS/<exercise id>/<nn>-<intent>.py`,
each starting with `# intent: right` or `# intent: wrong — <the mistake>`. Every answer runs in
both languages through the check worker the learner's `jaxtutor check` uses. An exercise's answers
share one batch worker (tutor/running/batch.py, as `jaxtutor dev check` does) so that JAX starts
once per exercise; an answer the batch did not finish, and every verdict that disagrees with its
intent, is run again alone, the way a learner's run is, and the lone run is the one reported.

A verdict is right when a right answer passes and a wrong one does not (failed, error,
not_attempted or a limit). For caught wrong answers, `ANSWERS/judgement.md` holds a reader's
judgement of the message, one line each: `- ID/FILE: named|only-a-difference|misleading — why`;
the table shows it and the totals count it. The verdicts are kept beside the table (`OUT.json`);
`--table-only` rebuilds the table from them after the judgements are written, without running.

    .venv/bin/python scripts/blind_round.py /work/blind3 --out /work/blind3/table.md [IDS...]
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from tutor.authoring.isolation import context_modules, process_effects
from tutor.cli.render import detail_lines
from tutor.course.loader import load_course
from tutor.course.model import Course
from tutor.protocol.events import Job, exercise_job
from tutor.protocol.result import CheckStatus, RunResult, Status
from tutor.running.batch import run_batch
from tutor.running.runner import Runner
from tutor.words import catalog

LANGS = ("zh", "en")
JUDGEMENTS = ("named", "only-a-difference", "misleading")
_INTENT = re.compile(r"#\s*intent:\s*(right|wrong)\b\s*(?:[—-]+\s*(.*))?")
_JUDGED = re.compile(
    r"^-\s*(\S+/\S+\.py):\s*(named|only-a-difference|misleading)\b\s*[—-]*\s*(.*)$"
)


@dataclass
class Answer:
    exercise: str
    path: Path
    intent: str  # "right" or "wrong"
    mistake: str

    @property
    def label(self) -> str:
        return f"{self.exercise}/{self.path.name}"


@dataclass
class Verdict:
    status: str
    check: str  # the first check that did not pass, or the error's type
    message: str
    alone: bool  # reported from a run of its own
    # the whole verdict as the learner reads it: every check that did not pass, in order (skipped
    # ones with their reason), then the error; the judges read it all, not only the first message
    whole: str = ""


DETAIL_LINES = 8  # of a check's detail in the whole verdict: enough to show its values


def read_answers(root: Path, course: Course, ids: list[str]) -> list[Answer]:
    """The answers under `root` for the exercises `ids` (all when empty), in course order."""
    wanted = [i for i in course.exercises if not ids or i in ids]
    answers = []
    for ex_id in wanted:
        for path in sorted((root / ex_id).glob("*.py")):
            first = path.read_text(encoding="utf-8").splitlines()[:1]
            found = _INTENT.match(first[0]) if first else None
            if not found:
                sys.exit(f"{path}: the first line must be '# intent: right|wrong — …'")
            answers.append(Answer(ex_id, path, found.group(1), (found.group(2) or "").strip()))
    return answers


def read_judgements(root: Path) -> dict[str, tuple[str, str]]:
    """`label -> (judgement, why)` from root/judgement.md (empty when there is none)."""
    path = root / "judgement.md"
    if not path.is_file():
        return {}
    judged = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        found = _JUDGED.match(line.strip())
        if found:
            judged[found.group(1)] = (found.group(2), found.group(3).strip())
    return judged


def verdict_of(result: RunResult, alone: bool) -> Verdict:
    """The status, and what the learner reads first: the first check that did not pass (or the
    error when no check ran)."""
    hint = result.error.hint if result.error and result.error.hint else ""

    def with_hint(said: str) -> str:  # the hint once, as the learner reads it
        return f"{said} ‖ hint: {hint}" if hint and hint not in said else said

    whole = _whole(result)
    for check in result.checks:
        if check.status in (CheckStatus.FAILED, CheckStatus.ERROR):
            said = with_hint(check.message or "") + _relations(check.detail)
            return Verdict(result.status.value, check.id, said, alone, whole)
    if result.error is not None:
        said = with_hint(result.error.message)
        return Verdict(result.status.value, result.error.type, said, alone, whole)
    return Verdict(result.status.value, "", result.message or "", alone, whole)


def _whole(result: RunResult) -> str:
    """Every check that did not pass, with its message and relations and the first lines of its
    detail as `jaxtutor check` prints them (the values a "see below" points to), then the error,
    hint too."""
    lines = []
    for check in result.checks:
        if check.status is CheckStatus.PASSED:
            continue
        lines.append(
            f"[{check.status.value}] {check.name or check.id}: {check.message or ''}"
            + _relations(check.detail)
        )
        shown = detail_lines(check.detail)
        lines += [f"    {line}" for line in shown[:DETAIL_LINES]]
        if len(shown) > DETAIL_LINES:
            more = len(shown) - DETAIL_LINES  # the judge's packet only: the CLI shows every line
            lines.append(f"    … ({more} more line{'s' if more > 1 else ''})")
    # as `jaxtutor check` shows it: not again when a check already says the run's error
    if result.error is not None and not result.error_said_by_a_check:
        hint = f" ‖ hint: {result.error.hint}" if result.error.hint else ""
        lines.append(f"[error] {result.error.type}: {result.error.message}{hint}")
    return "\n".join(lines)


def _relations(detail) -> str:
    """The relation sentences the check's detail carries, as the learner reads them under the
    message (tutor/worker/value_relations.py)."""
    if detail is None:
        return ""
    found = [getattr(detail, "relation", None)]
    found += [leaf.relation for leaf in getattr(detail, "leaves", None) or [] if not leaf.ok]
    said = dict.fromkeys(r.text for r in found if r is not None)  # once each, in order
    return "".join(f" ‖ {text}" for text in said)


def right_verdict(answer: Answer, status: str) -> bool:
    passed = status == Status.PASSED.value
    return passed if answer.intent == "right" else not passed


def run_exercise(
    answers: list[Answer], courses: dict[str, Course], runner: Runner
) -> dict[tuple[str, str], Verdict]:
    """Every answer of one exercise in both languages: batched, then alone where needed."""
    keys: list[tuple[Answer, str]] = [(a, lang) for lang in LANGS for a in answers]

    def job(answer: Answer, lang: str) -> Job:
        ex = courses[lang].exercise(answer.exercise)
        return exercise_job(
            ex, answer.path, courses[lang].chapter_of(ex.id).context_path, lang=lang
        )

    # an answer that changes process-wide state (a jax.config switch at load, say) runs alone, as
    # the course proof runs such a fixture: in a batch it would reach the answers after it
    ex0 = courses[LANGS[0]].exercise(answers[0].exercise)
    modules = context_modules(courses[LANGS[0]].chapter_of(ex0.id).context_path.read_text("utf-8"))
    lonely = {a.label for a in answers if process_effects(a.path.read_text("utf-8"), modules)}
    shared = [k for k, (a, _lang) in enumerate(keys) if a.label not in lonely]
    ran = dict(zip(shared, run_batch([job(*keys[k]) for k in shared]), strict=True))
    batched = [ran.get(k) for k in range(len(keys))]
    verdicts = {}
    for (answer, lang), result in zip(keys, batched, strict=True):
        alone = result is None or not right_verdict(answer, result.status.value)
        final = runner.run_sync(job(answer, lang)) if alone or result is None else result
        catalog.set_lang(lang)  # the detail's labels in the verdict's language, as the CLI's
        verdicts[(answer.label, lang)] = verdict_of(final, alone)
    return verdicts


def _cell(text: str, limit: int = 220) -> str:
    flat = " ".join(text.split()).replace("|", "\\|")
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def table(
    answers: list[Answer],
    verdicts: dict[tuple[str, str], Verdict],
    judged: dict[str, tuple[str, str]],
) -> str:
    """The Markdown report: totals first, then one row per answer."""
    rows, right, caught, counts = [], 0, 0, dict.fromkeys(JUDGEMENTS, 0)
    unjudged = []
    for a in answers:
        zh, en = verdicts[(a.label, "zh")], verdicts[(a.label, "en")]
        intent = a.intent + (f" — {a.mistake}" if a.mistake else "")
        ok = right_verdict(a, zh.status) and right_verdict(a, en.status)
        right += ok
        judgement = ""
        if a.intent == "wrong" and ok:
            caught += 1
            kind, why = judged.get(a.label, ("", ""))
            if kind:
                counts[kind] += 1
                judgement = f"{kind}: {why}"
            else:
                unjudged.append(a.label)
        rows.append(
            f"| {a.exercise} | {a.path.name} | {_cell(intent, 90)} "
            f"| {zh.status}{' (alone)' if zh.alone else ''} | {'✓' if ok else '✗ WRONG VERDICT'} "
            f"| {zh.check} | {_cell(zh.message)} | {en.status} | {en.check} | {_cell(en.message)} "
            f"| {_cell(judgement, 160)} |"
        )
    total = len(answers)
    judged_n = sum(counts.values())
    lines = [
        "# Blind round",
        "",
        f"- answers: {total} ({sum(a.intent == 'right' for a in answers)} right, "
        f"{sum(a.intent == 'wrong' for a in answers)} wrong), exercises: "
        f"{len({a.exercise for a in answers})}",
        f"- right verdict in both languages: {right}/{total} = "
        f"{100.0 * right / max(total, 1):.1f} %",
        f"- caught wrong answers: {caught}; judged {judged_n}: "
        + ", ".join(f"{k} {v}" for k, v in counts.items())
        + (f" → named {100.0 * counts['named'] / judged_n:.1f} %" if judged_n else ""),
    ]
    if unjudged:
        lines.append(f"- caught but not judged yet: {', '.join(unjudged)}")
    lines += [
        "",
        "| id | file | intent | status zh | verdict | first failed zh | message zh "
        "| status en | first failed en | message en | judgement |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
        *rows,
    ]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("answers", type=Path, help="folder of <id>/<nn>-<right|wrong>.py")
    parser.add_argument("--out", type=Path, required=True, help="the Markdown table to write")
    parser.add_argument("ids", nargs="*", help="exercise ids (default: every exercise)")
    parser.add_argument("--table-only", action="store_true", help="rebuild from OUT.json")
    args = parser.parse_intermixed_args(argv)
    courses = {lang: load_course(lang=lang) for lang in LANGS}
    answers = read_answers(args.answers, courses["zh"], args.ids)
    saved = args.out.with_suffix(".json")
    verdicts: dict[tuple[str, str], Verdict] = {}
    if args.table_only:
        for key, fields in json.loads(saved.read_text(encoding="utf-8")).items():
            label, lang = key.rsplit(" ", 1)
            verdicts[(label, lang)] = Verdict(**fields)
    else:
        runner = Runner(keep_warm=False)  # a shared machine: no spare worker beside the batch
        try:
            for ex_id in dict.fromkeys(a.exercise for a in answers):
                mine = [a for a in answers if a.exercise == ex_id]
                verdicts.update(run_exercise(mine, courses, runner))
                done = [verdicts[(a.label, "zh")].status for a in mine]
                print(f"{ex_id}: {' '.join(done)}", flush=True)
        finally:
            runner.close()
        record = {f"{label} {lang}": dataclasses.asdict(v) for (label, lang), v in verdicts.items()}
        saved.write_text(json.dumps(record, ensure_ascii=False, indent=1), encoding="utf-8")
    args.out.write_text(table(answers, verdicts, read_judgements(args.answers)), encoding="utf-8")
    print(f"written {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
