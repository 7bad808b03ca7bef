"""Expected vs actual values side by side, for the diff view (tutor/app/diffview.py): scalars
and short values in two columns, small arrays one row per element (a grid for small matrices),
large or truncated arrays as the first differing elements plus a grid of each with them
highlighted. Values arrive as the result document's pictures (`details.array_picture`); every
value is drawn as literal text (`terminal_text.literal`), never as markup."""

from __future__ import annotations

import math
from typing import Any

from rich.console import Group, RenderableType
from rich.style import Style
from rich.table import Table
from rich.text import Text

from tutor.protocol import details as D
from tutor.terminal_text import literal
from tutor.words.catalog import t

MAX_ROWS = 40  # element rows of the index/expected/actual table
GRID_COLUMNS = 8  # values per row of a large array's grid
GRID_ROWS = 8  # rows of a grid before "…"
# Style objects, not style texts: a colour in a Text's own style text is a fixed CSS colour to
# Textual, these are the theme's legible red and green (docs/architecture.md §7)
BAD = Style.parse("bold red")
GOOD = Style.parse("green")


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


def as_number(v: Any) -> float | None:
    """A picture's element as a float (non-finite values travel as text), else None."""
    if isinstance(v, (bool, int, float)):
        return float(v)
    if isinstance(v, str) and v.lower() in ("nan", "inf", "-inf", "infinity", "-infinity"):
        return float(v.lower().replace("infinity", "inf"))
    return None


def _differs(e: Any, a: Any, rtol: float, atol: float) -> bool:
    ef, af = as_number(e), as_number(a)
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


def values_table(expected: Any, actual: Any) -> Table:
    """Two values side by side (scalars, descriptions, short lists)."""
    table = Table(show_edge=False, header_style="bold")
    table.add_column(t("app.diff.expected"))
    table.add_column(t("app.diff.actual"))
    same = expected == actual
    table.add_row(
        literal(fmt(expected), style="" if same else GOOD),
        literal(fmt(actual), style="" if same else BAD),
    )
    return table


def array_grid(value: Any, bad: set[int], title: str) -> RenderableType:
    """A large array as a grid of values, GRID_COLUMNS per row, each row labelled with the index
    of its first value; elements in `bad` (flat indices) highlighted; "…" for what is not shown."""
    shape, flat, _ = D.array_picture(value)
    if flat is None or shape is None:
        return literal(f"{title}: {fmt(value)}")
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
            literal(fmt(flat[i]), style=BAD if i in bad else "")
            for i in range(row, min(row + GRID_COLUMNS, end))
        ]
        grid.add_row(literal(_index(_unravel(row, shape))), *cells)
    parts: list[RenderableType] = [literal(f"{title} {tuple(shape)}", "bold"), grid]
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
        ef, af = as_number(e), as_number(a)
        err = (
            abs(af - ef)
            if ef is not None and af is not None and math.isfinite(ef) and math.isfinite(af)
            else None
        )
        table.add_row(
            literal(_index(ix)),
            literal(fmt(e), style=BAD),
            literal(fmt(a), style=BAD),
            literal(fmt(err) if err is not None else "", style=BAD),
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
    if e_flat is None or a_flat is None or e_shape is None:
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
            ef, af = as_number(e), as_number(a)
            err = (
                abs(af - ef)
                if ef is not None and af is not None and math.isfinite(ef) and math.isfinite(af)
                else None
            )
            style = BAD if _differs(e, a, rtol, atol) else ""
            table.add_row(
                literal(_index(_unravel(n, e_shape))),
                literal(fmt(e), style=style),
                literal(fmt(a), style=style),
                literal(fmt(err) if err is not None else "", style=style),
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
        cells = [literal(fmt(e), style=BAD if b else "") for e, b in zip(er, bad, strict=True)]
        cells.append(Text("│", style="dim"))
        cells += [literal(fmt(a), style=BAD if b else "") for a, b in zip(ar, bad, strict=True)]
        grid.add_row(*cells)
    return grid
