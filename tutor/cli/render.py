"""Text rendering for the command line: the output stream (rich on a terminal, plain when
piped), a run's verdict with every kind of failure detail, and widths measured in terminal cells.
Learner text shown on a terminal goes through terminal_text.sanitize, and reaches rich only as
literal text (terminal_text.literal), never as markup."""

from __future__ import annotations

import json
import os
import sys
from typing import Any

from rich.cells import cell_len

from tutor.application import progress
from tutor.terminal_text import literal, sanitize
from tutor.words.catalog import t

ELLIPSIS = "…"
ARRAY_ITEMS = 8  # array elements shown before "…"
MISMATCHES = 5  # first differing elements listed
TEXT_LIMIT = 300  # characters of any one value


def warn(text: object, *, flush: bool = False) -> None:
    """A message for the person at the terminal, on stderr: it can carry what the user or the
    learner's code named (a FILE, an id, an exception's text), so it is sanitised like learner
    output, whatever stderr is."""
    print(sanitize(str(text)), file=sys.stderr, flush=flush)


class Out:
    """Rich output on a terminal, plain text when piped or with NO_COLOR. On a terminal every
    line is sanitised: learner output must not move the cursor, set titles or the clipboard."""

    def __init__(self, stream=None):
        self.stream = stream or sys.stdout
        self.tty = self.stream.isatty()
        self.rich = self.tty and not os.environ.get("NO_COLOR")
        self._console = None

    def _c(self):
        if self._console is None:
            from rich.console import Console

            if self.rich:
                self._console = Console(file=self.stream, highlight=False, soft_wrap=True)
            else:
                self._console = Console(
                    file=self.stream,
                    highlight=False,
                    color_system=None,
                    force_terminal=False,
                    width=100,
                    emoji=False,
                )
        return self._console

    @property
    def columns(self) -> int:
        """The terminal's width; 100 when the output is not a terminal."""
        if not self.tty:
            return 100
        import shutil

        return shutil.get_terminal_size((100, 24)).columns

    def clear(self) -> None:
        """A clean screen on a terminal (and its scrollback: old verdicts do not pile up); piped
        output keeps everything."""
        if self.tty:
            self.stream.write("\x1b[H\x1b[2J\x1b[3J")
            self.stream.flush()

    def _safe(self, text: str) -> str:
        return sanitize(text) if self.tty else text

    def line(self, text: str = "", style: str | None = None, *, status=None) -> None:
        """One line, in `style` or in the look of `status` (progress.STATUS_LOOKS) when the
        output is styled; plain output never loads rich's style machinery."""
        text = self._safe(text)
        if self.rich and status is not None:
            style = progress.style(status)
        if self.rich and style:
            self._c().print(literal(text, style))
        else:
            print(text, file=self.stream, flush=True)

    def markdown(self, text: str) -> None:
        """Markdown laid out for the terminal's width (tutor/cli/markdown_text.py: wrapped like
        Chinese, never cut), styled only on a terminal."""
        from tutor.cli.markdown_text import markdown_lines

        for line, style in markdown_lines(self._safe(text), self.columns):
            self.line(line, style)

    def code(self, text: str) -> None:
        if self.rich:
            from rich.syntax import Syntax

            self._c().print(Syntax(self._safe(text), "python", line_numbers=True, word_wrap=True))
        else:
            print(self._safe(text).rstrip(), file=self.stream, flush=True)


# ---------------------------------------------------------------- cells


def pad(text: str, width: int) -> str:
    """`text` clipped or padded to `width` terminal cells (a CJK character takes two)."""
    text = clip(text, width)
    return text + " " * (width - cell_len(text))


def clip(text: str, width: int) -> str:
    if cell_len(text) <= width:
        return text
    out, used = [], 0
    for ch in text:
        w = cell_len(ch)
        if used + w > width - 1:
            break
        out.append(ch)
        used += w
    return "".join(out) + ELLIPSIS


def clip_chars(text: str, limit: int = TEXT_LIMIT) -> str:
    return text if len(text) <= limit else text[: limit - 1] + ELLIPSIS


# ---------------------------------------------------------------- values and details


def _scalar(x: Any) -> str:
    if isinstance(x, float):
        return f"{x:.6g}"
    if isinstance(x, str):
        return x
    return json.dumps(x, ensure_ascii=False)


def picture(value: Any, items: int = ARRAY_ITEMS) -> str:
    """A value picture from a failure detail in one line; arrays show their shape and their
    first elements, and a visible … when there are more."""
    from tutor.protocol import details as D

    shape, flat, truncated = D.array_picture(value)
    if shape is None or flat is None:  # not an array: both are None
        if isinstance(value, dict):
            return clip_chars(json.dumps(value, ensure_ascii=False))
        return clip_chars(_scalar(value))
    shown = ", ".join(_scalar(x) for x in flat[:items])
    more = len(flat) > items or truncated
    body = f"[{shown}{', ' + ELLIPSIS if more else ''}]"
    if len(shape) > 1 or more:
        body += f"  ({t('cli.detail.shape')} {tuple(shape)})"
    return clip_chars(body)


def _pair(expected: Any, actual: Any) -> list[str]:
    return [f"{t('cli.expected')}: {picture(expected)}", f"{t('cli.actual')}: {picture(actual)}"]


def _comparison_facts(d) -> list[str]:
    from tutor.protocol import details as D

    lines = []
    if d.expected_shape is not None or d.actual_shape is not None:
        if d.expected_shape != d.actual_shape:
            lines.append(
                f"{t('cli.detail.shape')}: {t('cli.expected')} {tuple(d.expected_shape or ())}, "
                f"{t('cli.actual')} {tuple(d.actual_shape) if d.actual_shape is not None else '?'}"
            )
    # an AllClose compared values, not dtypes (a float64 reference, a float32 answer): its dtypes
    # are no finding, and "expected float64" would ask for a dtype the check does not demand
    if (
        (d.expected_dtype or d.actual_dtype)
        and d.expected_dtype != d.actual_dtype
        and not isinstance(d, D.AllClose)
    ):
        lines.append(
            f"dtype: {t('cli.expected')} {d.expected_dtype}, {t('cli.actual')} {d.actual_dtype}"
        )
    facts = []
    if d.rtol is not None or d.atol is not None:
        facts.append(
            f"rtol={d.rtol:g} atol={d.atol:g}"
            if d.rtol is not None and d.atol is not None
            else f"rtol={d.rtol} atol={d.atol}"
        )
    if d.max_abs_err is not None:
        facts.append(t("cli.detail.max_err", err=_scalar(d.max_abs_err)))
    if d.mismatched is not None and d.total is not None:
        facts.append(t("cli.detail.mismatched", n=d.mismatched, total=d.total))
    if facts:
        lines.append("  ".join(facts))
    if d.relation is not None:
        lines.append(d.relation.text)
    for entry in d.first_mismatches[:MISMATCHES]:
        if isinstance(entry, (list, tuple)) and len(entry) == 3:
            index, e, a = entry
            where = (
                ", ".join(str(i) for i in index) if isinstance(index, (list, tuple)) else str(index)
            )
            lines.append(
                f"  [{where}] {t('cli.expected')} {_scalar(e)}, {t('cli.actual')} {_scalar(a)}"
            )
    if len(d.first_mismatches) > MISMATCHES:
        lines.append(f"  {ELLIPSIS}")
    return lines


def _leaf_lines(leaf) -> list[str]:
    head = f"{leaf.path}: "
    if leaf.problem == "shape":
        return [
            head
            + f"{t('cli.detail.shape')} {t('cli.expected')} {tuple(leaf.expected_shape or ())}, "
            f"{t('cli.actual')} {tuple(leaf.actual_shape or ())}"
        ]
    if leaf.problem == "dtype":
        expected, actual = leaf.expected_dtype, leaf.actual_dtype
        return [head + f"dtype {t('cli.expected')} {expected}, {t('cli.actual')} {actual}"]
    lines = [
        head
        + f"{t('cli.expected')} {picture(leaf.expected)}  {t('cli.actual')} {picture(leaf.actual)}"
    ]
    if leaf.max_abs_err is not None:
        lines.append("  " + t("cli.detail.max_err", err=_scalar(leaf.max_abs_err)))
    if leaf.relation is not None:
        lines.append("  " + leaf.relation.text)
    return lines


def detail_lines(detail: Any) -> list[str]:
    """Plain lines describing a failure detail, for every kind in details.ALL_KINDS (a detail
    that arrives as a dict is rebuilt first; one of no known kind is shown as its JSON)."""
    from tutor.protocol import details as D

    if detail is None:
        return []
    if isinstance(detail, dict):
        try:
            detail = D.Detail.from_dict(detail)
        except D.DetailError:
            return [clip_chars(json.dumps(detail, ensure_ascii=False))]
    lines = [str(detail.what)] if detail.what else []
    if isinstance(detail, D.ShapeMismatch) and detail.expected is None:
        # only the shapes were compared: there are no expected values to show
        lines += [f"{t('cli.actual')}: {picture(detail.actual)}"] + _comparison_facts(detail)
    elif isinstance(detail, D.Comparison):  # AllClose, ShapeMismatch, DtypeMismatch, TypeMismatch
        lines += _pair(detail.expected, detail.actual) + _comparison_facts(detail)
    elif isinstance(detail, D.Tree):
        bad = [leaf for leaf in detail.leaves if not leaf.ok]
        for leaf in bad[:MISMATCHES]:
            lines += _leaf_lines(leaf)
        if len(bad) > MISMATCHES:
            lines.append(ELLIPSIS)
        if detail.mismatched is not None and detail.total is not None:
            lines.append(t("cli.detail.mismatched", n=detail.mismatched, total=detail.total))
    elif isinstance(detail, D.Structure):
        lines += _pair(detail.expected, detail.actual)
        if detail.expected_paths is not None or detail.actual_paths is not None:
            lines.append(
                f"{t('cli.detail.paths')}: {t('cli.expected')} {picture(detail.expected_paths)}, "
                f"{t('cli.actual')} {picture(detail.actual_paths)}"
            )
    elif isinstance(detail, D.Equal):
        lines += _pair(detail.expected, detail.actual)
    elif isinstance(detail, D.Condition):
        named = {"expected": t("cli.expected"), "actual": t("cli.actual")}  # as the app says them
        lines += [f"{named.get(k, k)} = {picture(v)}" for k, v in detail.values.items()]
    elif isinstance(detail, D.Compiles):
        counted = detail.function or t("cli.detail.every_compile")
        bounds = [
            f"= {detail.expected}" if detail.expected is not None else "",
            f"≤ {detail.at_most}" if detail.at_most is not None else "",
            f"≥ {detail.at_least}" if detail.at_least is not None else "",
        ]
        lines.append(
            t(
                "cli.detail.compiles",
                what=counted,
                n=detail.actual,
                bounds=" ".join(b for b in bounds if b) or "-",
            )
        )
        if detail.names:
            shown = ", ".join(detail.names[:ARRAY_ITEMS]) + (
                f", {ELLIPSIS}" if len(detail.names) > ARRAY_ITEMS else ""
            )
            lines.append(t("cli.detail.compiled", names=shown))
    elif isinstance(detail, D.LearnerError):
        if detail.line:
            lines.append(t("cli.line", line=detail.line))
        if detail.traceback:
            lines += detail.traceback.rstrip().splitlines()
    return lines


# ---------------------------------------------------------------- a run's verdict


def render_result(out: Out, result, exercise=None) -> None:
    status = result.status.value
    look = progress.look(status)
    out.line(
        f"{exercise.id if exercise else result.exercise}  {progress.word(status)}  "
        f"({result.duration_s:.2f}s)",
        look.style,
    )
    if result.message:
        out.line(result.message)
    if result.checks:
        passed = sum(1 for c in result.checks if c.status.value == "passed")
        out.line(t("cli.passed_count", passed=passed, total=len(result.checks)))
        skipped = sum(1 for c in result.checks if c.status.value == "skipped")
        if skipped:
            out.line(t("cli.skipped_count", n=skipped), status="skipped")
    for c in result.checks:
        st = c.status.value
        out.line(f"  {progress.mark(st)} {c.name}  ({c.duration_s:.2f}s)", status=st)
        if st in ("failed", "error", "skipped") and c.message:
            for line in c.message.splitlines():
                out.line(f"      {line}")
        if st in ("failed", "error") and c.detail is not None:
            for line in detail_lines(c.detail):
                out.line(f"      {line}", "dim")
    e = result.error
    if e and not result.error_said_by_a_check:
        where = f" ({t('cli.line', line=e.line)})" if e.line else ""
        kind = t("status.timeout") if e.type == "Timeout" else e.type  # where the code was stuck
        out.line(f"{kind}{where}: {clip_chars(e.message, 500)}", "red")
        if e.hint and not any(e.hint in (c.message or "") for c in result.checks):
            out.line(e.hint, "yellow")
        if e.traceback:
            out.line(e.traceback.rstrip(), "dim")
    text = (result.stdout + result.stderr).strip()
    if text:
        out.line(f"— {t('cli.output')} —", "dim")
        out.line(ELLIPSIS + text[-4000:] if len(text) > 4000 else text)


def render_verdict(out: Out, verdict, exercise, next_item=None) -> None:
    """The result, then what became of it: the reference notice, the explanation after a real
    pass followed by what comes next on the course map (`next_item`, Session.next_item), and a
    notice (on stderr) when the attempt could not be recorded."""
    render_result(out, verdict.result, exercise)
    if verdict.reference:
        out.line(t("cli.reference_checked"), status="reference")
    elif verdict.passed:
        out.line()
        out.line(f"— {t('cli.explanation')} —", "bold")
        out.markdown(exercise.explanation)
        if next_item is not None:
            command = "exercise" if next_item.kind == "repair" else next_item.kind
            named = "" if next_item.kind == "quiz" else f" {next_item.id}"
            shown = f"{t('app.kind.' + next_item.kind)}{named} {next_item.title}"
            out.line()
            out.line(t("cli.next_up", item=shown, command=f"jaxtutor {command} {next_item.id}"))
    if verdict.record_error:
        warn(t("cli.not_recorded", reason=verdict.record_error), flush=True)
