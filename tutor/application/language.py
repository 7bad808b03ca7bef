"""The learner's language, one switch for the whole tutor (the app's words and the course's
texts): `--lang`, else `JAXTUTOR_LANG`, else the language remembered in the learner's settings,
else, on a first start, the locale (`zh*` → Chinese, anything else → English), which is then
remembered (`Session.remember_language`). The app's switch changes the remembered one
(`Session.switch_language`). Records never depend on it: progress, drafts, attempts and answers
are the same in every language."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from tutor.course.languages import LANGS

SETTING = "lang"  # the key of the remembered language among the learner's settings
LOCALE_VARS = ("LC_ALL", "LC_MESSAGES", "LANG")  # POSIX order: the first one set decides


def locale_language(environ: Mapping[str, str]) -> str:
    """The language the locale asks for: Chinese for `zh*`, English for anything else."""
    for var in LOCALE_VARS:
        value = environ.get(var, "")
        if value:
            return "zh" if value.lower().startswith("zh") else "en"
    return "en"


def remembered_language(home: Path | None) -> str | None:
    """The language remembered in the store of `home`, read without creating or changing
    anything; None on a first start or when the store cannot be read (the session that opens it
    next reports why)."""
    from tutor.storage.schema import DB_NAME, StoreError

    if home is None or not (Path(home) / DB_NAME).is_file():
        return None
    from tutor.storage.store import Store

    try:
        store = Store(home, read_only=True)
    except StoreError:
        return None
    try:
        value = store.get_setting(SETTING)
    except StoreError:
        value = None
    finally:
        store.close()
    return value if value in LANGS else None


def chosen_language(home: Path | None, given: str | None, environ: Mapping[str, str]) -> str:
    """The language of this start: `given` (--lang), `JAXTUTOR_LANG`, the remembered one, or
    the locale's."""
    if given is not None and given in LANGS:
        return given
    env = environ.get("JAXTUTOR_LANG", "")
    if env in LANGS:
        return env
    return remembered_language(home) or locale_language(environ)
