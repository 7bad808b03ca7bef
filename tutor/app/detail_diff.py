"""The diff of a check that did not pass, for every failure-detail kind of
tutor/protocol/details.py: what the check compared and the facts it measured (the tolerance, the
largest error, how many elements differ), expected vs actual side by side (drawn by
tutor/app/valuediff.py), one section per key path for pytrees.

`render_detail(check)` is pure (a Rich renderable; it switches on the detail's class and handles
every kind in `details.ALL_KINDS`); the widget that shows it is tutor/app/diffview.py, which
imports this module (and the detail classes) only when it first draws a check. Every string of
the check, the learner, JAX or a value is drawn through `terminal_text.literal`, never as markup:
a plain string in a Rich table is read as markup, and `[nan nan]` or `x[idx]` would vanish."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from tutor.app.valuediff import (
    BAD,
    GOOD,
    array_grid,
    array_table,
    as_number,
    fmt,
    values_table,
)
from tutor.app.verdict_view import TIMEOUT, error_kind
from tutor.application import progress
from tutor.protocol import details as D
from tutor.protocol.result import CheckOutcome, CheckStatus, ErrorInfo
from tutor.terminal_text import literal
from tutor.words.catalog import t


def _non_finite(value: Any) -> bool:
    _, flat, _ = D.array_picture(value)
    items = flat if flat is not None else [value]
    return any((f := as_number(x)) is not None and not math.isfinite(f) for x in items)


# ---------------------------------------------------------------- headers


def _facts(d) -> list[RenderableType]:
    lines: list[RenderableType] = []
    if getattr(d, "what", ""):
        lines.append(literal(d.what, "bold"))
    facts = []
    if getattr(d, "rtol", None) is not None and getattr(d, "atol", None) is not None:
        facts.append(t("app.diff.tolerance", rtol=float(d.rtol), atol=float(d.atol)))
    if getattr(d, "max_abs_err", None) is not None:
        facts.append(t("app.diff.max_err", err=fmt(d.max_abs_err)))
    if getattr(d, "mismatched", None) is not None and getattr(d, "total", None) is not None:
        facts.append(t("app.diff.mismatched", n=d.mismatched, total=d.total))
    # colours in spans, not in a Text's own style text (docs/architecture.md §7)
    lines += [Text().append(f, style="yellow") for f in facts]
    if getattr(d, "diagnosis", None):  # a label for the course's authors: the message names it
        lines.append(Text().append(t("app.diff.diagnosis"), style="cyan"))
    return lines


def _relation(x) -> list[RenderableType]:
    """The relation the worker computed between the actual and the expected values of a
    comparison or a leaf (details.Relation), as its one sentence."""
    relation = getattr(x, "relation", None)
    return [literal(relation.text, "bold cyan")] if relation is not None else []


def _shape_lines(
    d, bad_shape: bool = False, bad_dtype: bool = False, dtypes: bool = True
) -> list[RenderableType]:
    out: list[RenderableType] = []
    if d.expected_shape is not None or d.actual_shape is not None:
        es = tuple(d.expected_shape) if d.expected_shape is not None else "?"
        as_ = tuple(d.actual_shape) if d.actual_shape is not None else "?"
        txt = literal(
            f"{t('app.diff.shape')}: {t('app.diff.expected')} {es}  {t('app.diff.actual')} {as_}"
        )
        if bad_shape or es != as_:
            txt.stylize(BAD)
        out.append(txt)
    if dtypes and (d.expected_dtype or d.actual_dtype):
        txt = literal(
            f"{t('app.diff.dtype')}: {t('app.diff.expected')} {d.expected_dtype}  "
            f"{t('app.diff.actual')} {d.actual_dtype}"
        )
        if bad_dtype:
            txt.stylize(BAD)
        out.append(txt)
    return out


# ---------------------------------------------------------------- one renderer per kind


def _comparison(d: D.Comparison) -> list[RenderableType]:
    parts = (
        _facts(d)
        + _relation(d)
        + _shape_lines(
            d,
            bad_shape=isinstance(d, D.ShapeMismatch),
            bad_dtype=isinstance(d, D.DtypeMismatch),
            # an AllClose compared values against a reference of its own dtype (often float64):
            # its dtypes are no finding, as in the CLI (tutor/cli/render.py)
            dtypes=not isinstance(d, D.AllClose),
        )
    )
    if isinstance(d, D.ShapeMismatch) and d.expected is None:
        # only the shapes were compared: the learner's values alone, no empty "expected" column
        parts.append(
            array_grid(d.actual, set(), t("app.diff.actual"))
            if D.array_picture(d.actual)[1] is not None
            else literal(f"{t('app.diff.actual')}: {fmt(d.actual)}")
        )
    elif isinstance(d, (D.ShapeMismatch, D.TypeMismatch)):
        parts.append(
            values_table(d.expected, d.actual)
            if D.array_picture(d.actual)[1] is None
            else array_table(d.expected, d.actual)
        )
    else:
        parts.append(
            array_table(
                d.expected, d.actual, float(d.rtol or 0.0), float(d.atol or 0.0), d.first_mismatches
            )
        )
    return parts


def _tree(d: D.Tree) -> list[RenderableType]:
    parts = _facts(d)
    rtol, atol = float(d.rtol or 0.0), float(d.atol or 0.0)
    for leaf in d.leaves:
        title = Text()  # the note after it is dimmed plain text, not dimmed green (illegible)
        title.append_text(
            literal(("✓ " if leaf.ok else "✗ ") + str(leaf.path), GOOD if leaf.ok else BAD)
        )
        if leaf.ok:
            title.append("  " + t("app.diff.leaf_ok"), style="dim")
            parts.append(title)
            continue
        parts.append(title)
        facts = []
        if leaf.max_abs_err is not None:
            facts.append(t("app.diff.max_err", err=fmt(leaf.max_abs_err)))
        if leaf.mismatched is not None:
            facts.append(
                t(
                    "app.diff.mismatched",
                    n=leaf.mismatched,
                    total=leaf.total if leaf.total is not None else "?",
                )
            )
        if facts:
            parts.append(Text().append("  ".join(facts), style="yellow"))
        parts += _relation(leaf)
        parts += _shape_lines(
            leaf, bad_shape=leaf.problem == "shape", bad_dtype=leaf.problem == "dtype"
        )
        if leaf.expected is not None or leaf.actual is not None:
            parts.append(array_table(leaf.expected, leaf.actual, rtol, atol, leaf.first_mismatches))
        parts.append(Text(""))
    return parts


def _structure(d: D.Structure) -> list[RenderableType]:
    parts = _facts(d)
    if d.expected is not None or d.actual is not None:
        parts.append(values_table(d.expected, d.actual))
    e_paths, a_paths = d.expected_paths or [], d.actual_paths or []
    if e_paths or a_paths:
        table = Table(show_edge=False, header_style="bold")
        table.add_column(t("app.diff.expected") + " · " + t("app.diff.path"))
        table.add_column(t("app.diff.actual") + " · " + t("app.diff.path"))
        a_set, e_set = set(a_paths), set(e_paths)
        for i in range(max(len(e_paths), len(a_paths))):
            e = e_paths[i] if i < len(e_paths) else ""
            a = a_paths[i] if i < len(a_paths) else ""
            table.add_row(
                literal(e, "" if e in a_set else BAD), literal(a, "" if a in e_set else BAD)
            )
        parts.append(table)
    return parts


def _equal(d: D.Equal) -> list[RenderableType]:
    if D.array_picture(d.expected)[1] is not None and D.array_picture(d.actual)[1] is not None:
        return _facts(d) + [array_table(d.expected, d.actual)]
    return _facts(d) + [values_table(d.expected, d.actual)]


def _condition(d: D.Condition) -> list[RenderableType]:
    """Named facts the check measured. A missing or None `expected` next to a non-finite actual
    value is the condition "finite" (the check's message states it), never the word None."""
    values = dict(d.values)
    parts = _facts(d)
    if "expected" in values or "actual" in values:
        e, a = values.pop("expected", None), values.pop("actual", None)
        if e is None:
            e = t("app.diff.finite") if _non_finite(a) else t("app.diff.as_stated")
        parts.append(array_table(e, a) if D.array_picture(e)[1] is not None else values_table(e, a))
    if values:
        grid = Table.grid(padding=(0, 2))
        grid.add_column(style="dim")
        grid.add_column()
        for k, v in values.items():
            grid.add_row(literal(k), literal(fmt(v) if v is not None else "—"))
        parts.append(grid)
    return parts


def _compiles(d: D.Compiles) -> list[RenderableType]:
    target = d.function or t("app.diff.every_function")
    if d.expected is not None:
        want = str(d.expected)
    else:
        bounds = []
        if d.at_least is not None:
            bounds.append(f"≥ {d.at_least}")
        if d.at_most is not None:
            bounds.append(f"≤ {d.at_most}")
        want = ", ".join(bounds) or "—"
    parts = _facts(d) + [
        literal(t("app.diff.compiles_of", name=target), "bold"),
        values_table(want, d.actual),
    ]
    if d.names:
        parts.append(
            literal(
                t(
                    "app.diff.compiled_names",
                    names=", ".join(d.names[:20]) + (" …" if len(d.names) > 20 else ""),
                ),
                "dim",
            )
        )
    return parts


def _learner_error(d: D.LearnerError) -> list[RenderableType]:
    parts = _facts(d)
    if d.origin == "check":
        parts.append(Text().append(t("app.diff.check_bug"), style="bold magenta"))
    if d.line:
        parts.append(Text().append(t("app.diff.line", line=d.line), style="bold yellow"))
    if d.traceback:
        parts.append(Text(t("app.diff.traceback"), style="dim"))
        parts.append(literal(d.traceback))
    return parts


RENDERERS: dict[type[D.Detail], Callable[[Any], list[RenderableType]]] = {
    D.AllClose: _comparison,
    D.ShapeMismatch: _comparison,
    D.DtypeMismatch: _comparison,
    D.TypeMismatch: _comparison,
    D.Tree: _tree,
    D.Structure: _structure,
    D.Equal: _equal,
    D.Condition: _condition,
    D.Compiles: _compiles,
    D.LearnerError: _learner_error,
}


def render_detail(check: CheckOutcome) -> RenderableType:
    """Everything the learner needs to see about one check that did not pass."""
    skipped = check.status == CheckStatus.SKIPPED
    parts: list[RenderableType] = [
        literal(
            f"{progress.mark('skipped') if skipped else '✗'} {check.name}",
            "dim" if skipped else BAD,
        )
    ]
    if check.message:
        parts.append(literal(check.message))
    detail = check.detail
    if detail is not None:
        parts.append(Text(""))
        parts += RENDERERS[type(detail)](detail)
    return Group(*parts)


def render_error(error: ErrorInfo) -> RenderableType:
    """The run's own error (raised while loading the learner's file, before any check). A
    timeout's message already names the line it stopped on, which was no error line."""
    line = None if error.type == TIMEOUT else error.line
    return render_detail(
        CheckOutcome(
            id="error",
            name=f"{error_kind(error)}: {error.message}",
            status=CheckStatus.ERROR,
            detail=D.LearnerError(line=line, traceback=error.traceback),
        )
    )
