"""The mechanical step of converting a check module to the catalogs (checks/messages/README.md):
every Chinese string literal becomes msg("<table>.<key>", field=value, …) (later(…) at a helper
module's top level), each `@checks.add("id", "<name>")` loses its name, `Checks()` becomes
`Checks("<table>")`, and the Chinese table is printed for the chapter's zh catalog. The English
table, the docstrings and the places reported as MANUAL (stderr) are left to the author.

    .venv/bin/python scripts/convert_check_messages.py checks/ex_7_1.py >> /tmp/ex_7_1.zh.toml

Keys are named after the check or function that says them and the call they feed
(`trace_once.what`, `unpack.as_tuple_2`); fields after the expression they hold."""

from __future__ import annotations

import ast
import json
import re
import sys
from pathlib import Path

CJK = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]")


class Module:
    def __init__(self, path: Path) -> None:
        self.path, self.table = path, path.stem
        self.src = path.read_text(encoding="utf-8")
        self.tree = ast.parse(self.src)
        self.lines = self.src.splitlines(keepends=True)
        self.starts = [0]
        for line in self.lines:
            self.starts.append(self.starts[-1] + len(line))
        self.parents = {c: n for n in ast.walk(self.tree) for c in ast.iter_child_nodes(n)}
        self.manual: list[tuple[int, str]] = []

    def pos(self, lineno: int, col: int) -> int:
        """A character offset from ast's line and UTF-8 byte column."""
        line = self.lines[lineno - 1]
        return self.starts[lineno - 1] + len(line.encode("utf-8")[:col].decode("utf-8"))

    def ancestors(self, node: ast.AST):
        while node in self.parents:
            node = self.parents[node]
            yield node


def has_cjk(node: ast.AST) -> bool:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return bool(CJK.search(node.value))
    if isinstance(node, ast.JoinedStr):
        return any(has_cjk(v) for v in node.values if isinstance(v, ast.Constant))
    return False


def callee(call: ast.Call) -> str:
    f = call.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else "call"


def check_id(fn: ast.AST) -> str | None:
    for dec in getattr(fn, "decorator_list", []):
        if isinstance(dec, ast.Call) and callee(dec) == "add" and dec.args:
            first = dec.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                return first.value
    return None


def scope_of(m: Module, node: ast.AST) -> tuple[str, bool]:
    """(the check id or function name the literal belongs to, whether it runs at call time)."""
    in_lambda = False
    for n in m.ancestors(node):
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)):
            name = check_id(n) or n.name.lstrip("_") or "fn"
            return ("check_fn" if name == "check" else name), True  # check.<id>: the names
        in_lambda = in_lambda or isinstance(n, ast.Lambda)
    return "module", in_lambda


def role_of(m: Module, node: ast.AST) -> str:
    p = m.parents.get(node)
    if isinstance(p, ast.keyword):
        return p.arg or "kw"
    if isinstance(p, ast.Call):
        first = p.args[0] if p.args else None
        if callee(p) in ("Known", "Mistake") and isinstance(first, ast.Constant):
            return "mistake_" + re.sub(r"\W+", "_", str(first.value))
        return callee(p).lstrip("_")
    if isinstance(p, ast.Dict):
        for k, v in zip(p.keys, p.values, strict=True):
            if v is node and isinstance(k, ast.Constant) and isinstance(k.value, str):
                return re.sub(r"\W+", "_", k.value).strip("_").lower()[:20] or "entry"
        return "entry"
    if isinstance(p, ast.Assign) and isinstance(p.targets[0], ast.Name):
        return p.targets[0].id.lower().lstrip("_") or "text"
    return "text"


def field_base(expr: ast.AST) -> str:
    if isinstance(expr, ast.Name):
        base = expr.id
    elif isinstance(expr, ast.Attribute):
        base = expr.attr
    elif isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name):
        arg = expr.args[0] if expr.args else None
        base = expr.func.id + "_" + (arg.id if isinstance(arg, ast.Name) else "v")
    elif isinstance(expr, (ast.Subscript, ast.BinOp)):
        inner = expr.value if isinstance(expr, ast.Subscript) else expr.left
        base = inner.id if isinstance(inner, ast.Name) else "v"
    else:
        base = "v"
    base = re.sub(r"\W+", "_", base).strip("_").lower()
    return "v" if base in ("", "self", "l") else base


def template(m: Module, node: ast.JoinedStr) -> tuple[str, list[tuple[str, str]]]:
    """The f-string as a str.format template and its (field, expression source) pairs."""
    text, values, seen = "", [], {}
    for part in node.values:
        if isinstance(part, ast.Constant):
            text += str(part.value).replace("{", "{{").replace("}", "}}")
            continue
        assert isinstance(part, ast.FormattedValue)
        source = ast.get_source_segment(m.src, part.value) or "?"
        if source not in seen:
            name, k = field_base(part.value), 2
            while name in {n for n, _ in values}:
                name, k = f"{field_base(part.value)}_{k}", k + 1
            seen[source] = name
            values.append((name, source))
        conversion = {-1: "", 115: "!s", 114: "!r", 97: "!a"}[part.conversion]
        spec = ""
        if part.format_spec is not None:
            parts = part.format_spec.values  # type: ignore[attr-defined]
            if all(isinstance(v, ast.Constant) for v in parts):
                spec = ":" + "".join(str(v.value) for v in parts)
            else:
                m.manual.append((node.lineno, "a format spec with fields"))
        text += "{" + seen[source] + conversion + spec + "}"
    return text, values


def convert(path: Path) -> list[tuple[str, str]]:
    """Rewrites the module at `path`; returns the (key, Chinese text) entries of its table."""
    m = Module(path)
    docs = {
        n.body[0].value
        for n in ast.walk(m.tree)
        if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and n.body
        and isinstance(n.body[0], ast.Expr)
        and isinstance(n.body[0].value, ast.Constant)
    }
    found = [
        n
        for n in ast.walk(m.tree)
        if n not in docs
        and has_cjk(n)
        and not (isinstance(n, ast.Constant) and isinstance(m.parents.get(n), ast.JoinedStr))
    ]
    outer = set(found)
    for n in [n for n in found if any(a in outer for a in m.ancestors(n))]:
        m.manual.append((n.lineno, f"a Chinese literal inside an f-string field: {n.value!r}"))
    found = [n for n in found if not any(a in outer for a in m.ancestors(n))]
    entries, keys, edits = [], set(), []
    for node in found:
        p = m.parents.get(node)
        if isinstance(p, ast.arguments):
            m.manual.append((node.lineno, "a default argument (evaluated once, at import)"))
            continue
        if (
            isinstance(p, ast.Call)
            and callee(p) == "add"
            and len(p.args) >= 2
            and p.args[1] is node
            and isinstance(node, ast.Constant)
            and isinstance(p.args[0], ast.Constant)
        ):  # a check's name
            name = str(node.value).replace("{", "{{").replace("}", "}}")
            entries.append((f"check.{p.args[0].value}", name))
            start = m.pos(p.args[0].end_lineno or 0, p.args[0].end_col_offset or 0)
            edits.append((start, m.pos(node.end_lineno or 0, node.end_col_offset or 0), ""))
            continue
        scope, at_call_time = scope_of(m, node)
        base = f"{scope}.{role_of(m, node)}"
        key, k = base, 2
        while key in keys:
            key, k = f"{base}_{k}", k + 1
        keys.add(key)
        if isinstance(node, ast.JoinedStr):
            text, values = template(m, node)
        else:
            text, values = str(node.value).replace("{", "{{").replace("}", "}}"), []
        say = "later" if m.table.startswith("_") and not at_call_time else "msg"
        args = "".join(f", {name}={source}" for name, source in values)
        call = f'{say}("{m.table}.{key}"{args})'
        start = m.pos(node.lineno, node.col_offset)
        edits.append((start, m.pos(node.end_lineno or 0, node.end_col_offset or 0), call))
        entries.append((key, text))
    out = m.src
    for start, end, text in sorted(edits, reverse=True):
        out = out[:start] + text + out[end:]
    out = out.replace("checks = Checks()", f'checks = Checks("{m.table}")')
    out = _import(out, {"msg"} | ({"later"} if "later(" in out else set()), m)
    path.write_text(out, encoding="utf-8")
    for line, why in m.manual:
        print(f"MANUAL {path}:{line}: {why}", file=sys.stderr)
    return entries


def _import(out: str, need: set[str], m: Module) -> str:
    """`need` added to the module's `from tutor.worker.checklib import …`."""
    block = re.search(r"from tutor\.worker\.checklib import \((.*?)\)", out, re.S)
    line = re.search(r"from tutor\.worker\.checklib import (.*)\n", out)
    if block is None and line is None:
        m.manual.append((0, "no `from tutor.worker.checklib import`: add msg by hand"))
        return out
    found = block or line
    assert found is not None
    names = {n.strip() for n in found.group(1).split(",") if n.strip()} | need
    ordered = sorted(names, key=lambda s: (s[0].islower(), s))
    if block:
        new = (
            "from tutor.worker.checklib import (\n" + "".join(f"    {n},\n" for n in ordered) + ")"
        )
    else:
        new = "from tutor.worker.checklib import " + ", ".join(ordered) + "\n"
    return out[: found.start()] + new + out[found.end() :]


def main(argv: list[str]) -> None:
    for arg in argv:
        path = Path(arg)
        print(f"[{path.stem}]")
        for key, text in convert(path):
            print(f"{key} = {json.dumps(text, ensure_ascii=False)}")
        print()


if __name__ == "__main__":
    main(sys.argv[1:])
