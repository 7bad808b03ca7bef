"""The course's language axis (lessons/README.md, "Languages"): a file without a language tag is
Chinese, its English version sits beside it with `.en` before the extension (`6.1.en.md`,
`statement.en.md`, `starter.en.py`), and a TOML file's English overlay (`chapter.en.toml`) holds
only its text fields, in the same structure: same keys, arrays of tables in the same order and
length. Ids, numbers, answers, needs and check ids are never in an overlay. A quiz question's
`verify` code may be: the same code, only its comments and string literals in the overlay's
language (the validator holds it to that, like an `.en.py` file)."""

from __future__ import annotations

from pathlib import Path

from tutor.course.errors import ContentError
from tutor.words.catalog import LANGS as LANGS  # one list of languages for words and course

REFERENCE = "zh"  # the language of the untagged files, the reference for facts

# the fields of course.toml, chapter.toml, exercise.toml and quiz.toml a learner reads
TEXT_KEYS = frozenset(
    {
        "title",
        "short_title",
        "hints",
        "text",
        "prompt",
        "options",
        "explanation",
        "model_answer",
        "signature",
        "starter_expect",  # a repair's: same status and check, the English words
    }
)
CODE_KEYS = frozenset({"verify"})  # code whose comments and printed words a learner reads


def tagged(path: Path, lang: str) -> Path:
    """The file of `lang` for the untagged `path`: `statement.md` → `statement.en.md` (the
    reference language's is the path itself)."""
    if lang == REFERENCE:
        return path
    return path.with_name(f"{path.stem}.{lang}{path.suffix}")


def localized(path: Path, lang: str) -> Path:
    """The file to show in `lang`: its tagged version when it exists, else the untagged one (a
    chapter still being translated reads in Chinese; the validator refuses a chapter that claims
    a language and lacks a file of it)."""
    if lang == REFERENCE:
        return path
    other = tagged(path, lang)
    return other if other.is_file() else path


def apply_overlay(base: dict, overlay: dict, path: Path, where: str = "") -> dict:
    """`base` with the text fields of `overlay` (a parsed `X.<lang>.toml`) put in. Raises
    ContentError naming the overlay and the field for anything that is not the base's structure:
    a key the base lacks, a key that holds no text, a list or an array of tables of another
    length, a value of another type."""
    out = dict(base)
    for key, value in overlay.items():
        field = f"{where}{key}"
        if key not in base:
            raise ContentError(path, field, "is not in the file it translates")
        mine = base[key]
        if isinstance(mine, list) and mine and all(isinstance(m, dict) for m in mine):
            out[key] = _tables(mine, value, path, field)
        elif key not in TEXT_KEYS | CODE_KEYS:
            raise ContentError(path, field, "holds no text: an overlay has only text fields")
        elif isinstance(mine, str):
            if not isinstance(value, str):
                raise ContentError(path, field, f"must be a string, got {type(value).__name__}")
            out[key] = value
        elif isinstance(mine, list):
            if not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
                raise ContentError(path, field, "must be a list of strings")
            if len(value) != len(mine):
                raise ContentError(
                    path, field, f"has {len(value)} items, the file it translates {len(mine)}"
                )
            out[key] = value
        else:
            raise ContentError(path, field, "holds no text: an overlay has only text fields")
    return out


def _tables(mine: list[dict], value: object, path: Path, field: str) -> list[dict]:
    if not (isinstance(value, list) and all(isinstance(v, dict) for v in value)):
        raise ContentError(path, field, "must be an array of tables, like the file it translates")
    if len(value) != len(mine):
        raise ContentError(
            path, field, f"has {len(value)} tables, the file it translates {len(mine)}"
        )
    pairs = enumerate(zip(mine, value, strict=True))
    return [apply_overlay(m, v, path, f"{field}[{n}].") for n, (m, v) in pairs]
