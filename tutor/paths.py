"""Where things live: the course content (source checkout or installed wheel) and the learner's
home."""

from __future__ import annotations

import os
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def content_root() -> Path:
    """The folder that holds `lessons/` and `checks/`.

    In a source checkout they sit beside the package; a wheel ships them as tutor/_content/.
    JAXTUTOR_CONTENT overrides both (content authors, tests)."""
    override = os.environ.get("JAXTUTOR_CONTENT")
    if override:
        return Path(override).resolve()
    checkout = _PACKAGE.parent
    if (checkout / "lessons" / "course.toml").is_file():
        return checkout
    return _PACKAGE / "_content"


def lessons_dir() -> Path:
    return content_root() / "lessons"


def checks_dir() -> Path:
    return content_root() / "checks"


def cache_dir() -> Path:
    """The tutor's caches (compiled programs, the parsed course): $JAXTUTOR_CACHE, else the
    platform's user cache dir. Safe to delete at any time."""
    base = os.environ.get("JAXTUTOR_CACHE")
    if not base:
        from platformdirs import user_cache_dir

        base = user_cache_dir("jaxtutor", appauthor=False)
    return Path(base)


def xla_cache_dir() -> Path:
    """Where workers keep JAX's persistent compilation cache (one folder per jaxlib version)."""
    from importlib import metadata

    try:
        version = metadata.version("jaxlib")
    except metadata.PackageNotFoundError:
        version = "unknown"
    return cache_dir() / f"xla-{version}"


def package_dir() -> Path:
    return _PACKAGE


def home_dir(override: str | os.PathLike | None = None) -> Path:
    """The learner's data home: --home, else $JAXTUTOR_HOME, else the platform's user data dir."""
    if override:
        return Path(override).expanduser().resolve()
    env = os.environ.get("JAXTUTOR_HOME")
    if env:
        return Path(env).expanduser().resolve()
    from platformdirs import user_data_dir

    return Path(user_data_dir("jaxtutor", appauthor=False))
