"""The header of a wrong-solution fixture: how the fixture must fail, on which check, and which
words that check's message must contain, e.g. (the words in Chinese, see the comment below)

    # expect: failed dynamic_lr "<words>"

The words make a fixture test the diagnosis too: a message that names the wrong mistake fails
`jaxtutor dev check`. Words after a bare `not` must be absent from the message: a negative
fixture, a different mistake that fails the same check, proves the check does not name a mistake
the answer did not make:

    # expect: failed pure "<words>" not "<other words>"
 Statuses without a check (not_attempted, timeout, …) take no words. A file
that fails while it loads, before any check runs, says `# expect: error load "<words>"`: the words
must occur in the error's type, message or the hint said under it (the cause a check module
computed, `Checks.explains`).

Fixtures are shared by both languages. The words above are Chinese; the English words go on the
second line, same status and check, only the words (required once the exercise's check module
speaks through the catalogs, checks/messages/):

    # expect.en: "changed module-level variables: hidden_total" not "old count"

A later check that must stay silent about the cause the failing check names (it is skipped,
covered by that check, with its reason) is named on a `# expect.silent:` line among those
header lines: the proof judges it on the fixture's own run.

    # expect.silent: schedule

A repair exercise's broken starter is held to the same kind of expectation: `starter_expect` in
exercise.toml (Chinese words), and in its English overlay exercise.en.toml the same status and
check with the English words (`parse_starter_expect`).
"""

# The examples above as the fixtures write them (comments: Chinese stays out of the source's
# strings):
#     # expect: failed dynamic_lr "<Chinese words>"
#     # expect: failed pure "<Chinese words>" not "<other words>"

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

STATUSES = (
    "passed",
    "failed",
    "not_attempted",
    "error",
    "timeout",
    "memory",
    "crashed",
    "exited_early",
)
NEEDS_CHECK = ("failed", "error")
LOAD = "load"  # the pseudo check of `error load`: the learner's file failed to load
_HEAD = re.compile(r"^#\s*expect:\s*(?P<status>[a-z_]+)(?:\s+(?P<check>[^\s\"]+))?(?P<rest>.*)$")
_HEAD_EN = re.compile(r"^#\s*expect\.en:(?P<rest>.*)$")
_HEAD_SILENT = re.compile(r"^#\s*expect\.silent:(?P<rest>.*)$")
_CHECK_ID = re.compile(r"^[A-Za-z_][\w-]*$")
_TOKEN = re.compile(r'\s*(?:"(?P<words>[^"]+)"|(?P<not>not)(?=\s|"|$))')


class ExpectationError(ValueError):
    pass


@dataclass(frozen=True)
class Expectation:
    """How a fixture must fail: the status, the check, and words its message must (not) hold."""

    status: str
    check: str | None = None
    words: tuple[str, ...] = ()
    absent: tuple[str, ...] = ()  # words the message must not contain
    # the English words of the `# expect.en:` line (present, absent); None when there is none
    en: tuple[tuple[str, ...], tuple[str, ...]] | None = None
    # later checks that must be skipped, covered by `check` (`# expect.silent:`)
    silent: tuple[str, ...] = ()

    def in_lang(self, lang: str) -> Expectation:
        """The expectation a run in `lang` must meet: the same status and check, with that
        language's words (none for English when the fixture gives no English line)."""
        if lang == "zh":
            return self
        words, absent = self.en or ((), ())
        return Expectation(self.status, self.check, words, absent, self.en, self.silent)


def _read_words(rest: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The quoted words before a bare `not` (required) and after it (absent)."""
    present: list[str] = []
    absent: list[str] = []
    seen_not = False
    pos = 0
    while pos < len(rest):
        m = _TOKEN.match(rest, pos)
        if not m or m.end() == pos:
            if rest[pos:].strip():
                raise ExpectationError(f"cannot read {rest!r}: message words go in double quotes")
            break
        if m["not"]:
            if seen_not:
                raise ExpectationError(f"cannot read {rest!r}: 'not' may appear once")
            seen_not = True
        else:
            (absent if seen_not else present).append(m["words"])
        pos = m.end()
    if seen_not and not absent:
        raise ExpectationError(f"cannot read {rest!r}: 'not' needs the words that must be absent")
    return tuple(present), tuple(absent)


def parse_header(line: str) -> Expectation:
    m = _HEAD.match(line.strip())
    if not m:
        raise ExpectationError(
            "the first line must be '# expect: <status> [<check-id> \"<words>\" …]'"
        )
    status, check, rest = m["status"], m["check"], m["rest"].strip()
    if status not in STATUSES:
        raise ExpectationError(f"unknown status {status!r} (one of {', '.join(STATUSES)})")
    words, absent = _read_words(rest)
    if status in NEEDS_CHECK and not (check and words):
        raise ExpectationError(
            f"'{status}' needs the check id and the words its message must contain: "
            f'# expect: {status} <check-id> "<words>"'
        )
    if status not in NEEDS_CHECK and (check or words or absent):
        raise ExpectationError(f"'{status}' takes no check id or words")
    if check == LOAD and status != "error":
        raise ExpectationError("'load' goes with 'error': # expect: error load \"<words>\"")
    return Expectation(status=status, check=check, words=words, absent=absent)


def parse_english(line: str, exp: Expectation) -> Expectation:
    """`exp` with the English words of a `# expect.en: "words" not "…"` line."""
    m = _HEAD_EN.match(line.strip())
    if not m:
        raise ExpectationError("the English line must be '# expect.en: \"<words>\" …'")
    words, absent = _read_words(m["rest"].strip())
    if exp.status in NEEDS_CHECK and not words:
        raise ExpectationError("'# expect.en:' needs the words the English message must contain")
    if exp.status not in NEEDS_CHECK:
        raise ExpectationError(f"'{exp.status}' takes no words, in English either")
    return Expectation(exp.status, exp.check, exp.words, exp.absent, (words, absent), exp.silent)


def parse_silent(line: str, exp: Expectation) -> Expectation:
    """`exp` with the later checks of a `# expect.silent: <check-id> …` line."""
    m = _HEAD_SILENT.match(line.strip())
    if not m:
        raise ExpectationError("the silent checks' line must be '# expect.silent: <check-id> …'")
    ids = tuple(m["rest"].split())
    if not ids or not all(_CHECK_ID.match(i) for i in ids):
        raise ExpectationError("'# expect.silent:' names the later checks by id")
    if exp.status != "failed" or exp.check in (None, LOAD):
        raise ExpectationError("silent later checks need a failed check that covers them")
    if exp.check in ids:
        raise ExpectationError(f"{exp.check!r} fails: it cannot also stay silent")
    return Expectation(exp.status, exp.check, exp.words, exp.absent, exp.en, ids)


def parse_expectation(path: Path) -> Expectation:
    """The expectation in the first line of a fixture file, with the English words of a
    `# expect.en:` line and the checks of a `# expect.silent:` line right under it."""
    first, *rest = path.read_text(encoding="utf-8").split("\n", 3)[:3]
    try:
        exp = parse_header(first)
        for line in rest:
            if not re.match(r"^#\s*expect\.", line.strip()):
                break
            if _HEAD_SILENT.match(line.strip()):
                exp = parse_silent(line, exp)
            else:
                exp = parse_english(line, exp)
        return exp
    except ExpectationError as e:
        raise ExpectationError(f"{path}: {e}") from None


def parse_starter_expect(zh: str, en: str = "") -> Expectation:
    """A repair's `starter_expect` (a header without `# expect:`), with the English words of the
    overlay's `starter_expect` when there is one: it must name the same status and check."""
    exp = parse_header("# expect: " + zh)
    if not en:
        return exp
    other = parse_header("# expect: " + en)
    if (other.status, other.check) != (exp.status, exp.check):
        raise ExpectationError(
            f"the English expectation must have the same status and check as the Chinese one "
            f"({exp.status} {exp.check or ''}), got {other.status} {other.check or ''}"
        )
    return Expectation(exp.status, exp.check, exp.words, exp.absent, (other.words, other.absent))
