"""Trusted jobs of the course proof in one batch worker (tutor/worker/batch.py): the solutions,
starters, fixtures, variants and lesson blocks of one exercise or page share one interpreter (and
with `BatchWorker`, every exercise and page of a pytest process), so JAX's start-up is paid once
per process instead of once per input. Each job still runs in a fresh namespace and its result is
judged as a one-shot worker's is, by the judge (`judging.judge`).

Only the course proof uses this; a learner's run always gets a one-shot worker of its own. Jobs
that change process-wide state must not come here (tutor/authoring/isolation.py). A job the batch
did not finish (it overran its time limit, or the worker died) has no result here: the caller runs
it in a one-shot worker; the jobs after it run in a new batch worker. A job whose words are said in
several languages (tutor/words/every_lang.py) runs once and has a result in each."""

from __future__ import annotations

import dataclasses

from tutor.protocol.events import Finished, Job, ProtocolError, decode_event, say
from tutor.protocol.result import CappedText, RunResult
from tutor.running.batch_process import BatchProcess
from tutor.running.judging import Facts, judge
from tutor.running.run import STARTUP_LIMIT_S
from tutor.words import every_lang


def _output(text: str, lang: str) -> tuple[str, bool]:
    """The output as the runner would keep it (head and tail, with its notice between)."""
    capped = CappedText()
    capped.feed(text.encode("utf-8"))
    return capped.text(say(lang, "run.output_dropped", n="{n}")), capped.truncated


def _finished(job: Job, text: str) -> Finished | None:
    """The job's Finished event in a record; None when the record holds no whole one."""
    try:
        event = decode_event(text.encode("utf-8")) if text else None
    except ProtocolError:
        return None
    return event if isinstance(event, Finished) and event.nonce == job.nonce else None


def _results(job: Job, record: dict, langs: list[str]) -> dict[str, RunResult] | None:
    """The job's result in each of `langs` from its record, which said its words in all of them;
    None when the record holds no whole Finished event of this job. A language whose words do not
    resolve (tutor/words/every_lang.py) is left out."""
    texts = [record.get(name) or "" for name in ("finished", "stdout", "stderr")]
    if _finished(job, texts[0]) is None:
        return None
    results = {}
    for lang in langs:
        said = [every_lang.resolve(text, langs, lang) if len(langs) > 1 else text for text in texts]
        finished = _finished(job, said[0] or "")
        if finished is None or said[1] is None or said[2] is None:
            continue
        stdout, cut_out = _output(said[1], lang)
        stderr, cut_err = _output(said[2], lang)
        facts = Facts.of(
            dataclasses.replace(job, lang=lang),
            report=finished.report,
            stdout=stdout,
            stderr=stderr,
            output_truncated=cut_out or cut_err,
            duration_s=float(record.get("duration_s") or 0.0),
        )
        results[lang] = judge(facts)
    return results


def run_batch(jobs: list[Job], python: str | None = None) -> list[RunResult | None]:
    """Run `jobs` in turn in a batch worker of their own; their results in the same order, None
    for a job the worker did not finish (those after it run in a new one)."""
    said = run_batch_said(jobs, [[job.lang] for job in jobs], python)
    return [None if r is None else r.get(job.lang) for job, r in zip(jobs, said, strict=True)]


def run_batch_said(
    jobs: list[Job],
    langs: list[list[str]],
    python: str | None = None,
    worker: BatchWorker | None = None,
) -> list[dict[str, RunResult] | None]:
    """Run `jobs` in turn in `worker` (else in a batch worker of their own), each once with its
    words said in all its `langs`; for each job its result in each of them ({lang: RunResult}, the
    same order as `jobs`), None for a job the worker did not finish. A language whose words did
    not resolve is left out: the caller runs the job in it alone."""
    if worker is not None:
        return worker.run(jobs, langs)
    with BatchWorker(python) as own:
        return own.run(jobs, langs)


class BatchWorker:
    """A batch worker kept across batches: the course proof keeps one for all the exercises and
    pages a pytest process proves, so JAX and a chapter context's imports start once per process,
    not once per exercise. After a job it did not finish (an overrun, a crash, no whole Finished
    event) the next job starts a new one; one grown past MAX_RSS_MB is replaced after a batch."""

    MAX_RSS_MB = 2000.0

    def __init__(self, python: str | None = None) -> None:
        self.python = python
        self.started = 0  # processes started so far
        self._proc: BatchProcess | None = None

    def run(self, jobs: list[Job], langs: list[list[str]]) -> list[dict[str, RunResult] | None]:
        results: list[dict[str, RunResult] | None] = []
        for job, said_in in zip(jobs, langs, strict=True):
            if self._proc is None or not self._proc.alive:
                self.close()
                self._proc = BatchProcess(self.python, STARTUP_LIMIT_S)
                self.started += 1
            record = self._proc.record(job, said_in)
            in_each = _results(job, record, said_in) if record is not None else None
            if in_each is None:
                self.close()
            results.append(in_each)
        if self._proc is not None and self._proc.rss_mb() > self.MAX_RSS_MB:
            self.close()
        return results

    def close(self) -> None:
        if self._proc is not None:
            self._proc.close()
            self._proc = None

    def __enter__(self) -> BatchWorker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
