"""A lint over checks/: comparisons go through the typed helpers of the check library, so that a
failure carries a typed detail (the app draws it as a diff) and a diagnosis is matched with the
check's own tolerances (`which_mistake`, tutor/worker/mistakes.py), never with a second, ad-hoc
comparison.

Flagged: raw `np.allclose` / `np.isclose` / `np.array_equal` (use `assert_close`, `compare(...) is
None`, `which_mistake` / `diagnose`), and `fail(..., expected=…, actual=…)` (use `assert_close` /
`assert_equal`, whose details are typed). Files still holding such calls are listed in RAW_CALLS
with their count: a count may only go down, and a file not listed may hold none."""

import ast
from pathlib import Path

from tutor import paths

RAW_COMPARISONS = {"allclose", "isclose", "array_equal"}

# Raw calls left in check modules (file → count). Lower a count when you convert calls; never
# raise one or add a file.
RAW_CALLS = {
    "ex_6_1.py": 1,
    "ex_6_8_fix1.py": 1,
    "ex_7_1.py": 2,
    "ex_7_3.py": 1,
}


def raw_calls(source: str) -> list[tuple[int, str]]:
    """(line, what) of every raw comparison and every fail(expected=…, actual=…) in a module."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        f = node.func
        if (
            isinstance(f, ast.Attribute)
            and f.attr in RAW_COMPARISONS
            and isinstance(f.value, ast.Name)
            and f.value.id in ("np", "numpy", "jnp")
        ):
            found.append((node.lineno, node.col_offset, f"{f.value.id}.{f.attr}"))
        elif isinstance(f, ast.Name) and f.id == "fail":
            keywords = {k.arg for k in node.keywords}
            if {"expected", "actual"} <= keywords:
                found.append((node.lineno, node.col_offset, "fail(expected=…, actual=…)"))
    return [(line, what) for line, _, what in sorted(found)]


def test_the_lint_sees_each_kind_of_raw_call():
    source = (
        "if np.allclose(a, b):\n    pass\n"
        "ok = np.isclose(x, 1.0) | jnp.array_equal(p, q)\n"
        "fail('m', expected=1, actual=2)\n"
        "fail('m', actual=2)\n"
        "assert_close(a, b, rtol=0, atol=0, msg='m')\n"
    )
    assert [w for _, w in raw_calls(source)] == [
        "np.allclose",
        "np.isclose",
        "jnp.array_equal",
        "fail(expected=…, actual=…)",
    ]


def test_check_modules_hold_no_more_raw_comparisons_than_listed():
    over = {}
    for module in sorted(Path(paths.checks_dir()).glob("*.py")):
        calls = raw_calls(module.read_text(encoding="utf-8"))
        if len(calls) > RAW_CALLS.get(module.name, 0):
            over[module.name] = calls
    assert over == {}, (
        "raw comparisons or fail(expected=…, actual=…) beyond the listed count "
        f"(use the typed helpers): {over}"
    )


def test_the_list_names_only_files_that_still_hold_raw_calls():
    stale = {}
    for name, count in RAW_CALLS.items():
        path = Path(paths.checks_dir()) / name
        left = len(raw_calls(path.read_text(encoding="utf-8"))) if path.is_file() else 0
        if left < count:
            stale[name] = (count, left)
    assert stale == {}, f"lower these counts to what is left (listed, left): {stale}"
