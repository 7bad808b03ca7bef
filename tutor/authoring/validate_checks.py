"""The validator's rules for an exercise's checks: the check module registers checks, the
wrong-solution fixtures name checks that exist, and the rules the statement states are data
(`[[rules]]` in exercise.toml) tied to the checks that enforce them, so that a stated rule without
a check, a check of no stated rule and a rule naming a check that does not exist are refused.
Once a check module speaks through the catalogs (no Chinese literal left), its fixtures give
English words too."""

from __future__ import annotations

from tutor.authoring.cjk_literals import cjk_literals
from tutor.authoring.validate_files import Problem, _defined_names, _parse
from tutor.course.expectations import (
    LOAD,
    NEEDS_CHECK,
    ExpectationError,
    parse_expectation,
    parse_header,
)


def check_checks_and_fixtures(ex, problems: list[Problem]) -> None:
    tree = _parse(ex.check_path, "check", problems)
    if tree is None:
        return
    if "checks" not in _defined_names(tree):
        problems.append(
            Problem(str(ex.check_path), "checks", "a check module defines `checks = Checks()`")
        )
    ids = ex.check_ids
    if not ids:
        problems.append(
            Problem(str(ex.check_path), "checks", 'registers no check (@checks.add("id", …))')
        )
    if len(set(ids)) != len(ids):
        problems.append(Problem(str(ex.check_path), "checks", "duplicate check ids"))
    wrong = ex.wrong_solutions()
    if len(wrong) < 3:
        problems.append(
            Problem(
                str(ex.folder / "wrong"),
                "fixtures",
                f"at least three wrong solutions (has {len(wrong)})",
            )
        )
    english = not cjk_literals(ex.check_path.read_text(encoding="utf-8"))
    if ex.is_repair:
        exp = parse_header("# expect: " + ex.starter_expect)
        if exp.check not in ids:
            problems.append(
                Problem(
                    str(ex.folder / "exercise.toml"),
                    "starter_expect",
                    f"no check {exp.check!r} in {ex.check_path.name}",
                )
            )
        if english and exp.status in NEEDS_CHECK and not ex.starter_expect_en:
            problems.append(
                Problem(
                    str(ex.folder / "exercise.en.toml"),
                    "starter_expect",
                    f"{ex.check_path.name} speaks through the catalogs: the overlay gives the "
                    f"English expectation, starter_expect = '{exp.status} {exp.check} \"<words>\"'",
                )
            )
    for w in wrong:
        try:
            exp = parse_expectation(w)
        except ExpectationError as e:
            problems.append(Problem(str(w), "expect", str(e).split(": ", 1)[-1]))
        else:
            if exp.check and exp.check not in ids and exp.check != LOAD:
                problems.append(
                    Problem(str(w), "expect", f"no check {exp.check!r} in {ex.check_path.name}")
                )
            for later in exp.silent:
                if later not in ids:
                    problems.append(
                        Problem(
                            str(w), "expect.silent", f"no check {later!r} in {ex.check_path.name}"
                        )
                    )
            if english and exp.status in NEEDS_CHECK and exp.en is None:
                problems.append(
                    Problem(
                        str(w),
                        "expect.en",
                        f"{ex.check_path.name} speaks through the catalogs: the second line "
                        'gives the English words, # expect.en: "<words>"',
                    )
                )
        _parse(w, "fixture", problems)


def check_rules(ex, problems: list[Problem]) -> None:
    """Every stated rule names at least one existing check; every check enforces a stated rule."""
    where = str(ex.folder / "exercise.toml")
    if not ex.check_path.is_file():
        return
    ids = ex.check_ids
    covered: set[str] = set()
    for n, rule in enumerate(ex.rules):
        if not rule.checks:
            problems.append(
                Problem(where, f"rules[{n}]", f"the rule {rule.text[:40]!r} names no check")
            )
        for check in rule.checks:
            if check not in ids:
                problems.append(
                    Problem(
                        where,
                        f"rules[{n}].checks",
                        f"no check {check!r} in {ex.check_path.name}",
                    )
                )
            covered.add(check)
    for check in ids:
        if check not in covered:
            problems.append(
                Problem(
                    where,
                    "rules",
                    f"check {check!r} enforces no rule of the statement: add it to the "
                    "[[rules]] entry whose rule it checks, or state its rule",
                )
            )
