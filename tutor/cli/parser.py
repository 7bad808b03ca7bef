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


class HelpWords(argparse.HelpFormatter):
    """argparse's own words on a help page (the usage prefix, the section headings) in the
    catalog's language; argparse gives them in English whatever --lang says."""

    HEADINGS = {"positional arguments": "cli.help.positionals", "options": "cli.help.options"}

    def add_usage(self, usage, actions, groups, prefix=None):
        super().add_usage(usage, actions, groups, t("cli.help.usage") if prefix is None else prefix)

    def start_section(self, heading):
        key = self.HEADINGS.get(heading or "")
        super().start_section(t(key) if key else heading)

    # a help text wraps at terminal cells, Chinese between any two characters (textwrap counts
    # characters and breaks only at spaces, so a Chinese line ran past the terminal's edge)
    def _split_lines(self, text, width):
        from tutor.linebreak import wrapped_lines

        return wrapped_lines(" ".join(text.split()), width)

    def _fill_text(self, text, width, indent):
        return "\n".join(indent + line for line in self._split_lines(text, width - len(indent)))


class Parser(argparse.ArgumentParser):
    def __init__(self, *, add_help: bool = True, **kwargs):
        kwargs.setdefault("formatter_class", HelpWords)
        super().__init__(add_help=False, **kwargs)
        if add_help:  # argparse's -h, with its help in the catalog's words
            self.add_argument(
                "-h", "--help", action="help", default=argparse.SUPPRESS, help=t("cli.help.help")
            )

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


def home_folder(text: str) -> str:
    """An argparse type: --home names a folder; an empty value (`--home ""`, a variable that
    was not set) is a usage error, not the default home."""
    if not text.strip():
        raise argparse.ArgumentTypeError(t("cli.empty_home"))
    return text


def _watch(args) -> int:
    from tutor.cli.watch import cmd_watch  # its threads and queues only when watching

    return cmd_watch(args)


def build_parser(commands) -> argparse.ArgumentParser:
    """`commands` is the module holding the cmd_* functions (`watch` has its own module). The
    help texts are the catalog's `cli.help.*` words, so the language must be set before."""
    common = Parser(add_help=False)
    # SUPPRESS: a value given before the command is not overwritten by the default after it
    common.add_argument(
        "--home", type=home_folder, default=argparse.SUPPRESS, help=t("cli.help.home")
    )
    common.add_argument(
        "--lang", choices=catalog.LANGS, default=argparse.SUPPRESS, help=t("cli.help.lang")
    )

    p = Parser(prog="jaxtutor", parents=[common], description=t("cli.help.jaxtutor"))
    sub = p.add_subparsers(dest="cmd", required=True, parser_class=Parser)

    def add(name, func):
        words = t(f"cli.help.{name}")
        sp = sub.add_parser(name, help=words, description=words, parents=[common])
        sp.set_defaults(func=func)
        return sp

    def exercise_id(sp):
        sp.add_argument("id", help=t("cli.help.exercise_id"))

    c = commands
    add("start", c.cmd_open)
    add("exercise", c.cmd_open).add_argument("id", help=t("cli.help.exercise_id_eg"))
    add("lesson", c.cmd_open).add_argument("id", help=t("cli.help.lesson_id_eg"))
    add("quiz", c.cmd_open).add_argument("id", metavar="CH", help=t("cli.help.chapter_id"))
    sp = add("list", c.cmd_list)
    sp.add_argument("--json", action="store_true", help=t("cli.help.list_json"))
    sp.add_argument(
        "--only",
        choices=("lessons", "exercises", "repairs", "quizzes"),
        help=t("cli.help.list_only"),
    )
    sp = add("check", c.cmd_check)
    exercise_id(sp)
    sp.add_argument("file", nargs="?", help=t("cli.help.check_file"))
    sp.add_argument("--json", action="store_true", help=t("cli.help.check_json"))
    sp.add_argument(
        "--timeout",
        type=seconds("--timeout", MIN_TIMEOUT_S, MAX_TIMEOUT_S, low_inclusive=True),
        help=t("cli.help.check_timeout", max=MAX_TIMEOUT_S),
    )
    sp = add("watch", _watch)
    exercise_id(sp)
    sp.add_argument("file", nargs="?", help=t("cli.help.watch_file"))
    sp.add_argument(
        "--debounce",
        type=seconds("--debounce", 0, MAX_DEBOUNCE_S, low_inclusive=True),
        default=0.3,
        help=t("cli.help.watch_debounce"),
    )
    sp.add_argument(
        "--runs", type=int, default=0, help=argparse.SUPPRESS
    )  # stop after N checks (tests)
    exercise_id(add("hint", c.cmd_hint))
    sp = add("solution", c.cmd_solution)
    exercise_id(sp)
    sp.add_argument("--give-up", action="store_true", help=t("cli.help.give_up"))
    sp.add_argument("--yes", action="store_true", help=t("cli.help.yes"))
    add("progress", c.cmd_progress)
    sp = add("reset", c.cmd_reset)
    exercise_id(sp)
    sp.add_argument("--yes", action="store_true", help=t("cli.help.yes"))
    add("doctor", c.cmd_doctor)

    dev = add("dev", c.cmd_dev)
    dsub = dev.add_subparsers(dest="dev_cmd", required=True, parser_class=Parser)

    def add_dev(name):
        words = t(f"cli.help.dev_{name}")
        return dsub.add_parser(name, help=words, description=words)

    d = add_dev("check")
    d.add_argument("ids", nargs="*", help=t("cli.help.exercise_ids"))
    d.add_argument("-v", "--verbose", action="store_true", help=t("cli.help.dev_verbose"))
    add_dev("blocks").add_argument("ids", nargs="*", help=t("cli.help.block_ids"))
    add_dev("validate")
    m = add_dev("mutants")
    m.add_argument("ids", nargs="*", help=t("cli.help.exercise_ids"))
    m.add_argument("--limit", type=int, default=None, help=t("cli.help.mutants_limit"))
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
    return option_in(argv, "--lang")


def option_in(argv: list[str], option: str) -> str | None:
    """An option's value as written in argv (`--home DIR`, `--home=DIR`), read before parsing."""
    for i, arg in enumerate(argv):
        if arg == option and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith(option + "="):
            return arg.split("=", 1)[1]
    return None
