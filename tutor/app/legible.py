"""Colours that stay legible in both app themes: every text colour the app draws reaches the WCAG
contrast ratio of 4.5:1 against the backgrounds it is drawn on (tests/app/test_contrast.py).

Two kinds of colour reach the screen, and both are derived here from the app theme itself:
- the theme's text variables ($text-error, $text-success, $text-warning, $text-primary, … and the
  Markdown heading colours), used by the styles and by Textual's code highlighting;
- the terminal colour names of Rich styles ("bold red", from the one status table in
  tutor/application/progress.py), which Textual maps through an ANSI palette of the current theme.
Each colour keeps its hue and is moved towards white (dark theme) or black (light theme) just far
enough to be legible on every background of its theme, even at the 80 % opacity some highlight
styles use. Likewise the foreground, so that text styled "dim" stays legible, and the selection
bar of lists and tables. The app registers the adjusted themes under their usual names."""

from __future__ import annotations

from dataclasses import replace

from rich.terminal_theme import TerminalTheme
from textual.color import Color

_TARGET = 4.6  # WCAG asks 4.5; a little more: colours are rounded to whole RGB steps
_WEAKEST_ALPHA = 0.8  # Textual's code highlighting draws some tokens at 80 % ("$text-success 80%")

# theme variables holding text colours, adjusted in place
_TEXT_VARIABLES = (
    "text-error",
    "text-success",
    "text-warning",
    "text-primary",
    "text-secondary",
    "text-accent",
    "markdown-h1-color",
    "markdown-h2-color",
    "markdown-h3-color",
    "markdown-h6-color",
    "footer-key-foreground",
)
ANSI_COLOURS = 16  # a terminal theme's palette: 8 colours and their 8 bright ones
# ANSI colour index -> the theme variable it takes its hue from (None: the base palette's own hue)
_ANSI_SOURCES = {
    1: "text-error",
    2: "text-success",
    3: "text-warning",
    4: "text-primary",
    5: None,
    6: None,
    8: None,
    9: "text-error",
    10: "text-success",
    11: "text-warning",
    12: "text-primary",
    13: None,
    14: None,
}


def _linear(c: int) -> float:
    s = c / 255
    return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4


_LINEAR = [_linear(c) for c in range(256)]
_RGB = tuple[int, int, int]


def _lum(rgb: _RGB) -> float:
    r, g, b = rgb
    return 0.2126 * _LINEAR[r] + 0.7152 * _LINEAR[g] + 0.0722 * _LINEAR[b]


def luminance(color: Color) -> float:
    """WCAG relative luminance of an opaque colour."""
    return _lum(color.rgb)


def _ratio(a: _RGB, b: _RGB) -> float:
    la, lb = _lum(a), _lum(b)
    return (la + 0.05) / (lb + 0.05) if la > lb else (lb + 0.05) / (la + 0.05)


def _blend(a: _RGB, b: _RGB, t: float) -> _RGB:
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def _moved_until(color: Color, towards: _RGB, good) -> Color:
    """The least blend of `color` towards `towards` (in 1/128 steps, found by bisection: moving
    away from every background only raises the contrast) for which `good(rgb)` holds."""
    start = color.rgb
    if good(start):
        return Color(*start)
    low, high = 0, 128
    while high - low > 1:
        middle = (low + high) // 2
        if good(_blend(start, towards, middle / 128)):
            high = middle
        else:
            low = middle
    return Color(*_blend(start, towards, high / 128))


def _towards(backgrounds: list[Color]) -> _RGB:
    """White for dark backgrounds, black for light ones."""
    dark = sum(luminance(b) for b in backgrounds) / len(backgrounds) < 0.18
    return (255, 255, 255) if dark else (0, 0, 0)


def _legible_over(rgb: _RGB, backgrounds: list[Color], alpha: float, target: float) -> bool:
    """Does `rgb`, drawn at `alpha` over each background, reach `target`?"""
    for bg in backgrounds:
        under = bg.rgb
        if _ratio(_blend(under, rgb, alpha), under) < target:
            return False
    return True


def legible(color: Color, backgrounds: list[Color], target: float = _TARGET) -> Color:
    """`color` (made opaque), moved towards white on dark backgrounds (black on light ones) only
    as far as it takes to reach `target` against every background, also when drawn at 80 %."""
    return _moved_until(
        color,
        _towards(backgrounds),
        lambda rgb: _legible_over(rgb, backgrounds, _WEAKEST_ALPHA, target),
    )


def theme_backgrounds(variables: dict[str, str], dark: bool) -> list[Color]:
    """The backgrounds text is drawn on in an app theme (translucent ones over the surface or the
    screen background, code fences as Textual's Markdown shades them). The selection bar of an
    unfocused list is one of them: cursor_colours() makes it the surface-active colour."""
    surface, screen = Color.parse(variables["surface"]), Color.parse(variables["background"])
    out = [screen, surface]
    for name in ("panel", "footer-background", "surface-active", "boost"):
        value = variables.get(name)
        if value:
            colour = Color.parse(value)
            out += [surface + colour, screen + colour]
    out.append(
        screen + (Color(0, 0, 0, 0.1) if dark else Color(255, 255, 255, 0.3))
    )  # a code fence
    out.append(
        surface + Color.parse(variables["foreground"]).with_alpha(0.05)
    )  # a focused list's tint
    return list({c.rgb: c.with_alpha(1.0) for c in out}.values())


def legible_variables(variables: dict[str, str], dark: bool) -> dict[str, str]:
    """The theme's text variables replaced by legible ones (hex strings)."""
    backgrounds = theme_backgrounds(variables, dark)
    out = {}
    for name in _TEXT_VARIABLES:
        value = variables.get(name)
        if value and not value.startswith(("auto", "ansi")):
            out[name] = legible(Color.parse(value), backgrounds).hex
    return out


def dim_proof_foreground(variables: dict[str, str], dark: bool) -> Color:
    """The theme's foreground, moved away from the backgrounds until text styled "dim" (which
    Textual blends 66 % of the way from the background to the foreground) stays legible."""
    from textual.constants import DIM_FACTOR

    backgrounds = theme_backgrounds(variables, dark)
    return _moved_until(
        Color.parse(variables["foreground"]),
        _towards(backgrounds),
        lambda rgb: _legible_over(rgb, backgrounds, DIM_FACTOR, _TARGET),
    )


def cursor_colours(variables: dict[str, str]) -> dict[str, str]:
    """The selection bar of lists and tables. Focused: white or black text (whichever contrasts
    more) on the theme's bar, moved away from the text if needed. Unfocused: the surface-active
    colour, a background every text colour is made legible on (the theme's translucent blue bar
    would call for text colours so dark that red and green could no longer be told apart)."""
    bar = Color.parse(variables["block-cursor-background"])
    text = max(((255, 255, 255), (0, 0, 0)), key=lambda c: _ratio(c, bar.rgb))
    away = (0, 0, 0) if text[0] else (255, 255, 255)
    moved = _moved_until(bar, away, lambda rgb: _ratio(text, rgb) >= _TARGET)
    return {
        "block-cursor-background": moved.hex,
        "block-cursor-foreground": Color(*text).hex,
        "block-cursor-blurred-background": variables["surface-active"],
    }


def ansi_palette(variables: dict[str, str], dark: bool, base: TerminalTheme) -> TerminalTheme:
    """`base` with its colours replaced by legible ones taken from the (legible) theme variables."""
    backgrounds = theme_backgrounds(variables, dark)
    colours = [Color(*base.ansi_colors[n]) for n in range(ANSI_COLOURS)]
    for index, source in _ANSI_SOURCES.items():
        start = Color.parse(variables[source]) if source else colours[index]
        colours[index] = _moved_until(
            start,
            _towards(backgrounds),  # drawn opaque: no 80 % margin
            lambda rgb: _legible_over(rgb, backgrounds, 1.0, _TARGET),
        )
    rgb = [c.rgb for c in colours]
    return TerminalTheme(base.background_color, base.foreground_color, rgb[:8], rgb[8:])


def install(app, theme_names: tuple[str, ...]) -> None:
    """Re-register the app's themes with legible text variables and give the app legible ANSI
    palettes for its dark and its light theme (before the app runs)."""
    from textual._ansi_theme import ALABASTER, MONOKAI

    for name in theme_names:
        theme = app.get_theme(name)
        if theme is None:
            continue
        variables = theme.to_color_system().generate()
        theme = replace(theme, foreground=dim_proof_foreground(variables, theme.dark).hex)
        variables = theme.to_color_system().generate()
        text_colours = legible_variables(variables, theme.dark)
        text_colours.update(cursor_colours(variables))
        app.register_theme(replace(theme, variables={**theme.variables, **text_colours}))
        palette = ansi_palette(
            {**variables, **text_colours}, theme.dark, MONOKAI if theme.dark else ALABASTER
        )
        if theme.dark:
            app.ansi_theme_dark = palette
        else:
            app.ansi_theme_light = palette
