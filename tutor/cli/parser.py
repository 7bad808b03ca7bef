"""The command line's grammar: commands, options and the checks on their values (a number of
seconds must be finite and sensible: argparse rejects it with exit code 2)."""

from __future__ import annotations

import argparse
import math
import sys

from tutor.words import catalog
from tutor.words.catalog import t

EXIT_USAGE = 2
MAX_TIMEOUT_S = 3600.0
# the shortest limit a job accepts (tutor/protocol/events.py): a shorter --timeout is a usage
# error here, like any other bad value, instead of a refused run later
MIN_TIMEOUT_S = 0.05
MAX_DEBOUNCE_S = 60.0


class Parser(argparse.ArgumentParser):
    def error(
        self, message
    ):  # usage errors exit 2 with the usage line, like argparse, but in our words
        from tutor.cli.render import warn

        self.print_usage(sys.stderr)
        warn(f"{self.prog}: {message}")
        raise SystemExit(EXIT_USAGE)


def seconds(option: str, low: float, high: float, *, low_inclusive: bool):
    """An argparse type: a finite number of seconds in (low, high] or [low, high]."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = math.nan
        above = value >= low if low_inclusive else value > low
        if not (math.isfinite(value) and above and value <= high):
            key = "cli.bad_seconds_from" if low_inclusive else "cli.bad_seconds_above"
            raise argparse.ArgumentTypeError(t(key, option=option, value=text, low=low, high=high))
        return value

    parse.__name__ = "seconds"
    return parse


def _watch(args) -> int:
    from tutor.cli.watch import cmd_watch  # its threads and queues only when watching

    return cmd_watch(args)


def build_parser(commands) -> argparse.ArgumentParser:
    """`commands` is the module holding the cmd_* functions (`watch` has its own module)."""
    common = argparse.ArgumentParser(add_help=False)
    # SUPPRESS: a value given before the command is not overwritten by the default after it
    common.add_argument(
        "--home",
        default=argparse.SUPPRESS,
        help="data directory (default: $JAXTUTOR_HOME or the user data dir)",
    )
    common.add_argument(
        "--lang",
        choices=catalog.LANGS,
        default=argparse.SUPPRESS,
        help="language of the app's own words",
    )

    p = Parser(
        prog="jaxtutor",
        parents=[common],
        description="jaxtutor: an offline terminal tutor for JAX's hard parts.",
    )
    sub = p.add_subparsers(dest="cmd", required=True, parser_class=Parser)

    def add(name, help, func):
        sp = sub.add_parser(name, help=help, description=help, parents=[common])
        sp.set_defaults(func=func)
        return sp

    c = commands
    add("start", "open the tutor where you left off", c.cmd_open)
    add("exercise", "open the tutor at an exercise", c.cmd_open).add_argument(
        "id", help="exercise id, e.g. 6.1"
    )
    add("lesson", "open the tutor at a lesson", c.cmd_open).add_argument(
        "id", help="lesson id, e.g. 6.1"
    )
    add("quiz", "open a chapter's quiz", c.cmd_open).add_argument(
        "id", metavar="CH", help="chapter id: 6, 7 or a1"
    )
    sp = add("list", "list chapters, lessons, exercises and quizzes with their status", c.cmd_list)
    sp.add_argument("--json", action="store_true", help="machine-readable output")
    sp.add_argument(
        "--only",
        choices=("lessons", "exercises", "repairs", "quizzes"),
        help="show only one kind of item (repairs: the fix-it-yourself exercises)",
    )
    sp = add("check", "run an exercise's checks on your draft (or FILE)", c.cmd_check)
    sp.add_argument("id", help="exercise id")
    sp.add_argument("file", nargs="?", help="file to check (default: your draft)")
    sp.add_argument("--json", action="store_true", help="print the result document as JSON")
    sp.add_argument(
        "--timeout",
        type=seconds("--timeout", MIN_TIMEOUT_S, MAX_TIMEOUT_S, low_inclusive=True),
        help=f"wall-clock limit in seconds, at most {MAX_TIMEOUT_S:g} (default: the exercise's)",
    )
    sp = add("watch", "re-run the checks every time the draft (or FILE) is saved", _watch)
    sp.add_argument("id", help="exercise id")
    sp.add_argument("file", nargs="?", help="file to watch (default: your draft)")
    sp.add_argument(
        "--debounce",
        type=seconds("--debounce", 0, MAX_DEBOUNCE_S, low_inclusive=True),
        default=0.3,
        help="seconds of quiet after a save before checking",
    )
    sp.add_argument(
        "--runs", type=int, default=0, help=argparse.SUPPRESS
    )  # stop after N checks (tests)
    add("hint", "reveal the next hint of an exercise", c.cmd_hint).add_argument(
        "id", help="exercise id"
    )
    sp = add("solution", "show the reference solution (after a pass, or --give-up)", c.cmd_solution)
    sp.add_argument("id", help="exercise id")
    sp.add_argument(
        "--give-up", action="store_true", help="see it without passing (asks, and is recorded)"
    )
    sp.add_argument("--yes", action="store_true", help="do not ask for confirmation")
    add("progress", "show your progress", c.cmd_progress)
    sp = add(
        "reset",
        "put the starter back in an exercise's draft (the old one is backed up)",
        c.cmd_reset,
    )
    sp.add_argument("id", help="exercise id")
    sp.add_argument("--yes", action="store_true", help="do not ask for confirmation")
    add(
        "doctor", "report Python, jax/jaxlib, the data home, content and highlighting", c.cmd_doctor
    )

    dev = add("dev", "content authors' tools", c.cmd_dev)
    dsub = dev.add_subparsers(dest="dev_cmd", required=True, parser_class=Parser)
    d = dsub.add_parser(
        "check", help="solutions pass, starters not attempted, fixtures fail on their check"
    )
    d.add_argument("ids", nargs="*")
    d.add_argument("-v", "--verbose", action="store_true")
    b = dsub.add_parser("blocks", help="run lessons' runnable blocks and quiz verify code")
    b.add_argument("ids", nargs="*", help="chapter ids or lesson ids")
    dsub.add_parser("validate", help="validate the content")
    m = dsub.add_parser(
        "mutants", help="mutate reference solutions and count the mutants the checks kill"
    )
    m.add_argument("ids", nargs="*", help="exercise ids (default: all)")
    m.add_argument("--limit", type=int, default=None, help="at most N mutants per exercise")
    return p


def env_lang_error(environ, argv: list[str]) -> str | None:
    """The message for a JAXTUTOR_LANG that names no language (when --lang does not override
    it): the same mistake as `--lang xx`, reported the same way."""
    value = environ.get("JAXTUTOR_LANG")
    if not value or value in catalog.LANGS or lang_in(argv) is not None:
        return None
    return t("cli.bad_env_lang", value=value, langs=", ".join(catalog.LANGS))


def lang_in(argv: list[str]) -> str | None:
    """--lang as written in argv, read before parsing so that usage errors use it too."""
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith("--lang="):
            return arg.split("=", 1)[1]
    return None
