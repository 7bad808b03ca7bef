"""The diff of a failed check: expected vs actual side by side (a table for arrays, one section per
key path for pytrees), differing elements highlighted, the tolerance and the largest error stated.

`render_detail(check)` is pure (a Rich renderable from a check's `detail` dict: the kinds of
tutor/checklib.py); `DiffView` is the scrollable widget that shows it."""

from __future__ import annotations

import math
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import Static

from tutor.messages import t
from tutor.result import CheckOutcome

MAX_ELEMENTS = 40
BAD = "bold red"
GOOD = "green"


def _fmt(v: Any) -> str:
    if isinstance(v, float):
        if math.isnan(v):
            return "nan"
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
        return f"{v:.6g}"
    if isinstance(v, bool) or v is None:
        return str(v)
    if isinstance(v, (list, tuple)):
        inner = ", ".join(_fmt(x) for x in v[:12])
        return "[" + inner + (", …" if len(v) > 12 else "") + "]"
    text = str(v)
    return text if len(text) <= 200 else text[:200] + "…"


def _flatten(value: Any, prefix: tuple[int, ...] = ()) -> list[tuple[tuple[int, ...], Any]]:
    if isinstance(value, list):
        out: list[tuple[tuple[int, ...], Any]] = []
        for i, v in enumerate(value):
            out.extend(_flatten(v, prefix + (i,)))
        return out
    return [(prefix, value)]


def _num(v: Any) -> float | None:
    if isinstance(v, bool):
        return float(v)
    if isinstance(v, (int, float)):
        return float(v)
    if isinstance(v, str) and v in ("nan", "inf", "-inf", "NaN", "Infinity", "-Infinity"):
        return float(v.lower().replace("infinity", "inf"))
    return None


def _differs(e: Any, a: Any, rtol: float, atol: float) -> bool:
    ef, af = _num(e), _num(a)
    if ef is None or af is None:
        return e != a
    if math.isnan(ef) and math.isnan(af):
        return False
    err = abs(af - ef)
    return not (err <= atol + rtol * abs(ef))


def _index(ix: tuple[int, ...]) -> str:
    return "[" + ", ".join(str(i) for i in ix) + "]" if ix else "—"


def _header(detail: dict) -> list[RenderableType]:
    lines: list[RenderableType] = []
    if detail.get("what"):
        lines.append(Text(str(detail["what"]), style="bold"))
    facts = []
    if "rtol" in detail and "atol" in detail and detail["rtol"] is not None:
        facts.append(t("app.diff.tolerance", rtol=float(detail["rtol"]), atol=float(detail["atol"])))
    if detail.get("max_abs_err") is not None:
        facts.append(t("app.diff.max_err", err=_fmt(detail["max_abs_err"])))
    if detail.get("mismatched") is not None and detail.get("total") is not None:
        facts.append(t("app.diff.mismatched", n=detail["mismatched"], total=detail["total"]))
    for line in facts:
        lines.append(Text(line, style="yellow"))
    return lines


def _shape_lines(detail: dict) -> list[RenderableType]:
    out = []
    es, as_ = detail.get("expected_shape"), detail.get("actual_shape")
    if es is not None or as_ is not None:
        txt = Text(f"{t('app.diff.shape')}: {t('app.diff.expected')} {tuple(es or [])}  "
                   f"{t('app.diff.actual')} {tuple(as_) if as_ is not None else '?'}")
        if es is not None and as_ is not None and list(es) != list(as_):
            txt.stylize(BAD)
        out.append(txt)
    ed, ad = detail.get("expected_dtype"), detail.get("actual_dtype")
    if ed or ad:
        txt = Text(f"{t('app.diff.dtype')}: {t('app.diff.expected')} {ed}  {t('app.diff.actual')} {ad}")
        if detail.get("kind") == "dtype":
            txt.stylize(BAD)
        out.append(txt)
    return out


def array_table(expected: Any, actual: Any, rtol: float = 0.0, atol: float = 0.0) -> RenderableType:
    """Expected vs actual: a side-by-side grid for small 2-D arrays, else one row per element
    (differing rows first when there are many), differing cells in red."""
    e_items, a_items = _flatten(expected), _flatten(actual)
    e_is_2d = isinstance(expected, list) and expected and all(isinstance(r, list) for r in expected)
    a_is_2d = isinstance(actual, list) and actual and all(isinstance(r, list) for r in actual)
    if (e_is_2d and a_is_2d and len(expected) == len(actual) <= 12
            and all(isinstance(r, list) and len(r) <= 8 and not any(isinstance(x, list) for x in r) for r in expected)
            and all(len(r1) == len(r2) for r1, r2 in zip(expected, actual))):
        grid = Table.grid(padding=(0, 1))
        cols = len(expected[0]) if expected else 0
        for _ in range(2 * cols + 1):
            grid.add_column(justify="right")
        head = [Text(t("app.diff.expected"), style="bold")] + [Text("")] * (cols - 1) + [Text("│")] + \
               [Text(t("app.diff.actual"), style="bold")] + [Text("")] * (cols - 1)
        grid.add_row(*head)
        for er, ar in zip(expected, actual):
            cells: list[Text] = []
            bad = [_differs(e, a, rtol, atol) for e, a in zip(er, ar)]
            cells += [Text(_fmt(e), style=BAD if b else "") for e, b in zip(er, bad)]
            cells.append(Text("│", style="dim"))
            cells += [Text(_fmt(a), style=BAD if b else "") for a, b in zip(ar, bad)]
            grid.add_row(*cells)
        return grid
    table = Table(show_edge=False, pad_edge=False, expand=False, header_style="bold")
    table.add_column(t("app.diff.index"), style="dim")
    table.add_column(t("app.diff.expected"), justify="right")
    table.add_column(t("app.diff.actual"), justify="right")
    table.add_column(t("app.diff.error"), justify="right")
    a_map = dict(a_items)
    rows = []
    for ix, e in e_items:
        a = a_map.get(ix, "—")
        ef, af = _num(e), _num(a)
        err = abs(af - ef) if ef is not None and af is not None and not (math.isnan(ef) or math.isnan(af)) else None
        rows.append((ix, e, a, err, _differs(e, a, rtol, atol)))
    if len(rows) > MAX_ELEMENTS:
        rows = [r for r in rows if r[4]][:MAX_ELEMENTS] or rows[:MAX_ELEMENTS]
        rows.sort(key=lambda r: r[0])
        note: Text | None = Text(t("app.diff.shown", n=len(rows)), style="dim")
    else:
        note = None
    for ix, e, a, err, bad in rows:
        style = BAD if bad else ""
        table.add_row(_index(ix), Text(_fmt(e), style=style), Text(_fmt(a), style=style),
                      Text(_fmt(err) if err is not None else "", style=style))
    return Group(table, note) if note else table


def _key_values(detail: dict, skip: set[str]) -> RenderableType:
    """Generic detail: expected/actual side by side when present, then the other fields."""
    parts: list[RenderableType] = []
    if "expected" in detail or "actual" in detail:
        e, a = detail.get("expected"), detail.get("actual")
        if isinstance(e, list) and isinstance(a, list):
            parts.append(array_table(e, a))
        else:
            table = Table(show_edge=False, header_style="bold")
            table.add_column(t("app.diff.expected"))
            table.add_column(t("app.diff.actual"))
            same = e == a
            table.add_row(Text(_fmt(e), style="" if same else GOOD),
                          Text(_fmt(a), style="" if same else BAD))
            parts.append(table)
    extra = {k: v for k, v in detail.items() if k not in skip | {"kind", "expected", "actual", "what"}}
    if extra:
        grid = Table.grid(padding=(0, 2))
        grid.add_column(style="dim")
        grid.add_column()
        for k, v in extra.items():
            grid.add_row(str(k), _fmt(v))
        parts.append(grid)
    return Group(*parts)


def _tree(detail: dict) -> list[RenderableType]:
    parts: list[RenderableType] = []
    rtol, atol = float(detail.get("rtol") or 0.0), float(detail.get("atol") or 0.0)
    for leaf in detail.get("leaves", []):
        ok = leaf.get("ok")
        title = Text(("✓ " if ok else "✗ ") + str(leaf.get("path", "")), style=GOOD if ok else BAD)
        if ok:
            title.append("  " + t("app.diff.leaf_ok"), style="dim")
            parts.append(title)
            continue
        parts.append(title)
        facts = []
        if leaf.get("max_abs_err") is not None:
            facts.append(t("app.diff.max_err", err=_fmt(leaf["max_abs_err"])))
        if leaf.get("mismatched") is not None:
            facts.append(t("app.diff.mismatched", n=leaf["mismatched"], total=leaf.get("total", "?")))
        if facts:
            parts.append(Text("  ".join(facts), style="yellow"))
        parts.extend(_shape_lines(leaf))
        if "expected" in leaf:
            parts.append(array_table(leaf.get("expected"), leaf.get("actual"), rtol, atol))
        parts.append(Text(""))
    return parts


def _structure(detail: dict) -> RenderableType:
    e_paths = detail.get("expected_paths", [])
    a_paths = detail.get("actual_paths", [])
    table = Table(show_edge=False, header_style="bold")
    table.add_column(t("app.diff.expected") + " · " + t("app.diff.path"))
    table.add_column(t("app.diff.actual") + " · " + t("app.diff.path"))
    a_set, e_set = set(a_paths), set(e_paths)
    for i in range(max(len(e_paths), len(a_paths))):
        e = e_paths[i] if i < len(e_paths) else ""
        a = a_paths[i] if i < len(a_paths) else ""
        table.add_row(Text(e, style="" if e in a_set else BAD), Text(a, style="" if a in e_set else BAD))
    return table


def render_detail(check: CheckOutcome) -> RenderableType:
    """Everything the learner needs to see about one check that did not pass."""
    parts: list[RenderableType] = [Text(("✗ " if check.status.value != "skipped" else "– ") + check.name,
                                        style=BAD if check.status.value != "skipped" else "dim")]
    if check.message:
        parts.append(Text(check.message))
    detail = check.detail or {}
    kind = detail.get("kind")
    if detail:
        parts.append(Text(""))
    if kind in ("allclose", "shape", "dtype", "type"):
        parts += _header(detail) + _shape_lines(detail)
        if "expected" in detail:
            parts.append(array_table(detail.get("expected"), detail.get("actual"),
                                     float(detail.get("rtol") or 0.0), float(detail.get("atol") or 0.0)))
    elif kind == "tree":
        parts += _header(detail) + _tree(detail)
    elif kind == "structure":
        parts += _header(detail)
        parts.append(_structure(detail))
    elif kind == "error":
        if detail.get("line"):
            parts.append(Text(t("app.diff.line", line=detail["line"]), style="bold yellow"))
        if detail.get("traceback"):
            parts.append(Text(t("app.diff.traceback"), style="dim"))
            parts.append(Text(str(detail["traceback"])))
    elif detail:
        parts += _header(detail)
        parts.append(_key_values(detail, {"rtol", "atol", "max_abs_err", "mismatched", "total"}))
    return Group(*parts)


class DiffView(VerticalScroll):
    """Scrollable diff of the selected failing check."""

    def compose(self):
        yield Static(t("app.ex.select_check"), id="diff-body")

    def show(self, check: CheckOutcome | None) -> None:
        body = self.query_one("#diff-body", Static)
        body.update(render_detail(check) if check is not None else t("app.ex.select_check"))
        self.scroll_home(animate=False)

    def show_text(self, renderable: RenderableType) -> None:
        self.query_one("#diff-body", Static).update(renderable)
        self.scroll_home(animate=False)
