"""Words said in several languages at once, for the course proof only. A wrong fixture is the same
code in every language, so the proof runs it once in its batch worker (tutor/worker/batch.py) and
judges its words in each language. While such a job runs (`saying(langs)`), every sentence the
worker renders — tutor/words/catalog.py's `say` and `t`, a check's `msg` and `lead`
(tutor/worker/said.py) — is all its renderings between marks, each made from the same values at the
same moment; `resolve` keeps one language's rendering of each mark, innermost first (a message can
be a value of another). Text whose marks do not pair (a check cut or escaped a message) does not
resolve: the proof then runs the job once per language, as a learner's run would be.

A learner's run never comes here: outside `saying`, `each` renders the one language asked for."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

OPEN, SEP, CLOSE = "\ue000", "\ue001", "\ue002"  # private-use characters: no text holds them
_INNERMOST = re.compile(f"{OPEN}([^{OPEN}{CLOSE}]*){CLOSE}")
_langs: tuple[str, ...] = ()


@contextmanager
def saying(langs: Sequence[str]) -> Iterator[None]:
    """Within: every sentence in all of `langs` (one language: as usual)."""
    global _langs
    _langs = tuple(langs) if len(langs) > 1 else ()
    try:
        yield
    finally:
        _langs = ()


def each(render: Callable[[str], str], lang: str) -> str:
    """`render(lang)`; within `saying`, the rendering in every language, marked for `resolve`."""
    if not _langs:
        return render(lang)
    return OPEN + SEP.join(render(one) for one in _langs) + CLOSE


class _Unpaired(Exception):
    pass


def resolve(text: str, langs: Sequence[str], lang: str) -> str | None:
    """`text` as it reads in `lang`, from a run said in `langs`; None when its marks do not pair."""
    index, count = list(langs).index(lang), len(langs)

    def pick(mark: re.Match[str]) -> str:
        parts = mark.group(1).split(SEP)
        if len(parts) != count:
            raise _Unpaired
        return parts[index]

    try:
        while True:
            text, found = _INNERMOST.subn(pick, text)
            if not found:
                break
    except _Unpaired:
        return None
    return None if OPEN in text or SEP in text or CLOSE in text else text
