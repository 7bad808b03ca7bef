"""The app parses each stylesheet source once per theme in a process
(tutor/app/stylesheet_reuse.py), and the rules it then holds are the ones a full parse gives,
before and after a theme change, and in a second app after the first one's screens used them."""

from __future__ import annotations

from collections import Counter

import textual.css.stylesheet as stylesheet_module
from apphelp import SIZE, wait_until

from tutor.app.stylesheet_reuse import forget_parsed_rules


def _rules_css(sheet) -> list[tuple]:
    """Each rule's selectors, declarations (by repr: a layout compares by identity), precedence."""
    return [
        (rule.selectors, repr(rule.styles.get_rules()), rule.is_default_rules, rule.tie_breaker)
        for rule in sheet.rules
    ]


def _fully_parsed(sheet) -> list[tuple]:
    fresh = sheet.copy()  # the same sources and variables, nothing parsed yet
    fresh.parse()
    return _rules_css(fresh)


def _count_parses(monkeypatch) -> Counter[str]:
    """Every parse of a source from now on, by source, and the scope and order it was added with."""
    parsed: Counter[str] = Counter()
    parse = stylesheet_module.parse

    def counting_parse(scope, css, read_from, *args, **kwargs):
        parsed[f"{read_from} {scope} {kwargs.get('tie_breaker')}"] += 1
        return parse(scope, css, read_from, *args, **kwargs)

    monkeypatch.setattr(stylesheet_module, "parse", counting_parse)
    return parsed


async def test_each_source_is_parsed_once_and_the_rules_match_a_full_parse(make_app, monkeypatch):
    forget_parsed_rules()  # as in a process that starts its first app
    parsed = _count_parses(monkeypatch)
    app = make_app(target=("lesson", "6.1"))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: type(app.screen).__name__ == "LessonScreen")
        app.open_item("exercise", "6.1")  # a screen with a stylesheet of its own
        await wait_until(pilot, lambda: type(app.screen).__name__ == "ExerciseScreen")
        await pilot.press("f3")  # and another
        await wait_until(pilot, lambda: type(app.screen).__name__ == "ProgressScreen")
        assert any("app.tcss" in src for src in parsed)
        assert any("exercise.tcss" in src for src in parsed)
        twice = {src: n for src, n in parsed.items() if n > 1}
        assert not twice, f"parsed more than once with the same theme: {twice}"
        dark_rules = _rules_css(app.stylesheet)  # (the comparison's own parse is counted too)
        assert dark_rules == _fully_parsed(app.stylesheet)

        await pilot.press("f9")  # the light theme: every rule with a colour variable changes
        await wait_until(pilot, lambda: app.theme == "textual-light")
        await pilot.pause()
        light_rules = _rules_css(app.stylesheet)
        assert [n for src, n in parsed.items() if "app.tcss" in src] == [3]  # 1 full parse above
        assert light_rules == _fully_parsed(app.stylesheet)
        assert light_rules != dark_rules


async def test_a_second_app_parses_nothing_the_first_parsed_and_holds_a_full_parse(
    make_app, monkeypatch
):
    """The rules shared by the process went through a whole app (three screens, both themes)
    unchanged: the second app parses none of the sources the first parsed (a widget's default
    CSS is added with the tie-breaker of the first subclass that registers it, which may differ
    between two apps: such a source is another key) and holds what a full parse gives."""
    forget_parsed_rules()
    first_parsed = _count_parses(monkeypatch)
    first = make_app(target=("exercise", "6.1"))
    async with first.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: type(first.screen).__name__ == "ExerciseScreen")
        await pilot.press("f3")
        await wait_until(pilot, lambda: type(first.screen).__name__ == "ProgressScreen")
        await pilot.press("f9")
        await wait_until(pilot, lambda: first.theme == "textual-light")
        await pilot.press("f9")
        await wait_until(pilot, lambda: first.theme == "textual-dark")
        await pilot.pause()
    assert any("app.tcss" in src for src in first_parsed)
    assert any("exercise.tcss" in src for src in first_parsed)
    first_sources = set(first_parsed)  # (the count below is passed through this one's too)
    parsed = _count_parses(monkeypatch)
    second = make_app(target=("exercise", "6.1"))
    async with second.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: type(second.screen).__name__ == "ExerciseScreen")
        await pilot.press("f3")
        await wait_until(pilot, lambda: type(second.screen).__name__ == "ProgressScreen")
        again = set(parsed) & first_sources
        assert not again, f"parsed again in the second app: {sorted(again)}"
        assert _rules_css(second.stylesheet) == _fully_parsed(second.stylesheet)
