"""The tutor's own words (statuses, CLI, app, check library, runner) in each language, kept as
data: tutor/words/<lang>.toml, one table per area (`[status]` `passed = …` is the key
`status.passed`); `{name}` fields are filled by `t(key, name=…)`. These words follow the
language of the course (tutor/application/language.py: --lang, JAXTUTOR_LANG, the remembered
setting, the locale; zh when nothing chose), and workers get the language in their job.

Start-up reads a language's words from a prebuilt copy in the cache folder (marshal: no TOML
parser imported) while the TOML file's size and times are unchanged, else parses the TOML and
rewrites the copy (not while the file is only seconds old)."""

from __future__ import annotations

import marshal
import os
import time
from functools import cache
from pathlib import Path

from tutor.words import every_lang, plural

LANGS = ("zh", "en")
RACY_S = 2.0
FOLDER = Path(__file__).resolve().parent
_lang = os.environ.get("JAXTUTOR_LANG", "zh") if os.environ.get("JAXTUTOR_LANG") in LANGS else "zh"


def set_lang(lang: str | None) -> None:
    global _lang
    if lang:
        if lang not in LANGS:
            raise ValueError(f"--lang must be one of {', '.join(LANGS)}, not {lang!r}")
        _lang = lang


def lang() -> str:
    return _lang


def t(key: str, **kw) -> str:
    """The sentence `key` in the current language, with its fields filled."""
    return say(_lang, key, **kw)


def say(lang: str, key: str, **kw) -> str:
    """The sentence `key` in `lang` (a worker speaks its job's language, whatever the process's;
    a batch worker's job said in several languages, all of them: tutor/words/every_lang.py)."""
    return every_lang.each(lambda one: _said(one, key, kw), lang)


def _said(lang: str, key: str, kw: dict) -> str:
    text = words(lang)[key]
    return plural.fill(text, kw) if kw else text


def has(key: str) -> bool:
    return key in words(_lang)


@cache
def words(lang: str) -> dict[str, str]:
    """Every key of a language and its sentence."""
    if lang not in LANGS:
        raise ValueError(f"no words for language {lang!r}")
    source = FOLDER / f"{lang}.toml"
    st = source.stat()
    stamp = [st.st_size, st.st_mtime_ns]
    copy = _prebuilt_path(lang)
    if copy is not None:
        try:
            kept_stamp, kept = marshal.loads(copy.read_bytes())
            if kept_stamp == stamp and isinstance(kept, dict):
                return kept
        except (OSError, EOFError, ValueError, TypeError):
            pass
    parsed = parse(source.read_bytes())
    # a file changed within the clock's resolution could change again under the same stamp
    if copy is not None and time.time() - st.st_mtime > RACY_S:
        _write_quietly(copy, marshal.dumps((stamp, parsed)))
    return parsed


def parse(data: bytes) -> dict[str, str]:
    """A language file's tables flattened into `table.key` names."""
    import tomllib

    doc = tomllib.loads(data.decode("utf-8"))
    return {
        f"{table}.{key}": text
        for table, entries in doc.items()
        for key, text in entries.items()
        if isinstance(text, str)
    }


def _prebuilt_path(lang: str) -> Path | None:
    from tutor.paths import cache_dir

    try:
        return cache_dir() / "words" / f"{lang}.marshal"
    except Exception:  # noqa: BLE001 - no cache folder: the TOML file is parsed every start
        return None


def _write_quietly(path: Path, data: bytes) -> None:
    """The prebuilt copy, written atomically (one that cannot be written only slows a start)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        tmp.write_bytes(data)
        os.replace(tmp, path)
    except OSError:
        pass
