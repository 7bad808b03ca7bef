"""The diff of a check that did not pass, for every failure-detail kind of
tutor/protocol/details.py: expected vs actual side by side (a table for small arrays, a grid for
large ones with the first differing elements highlighted), one section per key path for pytrees, the
tolerance and the largest error stated.

`render_detail(check)` is pure (a Rich renderable; it switches on the detail's class and handles
every kind in `details.ALL_KINDS`); `DiffView` is the scrollable widget that shows it."""

from __future__ import annotations

import math
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import Static

from tutor.protocol import details as D
from tutor.protocol.result import CheckOutcome, CheckStatus, ErrorInfo
from tutor.termtext import sanitize_all
from tutor.words.catalog import t

MAX_ROWS = 40  # element rows of the index/expected/actual table
GRID_COLUMNS = 8  # values per row of a large array's grid
GRID_ROWS = 8  # rows of a grid before "…"
BAD = "bold red"
GOOD = "green"


def fmt(v: Any) -> str:
    if isinstance(v, float):
        if math.isnan(v):
            return "nan"
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
        return f"{v:.6g}"
    if isinstance(v, bool) or v is None:
        return str(v)
    if isinstance(v, (list, tuple)):
        inner = ", ".join(fmt(x) for x in v[:12])
        return "[" + inner + (", …" if len(v) > 12 else "") + "]"
    if isinstance(v, dict) and "truncated_flat" in v:
        return fmt(v["truncated_flat"][:12]) + f" {tuple(v.get('shape', []))}"
    text = str(v)
    return text if len(text) <= 200 else text[:200] + "…"


def _num(v: Any) -> float | None:
    if isinstance(v, (bool, int, float)):
        return float(v)
    if isinstance(v, str) and v.lower() in ("nan", "inf", "-inf", "infinity", "-infinity"):
        return float(v.lower().replace("infinity", "inf"))
    return None


def _differs(e: Any, a: Any, rtol: float, atol: float) -> bool:
    ef, af = _num(e), _num(a)
    if ef is None or af is None:
        return e != a
    if math.isnan(ef) and math.isnan(af):
        return False
    if math.isinf(ef):
        return af != ef
    return not (abs(af - ef) <= atol + rtol * abs(ef))


def _index(ix) -> str:
    return "[" + ", ".join(str(i) for i in ix) + "]" if ix else "—"


def _unravel(flat: int, shape: list[int]) -> tuple[int, ...]:
    out = []
    for n in reversed(shape or [1]):
        flat, r = divmod(flat, max(n, 1))
        out.append(r)
    return tuple(reversed(out))


def _ravel(ix, shape: list[int]) -> int | None:
    if len(ix) != len(shape):
        return None
    flat = 0
    for i, n in zip(ix, shape, strict=True):
        flat = flat * n + int(i)
    return flat


def _non_finite(value: Any) -> bool:
    _, flat, _ = D.array_picture(value)
    items = flat if flat is not None else [value]
    return any((f := _num(x)) is not None and not math.isfinite(f) for x in items)


# ---------------------------------------------------------------- headers


def _facts(d) -> list[RenderableType]:
    lines: list[RenderableType] = []
    if getattr(d, "what", ""):
        lines.append(Text(str(d.what), style="bold"))
    facts = []
    if getattr(d, "rtol", None) is not None and getattr(d, "atol", None) is not None:
        facts.append(t("app.diff.tolerance", rtol=float(d.rtol), atol=float(d.atol)))
    if getattr(d, "max_abs_err", None) is not None:
        facts.append(t("app.diff.max_err", err=fmt(d.max_abs_err)))
    if getattr(d, "mismatched", None) is not None and getattr(d, "total", None) is not None:
        facts.append(t("app.diff.mismatched", n=d.mismatched, total=d.total))
    lines += [Text(f, style="yellow") for f in facts]
    if getattr(d, "diagnosis", None):  # a label for the course's authors: the message names it
        lines.append(Text(t("app.diff.diagnosis"), style="cyan"))
    return lines


def _shape_lines(d, bad_shape: bool = False, bad_dtype: bool = False) -> list[RenderableType]:
    out = []
    if d.expected_shape is not None or d.actual_shape is not None:
        es = tuple(d.expected_shape) if d.expected_shape is not None else "?"
        as_ = tuple(d.actual_shape) if d.actual_shape is not None else "?"
        txt = Text(
            f"{t('app.diff.shape')}: {t('app.diff.expected')} {es}  {t('app.diff.actual')} {as_}"
        )
        if bad_shape or es != as_:
            txt.stylize(BAD)
        out.append(txt)
    if d.expected_dtype or d.actual_dtype:
        txt = Text(
            f"{t('app.diff.dtype')}: {t('app.diff.expected')} {d.expected_dtype}  "
            f"{t('app.diff.actual')} {d.actual_dtype}"
        )
        if bad_dtype:
            txt.stylize(BAD)
        out.append(txt)
    return out


# ---------------------------------------------------------------- values


def values_table(expected: Any, actual: Any) -> Table:
    """Two values side by side (scalars, descriptions, short lists)."""
    table = Table(show_edge=False, header_style="bold")
    table.add_column(t("app.diff.expected"))
    table.add_column(t("app.diff.actual"))
    same = expected == actual
    table.add_row(
        Text(fmt(expected), style="" if same else GOOD),
        Text(fmt(actual), style="" if same else BAD),
    )
    return table


def array_grid(value: Any, bad: set[int], title: str) -> RenderableType:
    """A large array as a grid of values, GRID_COLUMNS per row, each row labelled with the index
    of its first value; elements in `bad` (flat indices) highlighted; "…" for what is not shown."""
    shape, flat, truncated = D.array_picture(value)
    if flat is None:
        return Text(f"{title}: {fmt(value)}")
    total = math.prod(shape) if shape else len(flat)
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="dim", justify="right")
    for _ in range(GRID_COLUMNS):
        grid.add_column(justify="right")
    shown = min(len(flat), GRID_COLUMNS * GRID_ROWS)
    first_bad = min(bad) if bad else 0
    start = 0 if first_bad < shown else (first_bad // GRID_COLUMNS) * GRID_COLUMNS
    end = min(len(flat), start + shown)
    for row in range(start, end, GRID_COLUMNS):
        cells = [
            Text(fmt(flat[i]), style=BAD if i in bad else "")
            for i in range(row, min(row + GRID_COLUMNS, end))
        ]
        grid.add_row(Text(_index(_unravel(row, shape))), *cells)
    parts: list[RenderableType] = [Text(f"{title} {tuple(shape)}", style="bold"), grid]
    if start > 0 or end < total:
        parts.append(
            Text(
                "… "
                + t(
                    "app.diff.grid_shown",
                    first=_index(_unravel(start, shape)),
                    n=end - start,
                    total=total,
                ),
                style="dim",
            )
        )
    return Group(*parts)


def _mismatch_table(mismatches: list) -> Table:
    table = Table(show_edge=False, pad_edge=False, header_style="bold")
    for col in ("app.diff.index", "app.diff.expected", "app.diff.actual", "app.diff.error"):
        table.add_column(
            t(col),
            justify="left" if col == "app.diff.index" else "right",
            style="dim" if col == "app.diff.index" else "",
        )
    for ix, e, a in mismatches:
        ef, af = _num(e), _num(a)
        err = (
            abs(af - ef)
            if ef is not None and af is not None and math.isfinite(ef) and math.isfinite(af)
            else None
        )
        table.add_row(
            _index(ix),
            Text(fmt(e), style=BAD),
            Text(fmt(a), style=BAD),
            Text(fmt(err) if err is not None else "", style=BAD),
        )
    return table


def array_table(
    expected: Any,
    actual: Any,
    rtol: float = 0.0,
    atol: float = 0.0,
    first_mismatches: list | None = None,
) -> RenderableType:
    """Expected vs actual: a side-by-side grid for small 2-D arrays, one row per element for
    small arrays, and for large or truncated ones the first differing elements plus a grid of
    each with them highlighted."""
    e_shape, e_flat, e_trunc = D.array_picture(expected)
    a_shape, a_flat, a_trunc = D.array_picture(actual)
    if e_flat is None or a_flat is None:
        return values_table(expected, actual)
    mismatches = [m for m in first_mismatches or [] if isinstance(m, list) and len(m) == 3]
    small = not (e_trunc or a_trunc) and max(len(e_flat), len(a_flat)) <= MAX_ROWS
    if small and e_shape == a_shape and len(e_shape) == 2 and e_shape[0] <= 12 and e_shape[1] <= 8:
        return _matrix(expected, actual, rtol, atol)
    if small:
        table = Table(show_edge=False, pad_edge=False, expand=False, header_style="bold")
        table.add_column(t("app.diff.index"), style="dim")
        for col in ("app.diff.expected", "app.diff.actual", "app.diff.error"):
            table.add_column(t(col), justify="right")
        for n in range(max(len(e_flat), len(a_flat))):
            e = e_flat[n] if n < len(e_flat) else "—"
            a = a_flat[n] if n < len(a_flat) else "—"
            ef, af = _num(e), _num(a)
            err = (
                abs(af - ef)
                if ef is not None and af is not None and math.isfinite(ef) and math.isfinite(af)
                else None
            )
            style = BAD if _differs(e, a, rtol, atol) else ""
            table.add_row(
                _index(_unravel(n, e_shape)),
                Text(fmt(e), style=style),
                Text(fmt(a), style=style),
                Text(fmt(err) if err is not None else "", style=style),
            )
        return table
    bad = {f for m in mismatches if (f := _ravel(m[0], e_shape)) is not None}
    if not (e_trunc or a_trunc) and e_shape == a_shape:
        bad |= {
            n
            for n, (e, a) in enumerate(zip(e_flat, a_flat, strict=True))
            if _differs(e, a, rtol, atol)
        }
    parts: list[RenderableType] = []
    if mismatches:
        parts += [
            Text(t("app.diff.first_mismatches"), style="bold"),
            _mismatch_table(mismatches),
            Text(""),
        ]
    parts += [
        array_grid(expected, bad, t("app.diff.expected")),
        Text(""),
        array_grid(actual, bad if a_shape == e_shape else set(), t("app.diff.actual")),
    ]
    return Group(*parts)


def _matrix(expected: list, actual: list, rtol: float, atol: float) -> Table:
    grid = Table.grid(padding=(0, 1))
    cols = len(expected[0]) if expected else 0
    for _ in range(2 * cols + 1):
        grid.add_column(justify="right")
    head = (
        [Text(t("app.diff.expected"), style="bold")]
        + [Text("")] * (cols - 1)
        + [Text("│")]
        + [Text(t("app.diff.actual"), style="bold")]
        + [Text("")] * (cols - 1)
    )
    grid.add_row(*head)
    # one shape (the caller checked it): every row pair and cell pair has the same length
    for er, ar in zip(expected, actual, strict=True):
        bad = [_differs(e, a, rtol, atol) for e, a in zip(er, ar, strict=True)]
        cells = [Text(fmt(e), style=BAD if b else "") for e, b in zip(er, bad, strict=True)]
        cells.append(Text("│", style="dim"))
        cells += [Text(fmt(a), style=BAD if b else "") for a, b in zip(ar, bad, strict=True)]
        grid.add_row(*cells)
    return grid


# ---------------------------------------------------------------- one renderer per kind


def _comparison(d: D.Comparison) -> list[RenderableType]:
    parts = _facts(d) + _shape_lines(
        d, bad_shape=isinstance(d, D.ShapeMismatch), bad_dtype=isinstance(d, D.DtypeMismatch)
    )
    if isinstance(d, (D.ShapeMismatch, D.TypeMismatch)):
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
        title.append(("✓ " if leaf.ok else "✗ ") + str(leaf.path), style=GOOD if leaf.ok else BAD)
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
            parts.append(Text("  ".join(facts), style="yellow"))
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
                Text(e, style="" if e in a_set else BAD), Text(a, style="" if a in e_set else BAD)
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
            grid.add_row(str(k), fmt(v) if v is not None else "—")
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
        Text(t("app.diff.compiles_of", name=target), style="bold"),
        values_table(want, d.actual),
    ]
    if d.names:
        parts.append(
            Text(
                t(
                    "app.diff.compiled_names",
                    names=", ".join(d.names[:20]) + (" …" if len(d.names) > 20 else ""),
                ),
                style="dim",
            )
        )
    return parts


def _learner_error(d: D.LearnerError) -> list[RenderableType]:
    parts = _facts(d)
    if d.origin == "check":
        parts.append(Text(t("app.diff.check_bug"), style="bold magenta"))
    if d.line:
        parts.append(Text(t("app.diff.line", line=d.line), style="bold yellow"))
    if d.traceback:
        parts.append(Text(t("app.diff.traceback"), style="dim"))
        parts.append(Text(str(d.traceback)))
    return parts


RENDERERS = {
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
        Text(("– " if skipped else "✗ ") + check.name, style="dim" if skipped else BAD)
    ]
    if check.message:
        parts.append(Text(check.message))
    detail = check.detail
    if detail is not None:
        parts.append(Text(""))
        parts += RENDERERS[type(detail)](detail)
    return Group(*parts)


def render_error(error: ErrorInfo) -> RenderableType:
    """The run's own error (raised while loading the learner's file, before any check)."""
    kind = t("status.timeout") if error.type == "Timeout" else error.type  # where it was stuck
    return render_detail(
        CheckOutcome(
            id="error",
            name=f"{kind}: {error.message}",
            status=CheckStatus.ERROR,
            detail=D.LearnerError(line=error.line, traceback=error.traceback),
        )
    )


class DiffView(VerticalScroll):
    """Scrollable diff of the selected failing check."""

    def compose(self):
        yield Static(t("app.ex.diff_after_run"), id="diff-body")

    def show(self, check: CheckOutcome | None, empty: str | None = None) -> None:
        """The diff of `check`; with none, `empty` (what is true of the run shown)."""
        body = self.query_one("#diff-body", Static)
        check = sanitize_all(check)  # learner text (names, messages, values) shown, never acted on
        body.update(render_detail(check) if check is not None else empty or "")
        self.scroll_home(animate=False)

    def show_error(self, error: ErrorInfo) -> None:
        self.query_one("#diff-body", Static).update(render_error(sanitize_all(error)))
        self.scroll_home(animate=False)
