"""The app parses each stylesheet source once while the theme stays (tutor/app/stylesheet_reuse.py),
and the rules it then holds are the ones a full parse gives, before and after a theme change."""

from __future__ import annotations

from collections import Counter

import textual.css.stylesheet as stylesheet_module
from apphelp import SIZE, wait_until


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


async def test_each_source_is_parsed_once_and_the_rules_match_a_full_parse(make_app, monkeypatch):
    parsed: Counter[str] = Counter()  # by source, and the scope and order it was added with
    parse = stylesheet_module.parse

    def counting_parse(scope, css, read_from, *args, **kwargs):
        parsed[f"{read_from} {scope} {kwargs.get('tie_breaker')}"] += 1
        return parse(scope, css, read_from, *args, **kwargs)

    monkeypatch.setattr(stylesheet_module, "parse", counting_parse)
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
