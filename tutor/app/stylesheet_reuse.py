"""Parse each stylesheet once while the theme's colours stay the same.

Textual throws away every parsed rule whenever it applies a theme (`set_variables` clears the
parse cache, even for the variables it already has) and whenever a screen's own CSS is first
loaded (`reparse` parses every source again, in a fresh sheet whose cache is then dropped): at
start-up it applies the theme once more before the first frame, and each screen with a CSS_PATH
re-parses everything loaded before it. A parsed rule depends only on its source and the
variables, and `parse` keeps what it parsed in the sheet's cache, so: variables that did not
change are not set again, and a re-parse is a `parse` of the sheet itself, which parses only
what the cache does not hold (every source, after a theme change). Parsing in place is as safe
as Textual's fresh sheet: `parse` replaces the rules only once every source parsed.
tests/app/test_stylesheet_reuse.py compares the rules with a full parse after each change."""

from __future__ import annotations

from textual.css.stylesheet import Stylesheet


def reuse_parsed_rules(stylesheet: Stylesheet, variables: dict[str, str]) -> None:
    """From now on, `stylesheet` parses a source again only when the variables change; they are
    set to `variables` (the theme's CSS variables) now."""
    set_variables = stylesheet.set_variables
    current = [dict(variables)]

    def set_new_variables(new: dict[str, str]) -> None:
        if new != current[0]:
            current[0] = dict(new)
            set_variables(new)

    set_variables(current[0])
    stylesheet.set_variables = set_new_variables  # type: ignore[method-assign, assignment]
    stylesheet.reparse = stylesheet.parse  # type: ignore[method-assign]
