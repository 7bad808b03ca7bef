"""The verdict of a run as the exercise workspace shows it: the one-line summary (status, checks
passed, time) with the run's message and error, the line to mark in the editor, and the rows of
the attempt history. Words, styles and marks come from the one status table
(tutor.application.progress)."""

from __future__ import annotations

import time

from rich.text import Text

from tutor.app.cjkwrap import WrapStatic
from tutor.application import progress
from tutor.protocol.result import CheckStatus, ErrorInfo, RunResult, Status
from tutor.terminal_text import literal, sanitize, sanitize_all
from tutor.words.catalog import t

TIMEOUT = "Timeout"  # the type of the error a worker reports when the time ran out


def verdict_text(
    result: RunResult,
    *,
    reference: bool = False,
    record_error: str | None = None,
    restored: bool = False,
) -> Text:
    """The summary of a finished run (learner text in it sanitised: shown, never acted on)."""
    result = sanitize_all(result)
    record_error = sanitize(record_error) if record_error else record_error
    status = "reference" if reference else result.status.value
    word = progress.word(status)
    passed = sum(1 for c in result.checks if c.status == CheckStatus.PASSED)
    if result.checks:
        line = t(
            "app.ex.verdict",
            status=word,
            passed=passed,
            total=len(result.checks),
            secs=result.duration_s,
        )
    else:
        line = t("app.ex.verdict_short", status=word, secs=result.duration_s)
    skipped = sum(1 for c in result.checks if c.status == CheckStatus.SKIPPED)
    if skipped:  # never counted as passed: said apart
        line += " · " + t("app.ex.skipped_count", n=skipped)
    text = Text()
    if restored:
        text.append(t("app.ex.last_verdict") + " ", style="dim")
    text.append(f"{progress.mark(status)} {line}", style=progress.style(status) or "bold")
    if reference:
        text.append("\n" + t("app.ex.reference_note"), style="")
    elif result.status == Status.PASSED and not restored:
        text.append("\n" + t("app.ex.passed_banner"), style="green")
    if result.message:
        text.append_text(literal("\n" + result.message))
    if result.error is not None:
        e = result.error
        text.append_text(literal("\n" + error_words(e), "red"))
        # the check list opens on the first failing check: if the learner's code broke it, its
        # message already ends with this hint, and the results pane shows it beside the verdict
        shown = result.failing_checks[:1]
        if e.hint and not any(e.hint in (c.message or "") for c in shown):
            text.append_text(literal("\n" + e.hint, "italic"))
    if record_error:
        words = t("app.ex.not_recorded", reason=record_error)
        text.append_text(literal("\n" + words, "bold yellow"))
    return text


def error_kind(error: ErrorInfo) -> str:
    """The name a run's error is shown under: the exception's type, but a timeout (where the
    worker found the code stuck) by its status word, not the worker's internal type."""
    return t("status.timeout") if error.type == TIMEOUT else error.type


def error_words(error: ErrorInfo) -> str:
    """The verdict's line about the run's error, with where it happened (a timeout is not
    called an error)."""
    if error.type == TIMEOUT:
        if error.line:
            return t("app.ex.timeout_at", line=error.line, message=error.message)
        return f"{error_kind(error)}: {error.message}"
    if error.line:
        return t("app.ex.error_at", line=error.line, type=error.type, message=error.message)
    return t("app.ex.error", type=error.type, message=error.message)


def error_line(result: RunResult) -> int | None:
    """The line of the learner's file to mark: the run's error, else the first check that
    failed with an error in the learner's code."""
    from tutor.protocol.details import LearnerError  # not at import: an exercise opens without it

    if result.error is not None and result.error.line:
        return int(result.error.line)
    for check in result.failing_checks:
        if (
            isinstance(check.detail, LearnerError)
            and check.detail.line
            and check.detail.origin != "check"
        ):
            return int(check.detail.line)
    return None


class VerdictView(WrapStatic):
    """The verdict line above the results (Chinese wraps by tutor/app/cjkwrap.py)."""

    def show_idle(self) -> None:
        self.update(Text(t("app.ex.not_run"), style="dim"))

    def show_running(self, line: str) -> None:
        """`line`: the running line with its elapsed / limit counter
        (tutor/app/run_lifecycle.py)."""
        self.update(Text(line, style=progress.style("running")))

    def show_cancelling(self) -> None:
        self.update(Text(t("app.ex.cancelling"), style=progress.style("cancelled")))

    def show_refused(self, reason: str) -> None:
        # a span, not the Text's own style: Textual reads a Text's own style text as CSS, where
        # "red" is a fixed #FF0000, instead of the theme's legible red (tutor/app/legible.py)
        self.update(literal(t("app.ex.run_refused", reason=reason), "bold red"))

    def show_result(self, result: RunResult, **kw) -> None:
        self.update(verdict_text(result, **kw))


def history_row(attempt) -> tuple:
    """One row of the history table for a recorded attempt."""
    label = Text(
        f"{progress.mark(attempt.status)} {progress.word(attempt.status)}",
        style=progress.style(attempt.status),
    )
    return (
        time.strftime("%m-%d %H:%M:%S", time.localtime(attempt.at)),
        label,
        t("app.secs", secs=attempt.duration_s),
        ", ".join(attempt.failing)
        + (f"  ({t('app.ex.unchanged')})" if getattr(attempt, "unchanged", False) else ""),
    )
