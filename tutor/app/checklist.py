"""The check list of a run: one line per check with ✓/✗, its name and its time; live while the
run goes on (check_started / check_done events), final when the result arrives."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from tutor.app.cjkwrap import Wrapped
from tutor.application import progress
from tutor.protocol.result import CheckOutcome, CheckStatus
from tutor.terminal_text import literal
from tutor.words.catalog import t


def check_label(check: CheckOutcome) -> Text:
    """✓/✗, the name and the time; a skipped check (its own mark) says why under its name, and
    which check judges it instead. Only the mark (and a failing name) takes the status colour:
    a time dimmed from the status colour would be illegible."""
    style = progress.style(check.status)
    text = Text()
    text.append(f"{progress.mark(check.status)} ", style=style)
    text.append_text(literal(check.name, "" if check.status == CheckStatus.PASSED else style))
    if check.status != CheckStatus.SKIPPED:
        text.append("  " + t("app.secs", secs=check.duration_s), style=progress.style("skipped"))
    elif check.message:
        text.append_text(literal("\n" + check.message, "dim"))
    return text


class CheckList(OptionList):
    """Checks in run order. `checks` maps check id -> outcome (None while it runs)."""

    def __init__(self, **kw):
        super().__init__(**kw)
        self.checks: dict[str, CheckOutcome | None] = {}
        self._names: dict[str, str] = {}

    def reset(self) -> None:
        self.checks.clear()
        self._names.clear()
        self.clear_options()

    def started(self, check_id: str, name: str) -> None:
        self.checks[check_id] = None
        self._names[check_id] = name
        self._redraw()

    def done(self, check: CheckOutcome) -> None:
        self.checks[check.id] = check
        self._names[check.id] = check.name
        self._redraw()

    def set_all(self, checks: list[CheckOutcome]) -> None:
        self.checks = {c.id: c for c in checks}
        self._names = {c.id: c.name for c in checks}
        self._redraw()
        failing = [
            i for i, c in enumerate(checks) if c.status in (CheckStatus.FAILED, CheckStatus.ERROR)
        ]
        if failing:
            self.highlighted = failing[0]

    def _redraw(self) -> None:
        keep = self.highlighted
        options = []
        for cid, outcome in self.checks.items():
            if outcome is None:
                label = Text()
                label.append(progress.mark("running") + " ", style=progress.style("running"))
                label.append_text(literal(self._names.get(cid, cid)))
                label.append("  " + t("app.ex.check_running"), style=progress.style("skipped"))
                mark = progress.mark("running")
            else:
                label, mark = check_label(outcome), progress.mark(outcome.status)
            # a long name goes on under itself, Chinese broken by character, the time kept whole
            options.append(Option(Wrapped(label, indent=cell_len(mark) + 1), id=cid))
        self.clear_options()
        self.add_options(options)
        if keep is not None and keep < len(options):
            self.highlighted = keep

    def outcome_at(self, index: int | None) -> CheckOutcome | None:
        if index is None:
            return None
        ids = list(self.checks)
        if 0 <= index < len(ids):
            return self.checks[ids[index]]
        return None
