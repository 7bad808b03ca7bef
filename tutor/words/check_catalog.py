"""The words of the check modules, kept as data: checks/messages/<chapter>.<lang>.toml (chapter
ch0, ch6, ch7, a1), one table per check module or helper module (`[ex_6_1]`, `[_ch6]`). A key is
`table.name` (`ex_6_1.frozen`); a check's name is `table.check.<id>` (`ex_6_1.check.eager`). A
check reports a message id and its values; the worker renders it in its job's language with
str.format (`{count:g}` works; write `{{`/`}}` for a literal brace; `{n:@time|times}` is a count
with its noun in the form the count needs, tutor/words/plural.py). See checks/messages/README.md.

Workers read the catalogs while warming up (`preload`), never per run, from a prebuilt copy in
the cache folder while the files are unchanged."""

from __future__ import annotations

import string
import time
from functools import cache
from pathlib import Path

from tutor.words import plural
from tutor.words.catalog import LANGS


class CatalogError(ValueError):
    pass


def folder() -> Path:
    from tutor import paths

    return paths.checks_dir() / "messages"


def files(lang: str, where: Path | None = None) -> dict[str, Path]:
    """The catalog files of one language: {chapter: path}."""
    base = where or folder()
    suffix = f".{lang}.toml"
    return {
        p.name[: -len(suffix)]: p for p in sorted(base.glob(f"*{suffix}")) if p.name.count(".") == 2
    }


def flatten(doc: dict, prefix: str = "") -> dict[str, str]:
    """Nested TOML tables and dotted keys as `a.b.c` names; every value must be a string."""
    out: dict[str, str] = {}
    for key, value in doc.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            out.update(flatten(value, name + "."))
        elif isinstance(value, str):
            out[name] = value
        else:
            raise CatalogError(f"{name}: a message must be a string, not {type(value).__name__}")
    return out


def parse_file(path: Path) -> dict[str, str]:
    import tomllib

    try:
        return flatten(tomllib.loads(path.read_text(encoding="utf-8")))
    except (tomllib.TOMLDecodeError, CatalogError) as e:
        raise CatalogError(f"{path}: {e}") from None


def load(lang: str, where: Path | None = None) -> dict[str, str]:
    """Every message of one language, from all its chapter files (a table lives in one file)."""
    if lang not in LANGS:
        raise CatalogError(f"no check messages for language {lang!r}")
    merged: dict[str, str] = {}
    owner: dict[str, str] = {}
    for chapter, path in files(lang, where).items():
        for key, text in parse_file(path).items():
            table = key.split(".", 1)[0]
            if owner.setdefault(table, chapter) != chapter:
                raise CatalogError(f"table [{table}] is in both {owner[table]} and {chapter}")
            merged[key] = text
    return merged


@cache
def messages(lang: str) -> dict[str, str]:
    """The messages of `lang`, read once per process: from a prebuilt copy in the cache folder
    (marshal, no TOML parser) while every catalog file of the language is unchanged, else parsed
    and the copy rewritten (as tutor/words/catalog.py does for the tutor's own words)."""
    import marshal

    from tutor.words import catalog

    paths = files(lang)
    stamp = [[p.name, p.stat().st_size, p.stat().st_mtime_ns] for p in paths.values()]
    stamp.append([str(folder())])
    copy = catalog._prebuilt_path(f"checks-{lang}")
    if copy is not None:
        try:
            kept_stamp, kept = marshal.loads(copy.read_bytes())
            if kept_stamp == stamp and isinstance(kept, dict):
                return kept
        except (OSError, EOFError, ValueError, TypeError):
            pass
    parsed = load(lang)
    newest = max((p.stat().st_mtime for p in paths.values()), default=0.0)
    if copy is not None and time.time() - newest > catalog.RACY_S:
        catalog._write_quietly(copy, marshal.dumps((stamp, parsed)))
    return parsed


def preload() -> None:
    """Parse every language's catalogs now (a worker warming up), not during a run."""
    for lang in LANGS:
        messages(lang)


def render(lang: str, key: str, values: dict) -> str:
    """Message `key` in `lang` with its fields filled (a missing key is a fault of the course)."""
    try:
        text = messages(lang)[key]
    except KeyError:
        raise KeyError(f"no check message {key!r} in checks/messages/*.{lang}.toml") from None
    return plural.fill(text, values)


def fields(text: str) -> set[tuple[str, str]]:
    """The fields of a message as (name, format spec): the same in every language."""
    return {
        (name, plural.plain_spec(spec or ""))
        for _, name, spec, _ in string.Formatter().parse(text)
        if name is not None
    }
