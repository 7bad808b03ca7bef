"""A run's status is decided in one place, the judge (tutor/running/judging.py,
docs/architecture.md §2): everywhere else in tutor/ a status is only read and compared. The
worker decides a check's own status (CheckStatus), never the run's. Read from the syntax trees of
tutor/: building a RunResult, naming a Status member for anything but a comparison, or assigning a
result's status, outside the judge and the module that defines the document, is a decision made
elsewhere."""

from __future__ import annotations

import ast

from helpers import ROOT

TUTOR = ROOT / "tutor"
JUDGE = TUTOR / "running" / "judging.py"
DOCUMENT = TUTOR / "protocol" / "result.py"  # defines Status and reads the document back


def _parents(tree: ast.AST) -> dict[ast.AST, ast.AST]:
    return {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}


def _in_comparison(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    while node in parents:
        node = parents[node]
        if isinstance(node, ast.Compare):
            return True
        if isinstance(node, (ast.stmt, ast.Call, ast.Lambda)):
            return False
    return False


def _named(node: ast.AST) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def decisions(source: str) -> list[str]:
    """Where `source` decides a run's status: 'line: what'."""
    tree = ast.parse(source)
    parents = _parents(tree)
    found = []
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Call) and _named(node.func) == "RunResult":
            found.append(f"{line}: builds a RunResult")
        elif isinstance(node, ast.Call) and _named(node.func) == "replace":
            if any(k.arg == "status" for k in node.keywords):
                found.append(f"{line}: replaces a status")
        elif isinstance(node, ast.Name) and node.id == "Status":
            if not _in_comparison(node, parents):
                found.append(f"{line}: names Status outside a comparison")
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                for t in ast.walk(target):
                    owner = getattr(t, "value", None)
                    if (
                        isinstance(t, ast.Attribute)
                        and t.attr == "status"
                        and _named(owner).endswith(("result", "res"))
                    ):
                        found.append(f"{line}: assigns a result's status")
    return found


def test_a_run_status_is_decided_only_by_the_judge():
    elsewhere = {
        str(path.relative_to(ROOT)): found
        for path in sorted(TUTOR.rglob("*.py"))
        if path not in (JUDGE, DOCUMENT) and (found := decisions(path.read_text(encoding="utf-8")))
    }
    assert elsewhere == {}


def test_the_judge_decides_statuses():
    assert len(decisions(JUDGE.read_text(encoding="utf-8"))) >= 9


def test_what_counts_as_a_decision():
    decided = [
        "r = RunResult(exercise='x', status=Status.PASSED)",
        "result.status = Status.FAILED",
        "self.result.status, self.result.error = s, e",
        "outcome = (Status.CRASHED, 'm')",
        "status = Status",
        "r = dataclasses.replace(result, status=s)",
    ]
    read = [
        "ok = result.status == Status.PASSED",
        "bad = res.status not in (Status.FAILED, Status.ERROR)",
        "out = CheckOutcome(id='a', name='a', status=CheckStatus.SKIPPED)",
        "self.opened.status = session.record_edit(x)",
    ]
    assert [bool(decisions(s)) for s in decided] == [True] * len(decided)
    assert [decisions(s) for s in read] == [[]] * len(read)
