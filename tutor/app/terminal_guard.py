"""The last guard between the app and the terminal: every cell of text Textual writes goes
through Strip.render, and there a control character left in a segment's text (an escape
sequence in a draft, an exception message, a check's detail) is dropped, so that nothing a
learner wrote can retitle the terminal, set the clipboard or blank the screen. Renderers of
learner text sanitise it first (terminal_text.sanitize shows it as visible \\xNN); this catches what
any widget, present or future, would otherwise pass through raw. Installed once per process."""

from __future__ import annotations

from textual.strip import Strip

from tutor.terminal_text import has_control, strip_controls

_installed = False


def install() -> None:
    global _installed
    if _installed:
        return
    render = Strip.render

    def guarded_render(self: Strip, console) -> str:
        if self._render_cache is None:
            segments = self._segments
            if has_control("".join([seg.text for seg in segments])):
                clean = [seg._replace(text=strip_controls(seg.text)) for seg in segments]
                self._render_cache = render(Strip(clean, self.cell_length), console)
        return render(self, console)

    Strip.render = guarded_render  # type: ignore[method-assign]  # a patch of Textual, on purpose
    _installed = True
