"""Do a lesson block's two language versions print the same numbers? The words differ (labels,
messages), so each output is reduced to the numbers it prints, line by line:

- a number is a decimal literal standing on its own (`3`, `-0.25`, `1e-06`, `nan`, `inf`); digits
  glued to letters belong to a word (`float32`, `x2`, `0x7f3a`, `3.2x`) and count for nothing;
- a duration (a number followed by a time unit: `12.5 ms`, `0.3 s`, or a Chinese
  unit of `block_parity.time_units` in text_rules.zh.toml) is left out: timings
  are printed, never the same twice;
- a source position (`a1.5.en.md:164:16:19`, `context.py:12`) is left out: JAX names where an
  operation was traced, and the two language versions of a page put the same code on other lines;
- within a line the numbers are compared as a multiset (a sentence may put them in another
  order in another language), and lines are compared in order when both outputs have the same
  number of lines with numbers; otherwise the whole outputs' multisets are compared;
- a line whose numbers change between two runs of the same code (a ratio of timings, an
  address) is told by `unstable_lines` and left out of the comparison by its caller."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection

from tutor.authoring.rule_words import rule_words

_TIME_UNIT = (
    "(?:" + "|".join(rule_words(g).text("block_parity.time_units") for g in ("en", "zh")) + ")"
)
_DURATION = re.compile(
    r"(?<![\w.])[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?\s*" + _TIME_UNIT + r"(?![A-Za-z])"
)
_SOURCE_POSITION = re.compile(r"[\w./-]+\.(?:md|py)(?::\d+)+")
_NUMBER = re.compile(
    r"(?<![\w.])[-+]?(?:(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|inf|nan)(?![\w])",
    re.IGNORECASE,
)

Lines = list[tuple[int, tuple[str, ...]]]  # (line number from 1, its numbers sorted)


def numbers(output: str) -> Lines:
    """The numbers of each line of `output` that prints any, durations left out."""
    out = []
    for n, line in enumerate(output.splitlines(), 1):
        found = _NUMBER.findall(_DURATION.sub(" ", _SOURCE_POSITION.sub(" ", line)))
        if found:
            out.append((n, tuple(sorted(_canonical(f) for f in found))))
    return out


def _canonical(token: str) -> str:
    """`+1` and `1`, `NaN` and `nan` alike; otherwise the digits as printed (same code prints
    the same digits)."""
    token = token.lower().lstrip("+")
    return "-0" if token == "-0" else token


def unstable_lines(first: str, second: str) -> set[int]:
    """The indexes (into `numbers(...)`) of the lines whose numbers differ between two outputs of
    the same code; every line when the two do not even print as many lines."""
    a, b = numbers(first), numbers(second)
    if len(a) != len(b):
        return set(range(max(len(a), len(b))))
    return {k for k, (x, y) in enumerate(zip(a, b, strict=True)) if x[1] != y[1]}


def number_difference(reference: str, other: str, skip: Collection[int] = ()) -> str | None:
    """None when `other` prints the numbers `reference` prints (lines in `skip`, indexes into
    `numbers(reference)`, aside), else what differs."""
    a, b = numbers(reference), numbers(other)
    if len(a) == len(b):
        for k, ((la, na), (lb, nb)) in enumerate(zip(a, b, strict=True)):
            if k not in skip and na != nb:
                return (
                    f"line {lb} prints {' '.join(nb) or 'no number'} where the reference's line "
                    f"{la} prints {' '.join(na)}"
                )
        return None
    if skip:
        return f"{len(b)} lines with numbers where the reference has {len(a)}, some unstable"
    ca = Counter(x for _, ns in a for x in ns)
    cb = Counter(x for _, ns in b for x in ns)
    if ca == cb:
        return None
    extra, lacking = sorted((cb - ca).elements()), sorted((ca - cb).elements())
    return f"prints {extra or 'nothing more'} and lacks {lacking or 'nothing'} of the reference's"
