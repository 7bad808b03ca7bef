"""Mutation testing of the checks: small, deterministic changes to a reference solution (an
operator, a comparison, a constant, two arguments swapped, a statement dropped …), each run
through the real runner. A mutant the checks reject is killed; one they accept survived, and is
either a gap in the checks or listed in the exercise's `[[equivalent_mutants]]` with the reason
it behaves the same for every input the statement allows.

    jaxtutor dev mutants 6.3 7.5 [--limit N]      (also: python -m tutor.authoring.mutants …)

A mutant's id (`binop@12:8`, `const+1@30:17` …) names the operator, the line and the column in
the solution file, so it stays stable while the solution does not change."""

from __future__ import annotations

import ast
import copy
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

_BINOP_SWAPS = {
    ast.Add: ast.Sub,
    ast.Sub: ast.Add,
    ast.Mult: ast.Div,
    ast.Div: ast.Mult,
    ast.Pow: ast.Mult,
    ast.FloorDiv: ast.Div,
    ast.Mod: ast.FloorDiv,
    ast.MatMult: ast.Mult,
}
_CMP_SWAPS = {
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
}
_SYMBOL = {
    ast.Add: "+",
    ast.Sub: "-",
    ast.Mult: "*",
    ast.Div: "/",
    ast.Pow: "**",
    ast.FloorDiv: "//",
    ast.Mod: "%",
    ast.MatMult: "@",
    ast.Lt: "<",
    ast.LtE: "<=",
    ast.Gt: ">",
    ast.GtE: ">=",
    ast.Eq: "==",
    ast.NotEq: "!=",
    ast.Is: "is",
    ast.IsNot: "is not",
    ast.In: "in",
    ast.NotIn: "not in",
    ast.And: "and",
    ast.Or: "or",
    ast.USub: "-",
    ast.Not: "not",
}


@dataclass(frozen=True)
class Mutant:
    id: str
    line: int
    description: str
    source: str


def _docstrings(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if (
            isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
            and node.body
        ):
            first = node.body[0]
            if (
                isinstance(first, ast.Expr)
                and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)
            ):
                ids.add(id(first.value))
    return ids


def _in_function(tree: ast.AST) -> set[int]:
    """Statements directly in a function body (the ones a mutant may drop)."""
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and len(node.body) > 1:
            for stmt in node.body:
                if isinstance(stmt, (ast.Assign, ast.AugAssign, ast.AnnAssign)) or (
                    isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call)
                ):
                    ids.add(id(stmt))
    return ids


def _edits(
    node: ast.AST, docstrings: set[int], droppable: set[int]
) -> Iterator[tuple[str, str, Callable]]:
    """(kind, description, apply) for every mutation of this node; `apply` edits the node in a
    copy of the tree and returns a replacement node or None (edited in place)."""
    if isinstance(node, ast.BinOp) and type(node.op) in _BINOP_SWAPS:
        new = _BINOP_SWAPS[type(node.op)]
        yield (
            "binop",
            f"{_SYMBOL[type(node.op)]} → {_SYMBOL[new]}",
            lambda n: setattr(n, "op", new()),
        )
    elif isinstance(node, ast.AugAssign) and type(node.op) in _BINOP_SWAPS:
        new = _BINOP_SWAPS[type(node.op)]
        yield (
            "augop",
            f"{_SYMBOL[type(node.op)]}= → {_SYMBOL[new]}=",
            lambda n: setattr(n, "op", new()),
        )
    elif isinstance(node, ast.Compare):
        for k, op in enumerate(node.ops):
            if type(op) in _CMP_SWAPS:
                new_cmp = _CMP_SWAPS[type(op)]
                yield (
                    f"cmp{k}" if k else "cmp",
                    f"{_SYMBOL[type(op)]} → {_SYMBOL[new_cmp]}",
                    lambda n, k=k, new_cmp=new_cmp: n.ops.__setitem__(k, new_cmp()),
                )
    elif isinstance(node, ast.BoolOp):
        new_bool = ast.Or if isinstance(node.op, ast.And) else ast.And
        yield (
            "boolop",
            f"{_SYMBOL[type(node.op)]} → {_SYMBOL[new_bool]}",
            lambda n: setattr(n, "op", new_bool()),
        )
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.Not)):
        yield "unary", f"drop {_SYMBOL[type(node.op)]}", lambda n: n.operand
    elif isinstance(node, ast.Constant) and id(node) not in docstrings:
        v = node.value
        if isinstance(v, bool):
            yield "bool", f"{v} → {not v}", lambda n: setattr(n, "value", not n.value)
        elif isinstance(v, int):
            yield "const+1", f"{v} → {v + 1}", lambda n: setattr(n, "value", n.value + 1)
            if v != 0:
                yield "const0", f"{v} → 0", lambda n: setattr(n, "value", 0)
        elif isinstance(v, float):
            yield "const*2", f"{v!r} → {v * 2!r}", lambda n: setattr(n, "value", n.value * 2)
            if v != 0.0:
                yield "const0", f"{v!r} → 0.0", lambda n: setattr(n, "value", 0.0)
    elif (
        isinstance(node, ast.Call)
        and len(node.args) >= 2
        and not any(isinstance(a, ast.Starred) for a in node.args[:2])
    ):
        yield (
            "swapargs",
            "swap the first two arguments",
            lambda n: n.args.__setitem__(slice(0, 2), n.args[1::-1]),
        )
    elif isinstance(node, ast.Tuple) and len(node.elts) == 2 and isinstance(node.ctx, ast.Load):
        yield "swaptuple", "swap the pair", lambda n: setattr(n, "elts", n.elts[::-1])
    if id(node) in droppable:
        yield "drop", "statement removed", lambda n: ast.Pass()


def _demo_nodes(tree: ast.AST) -> set[int]:
    """Nodes under `if __name__ == "__main__":` — a demo the checks never see."""
    ids = set()
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.If)
            and isinstance(node.test, ast.Compare)
            and isinstance(node.test.left, ast.Name)
            and node.test.left.id == "__name__"
        ):
            ids |= {id(n) for n in ast.walk(node)}
    return ids


def _positions(tree: ast.AST) -> list[ast.stmt | ast.expr]:
    """The statements and expressions a mutant may change (other nodes have no edits)."""
    demo = _demo_nodes(tree)
    return [n for n in ast.walk(tree) if isinstance(n, (ast.stmt, ast.expr)) and id(n) not in demo]


def _replace_child(tree: ast.AST, old: ast.AST, new: ast.AST) -> None:
    for parent in ast.walk(tree):
        for name, value in ast.iter_fields(parent):
            if value is old:
                setattr(parent, name, new)
                return
            if isinstance(value, list):
                for i, item in enumerate(value):
                    if item is old:
                        value[i] = new
                        return


def mutants(source: str) -> list[Mutant]:
    """Every mutant of a source file, in source order; ids are unique."""
    tree = ast.parse(source)
    docstrings, droppable = _docstrings(tree), _in_function(tree)
    out: list[Mutant] = []
    seen: set[str] = set()
    for index, node in enumerate(_positions(tree)):
        for kind, description, _ in _edits(node, docstrings, droppable):
            mid = f"{kind}@{node.lineno}:{node.col_offset}"
            if mid in seen:
                continue
            work = copy.deepcopy(tree)
            target = _positions(work)[index]
            w_doc, w_drop = _docstrings(work), _in_function(work)
            apply = next(a for k, _, a in _edits(target, w_doc, w_drop) if k == kind)
            replacement = apply(target)
            if replacement is not None:
                _replace_child(work, target, replacement)
            try:
                text = ast.unparse(ast.fix_missing_locations(work))
            except Exception:
                continue
            seen.add(mid)
            out.append(
                Mutant(id=mid, line=node.lineno, description=description, source=text + "\n")
            )
    return out


@dataclass
class Report:
    exercise: str
    killed: list[str] = field(default_factory=list)
    survived: list[Mutant] = field(default_factory=list)
    equivalent: list[str] = field(default_factory=list)
    stale: list[str] = field(default_factory=list)  # listed as equivalent, but no such mutant

    @property
    def total(self) -> int:
        return len(self.killed) + len(self.survived) + len(self.equivalent)

    @property
    def score(self) -> float:
        live = len(self.killed) + len(self.survived)
        return 1.0 if live == 0 else len(self.killed) / live


def run_exercise(
    course,
    ex,
    runner,
    *,
    limit: int | None = None,
    workdir=None,
    progress: Callable[[str], None] | None = None,
) -> Report:
    """Runs every mutant of `ex`'s solution (or every k-th one, so that at most `limit` run)."""
    import tempfile
    from pathlib import Path

    from tutor.protocol.result import Status
    from tutor.running.runner import exercise_job

    all_mutants = mutants(ex.solution)
    picked = all_mutants
    if limit and len(all_mutants) > limit:
        step = len(all_mutants) / limit
        picked = [all_mutants[int(i * step)] for i in range(limit)]
    report = Report(exercise=ex.id)
    ids = {m.id for m in all_mutants}
    report.stale = sorted(set(ex.equivalent_mutants) - ids)
    ctx = course.chapter_of(ex.id).context_path
    runner.warm(ctx)
    with tempfile.TemporaryDirectory(dir=workdir) as tmp:
        path = Path(tmp) / "mutant.py"
        for n, m in enumerate(picked, 1):
            if m.id in ex.equivalent_mutants:
                report.equivalent.append(m.id)
                continue
            path.write_text(m.source, encoding="utf-8")
            res = runner.run_sync(exercise_job(ex, path, ctx))
            if res.status == Status.PASSED:
                report.survived.append(m)
            else:
                report.killed.append(m.id)
            if progress:
                fate = "SURVIVED" if res.status == Status.PASSED else "killed"
                progress(f"{ex.id} {n}/{len(picked)} {m.id} {fate}")
    return report


def format_reports(reports: list[Report]) -> str:
    lines = [
        f"{'exercise':<9} {'mutants':>7} {'killed':>7} {'survived':>8} {'equiv.':>7} {'score':>7}"
    ]
    for r in reports:
        lines.append(
            f"{r.exercise:<9} {r.total:>7} {len(r.killed):>7} {len(r.survived):>8} "
            f"{len(r.equivalent):>7} {r.score:>7.1%}"
        )
    for r in reports:
        for m in r.survived:
            lines.append(f"  survived {r.exercise} {m.id}: line {m.line}: {m.description}")
        for mid in r.stale:
            lines.append(
                f"  {r.exercise}: equivalent_mutants lists {mid}, which is no longer a mutant"
            )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    import argparse
    import sys

    from tutor.course.loader import load_course
    from tutor.running.runner import Runner

    parser = argparse.ArgumentParser(
        prog="jaxtutor dev mutants", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("ids", nargs="*", help="exercise ids (default: all)")
    parser.add_argument("--limit", type=int, default=None, help="at most N mutants per exercise")
    args = parser.parse_args(argv)
    course = load_course()
    ids = args.ids or list(course.exercises)
    runner = Runner()
    reports = []
    try:
        for ex_id in ids:
            reports.append(
                run_exercise(
                    course,
                    course.exercise(ex_id),
                    runner,
                    limit=args.limit,
                    progress=lambda s: print(s, file=sys.stderr, flush=True),
                )
            )
    finally:
        runner.close()
    print(format_reports(reports))
    return 0 if all(r.score >= 0.95 and not r.stale for r in reports) else 1


if __name__ == "__main__":
    raise SystemExit(main())
