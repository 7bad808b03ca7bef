"""The command line: `main` parses (parser.py), runs a command (commands.py, watch.py) and
renders text (render.py, views.py). Every command works without the Textual app; start,
exercise, lesson and quiz open the app. A store or draft problem is a sentence and exit code 1,
never a traceback. Nothing here imports jax."""

from __future__ import annotations

import os
import sys

from tutor.words import catalog

__all__ = ["main", "build_args"]


def build_args(argv: list[str]):
    """The parsed command line (usage errors exit 2), with --lang already in effect."""
    from tutor.cli import commands
    from tutor.cli.parser import build_parser, env_lang_error

    catalog.set_lang(start_language(argv))
    parser = build_parser(commands)
    bad_env = env_lang_error(os.environ, argv)
    if bad_env is not None:
        parser.error(bad_env)
    args = parser.parse_args(argv)
    args.home = getattr(args, "home", None)
    return args


def start_language(argv: list[str]) -> str:
    """--lang, JAXTUTOR_LANG, the learner's remembered language or the locale's
    (tutor/application/language.py), before parsing: help pages and usage errors use it too."""
    from tutor import paths
    from tutor.application.language import chosen_language
    from tutor.cli.parser import lang_in, option_in

    try:
        home = paths.home_dir(option_in(argv, "--home"))
    except (OSError, RuntimeError):  # no home to read a setting from: the locale decides
        home = None
    return chosen_language(home, lang_in(argv), os.environ)


def main(argv: list[str] | None = None) -> int:
    from tutor.application.session import DraftError, StoreError
    from tutor.cli import commands
    from tutor.cli.render import warn

    args = build_args(list(sys.argv[1:] if argv is None else argv))
    try:
        catalog.set_lang(getattr(args, "lang", None))
        return args.func(args)
    except commands.UsageError as e:
        warn(str(e))
        return commands.EXIT_USAGE
    except (StoreError, DraftError) as e:
        warn(str(e))
        return commands.EXIT_FAIL
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `jaxtutor list | head`
        return commands.EXIT_OK
