"""Parse each stylesheet source once per theme's colours, for every app of the process.

Textual throws away every parsed rule whenever it applies a theme (`set_variables` clears the
parse cache, even for the variables it already has) and whenever a screen's own CSS is first
loaded (`reparse` parses every source again, in a fresh sheet whose cache is then dropped): at
start-up it applies the theme once more before the first frame, and each screen with a CSS_PATH
re-parses everything loaded before it. A parsed rule depends only on its source and the
variables, and `parse` keeps what it parsed in the sheet's cache, so: variables that did not
change are not set again, and a re-parse is a `parse` of the sheet itself, which parses only
what the cache does not hold. Parsing in place is as safe as Textual's fresh sheet: `parse`
replaces the rules only once every source parsed.

Below the sheet's own cache sits one shared by the process, keyed by the variables as well: a
theme changed back (F9 twice) parses nothing again, nor does a second app of the same process
(the tests start hundreds). Textual's own cache already hands the same rule objects to every
parse of a sheet, and nothing it does with them writes to them; sharing them across sheets relies
on that as much. Only rules parsed without an error are shared: a sheet with an error raises, as
it would alone. tests/app/test_stylesheet_reuse.py compares the rules with a full parse after
each change, and those of a second app after the first ran through several screens."""

from __future__ import annotations

from textual.cache import LRUCache
from textual.css.model import RuleSet
from textual.css.stylesheet import Stylesheet

# (variables, css, read_from, is_default_rules, tie_breaker, scope) -> the rules parsed from it;
# about 70 sources (Textual's widgets and the app's own .tcss files) per theme
_shared: LRUCache[tuple, list[RuleSet]] = LRUCache(512)


def forget_parsed_rules() -> None:
    """Empty the process's shared rules: the next parse of each source parses it."""
    _shared.clear()


def reuse_parsed_rules(stylesheet: Stylesheet, variables: dict[str, str]) -> None:
    """From now on, `stylesheet` parses a source again only when the variables change, and
    then only if no sheet of the process parsed it with those variables; they are set to
    `variables` (the theme's CSS variables) now."""
    set_variables = stylesheet.set_variables
    parse_rules = stylesheet._parse_rules
    current = [dict(variables)]
    key = [tuple(sorted(variables.items()))]

    def set_new_variables(new: dict[str, str]) -> None:
        if new != current[0]:
            current[0] = dict(new)
            key[0] = tuple(sorted(new.items()))
            set_variables(new)

    def shared_parse_rules(
        css: str,
        read_from: tuple[str, str],
        is_default_rules: bool = False,
        tie_breaker: int = 0,
        scope: str = "",
    ) -> list[RuleSet]:
        source = (key[0], css, read_from, is_default_rules, tie_breaker, scope)
        rules = _shared.get(source)
        if rules is None:
            rules = parse_rules(css, read_from, is_default_rules, tie_breaker, scope)
            if not any(rule.errors for rule in rules):
                _shared[source] = rules
        return rules

    set_variables(current[0])
    stylesheet.set_variables = set_new_variables  # type: ignore[method-assign, assignment]
    stylesheet.reparse = stylesheet.parse  # type: ignore[method-assign]
    stylesheet._parse_rules = shared_parse_rules  # type: ignore[method-assign]
