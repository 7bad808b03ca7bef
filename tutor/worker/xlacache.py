"""JAX's persistent compilation cache, shared by the check workers: where it lives, how a worker
turns it on, and how it is kept under its size cap.

JAX can cap the folder itself (jax_compilation_cache_max_size), but then every new entry lists
and stats the whole folder under a file lock, and every hit rewrites a timestamp file under that
lock. That cost grows with the folder (≈ 150 ms per new compiled program at 5 000 entries) and
makes concurrent workers wait for each other. So workers leave the folder uncapped, and a
warming worker trims it at most once a day (`trim_if_due`), before any learner code runs."""

from __future__ import annotations

import functools
import os
import time
from pathlib import Path

CACHE_VAR = "JAXTUTOR_XLA_CACHE"  # the folder the runner hands to its workers
MAX_BYTES = 512 * 1024 * 1024
KEEP_SHARE = 0.75  # a trim goes below the cap, so the next one has less to do
TRIM_EVERY_S = 24 * 3600
_STAMP = ".trimmed"  # its time is when the folder was last trimmed
ENTRY_SUFFIX = "-cache"  # JAX's suffix of an entry; "-atime" files came with its cap


@functools.cache
def folder() -> Path:
    """The cache folder workers use: $JAXTUTOR_XLA_CACHE, else one per jaxlib version (read
    once per process)."""
    from tutor import paths

    given = os.environ.get(CACHE_VAR)
    return Path(given) if given else paths.xla_cache_dir()


def enable(jax, where: str | None) -> None:
    """Turn the cache on in a worker (uncapped, see above; trimmed here when due), for every
    program however quick to compile: the chapter contexts compile many small ones. Compile
    counting is unaffected: JAX still logs "Compiling …" and emits its backend-compile event on
    a cache hit."""
    import logging
    import warnings

    if not where:
        return
    try:
        os.makedirs(where, exist_ok=True)
        jax.config.update("jax_compilation_cache_dir", where)
        jax.config.update("jax_persistent_cache_min_compile_time_secs", 0)
        jax.config.update("jax_persistent_cache_min_entry_size_bytes", 0)
    except Exception:  # noqa: BLE001 - without a cache runs are slower, not wrong
        return
    try:
        trim_if_due(Path(where))
    except Exception:  # noqa: BLE001 - a cache that stays large is only disk space
        pass

    class HideCacheChatter(logging.Filter):
        """The cache is ours, not the learner's: with jax_log_compiles on (a lesson about
        recompilation turns it on), JAX would also report every cache hit and write."""

        def filter(self, record: logging.LogRecord) -> bool:
            return "persistent compilation cache" not in record.getMessage().lower()

    for name in (
        "jax._src.compiler",
        "jax._src.compilation_cache",
        "jax._src.cache_key",
        "jax._src.lru_cache",
    ):
        logging.getLogger(name).addFilter(HideCacheChatter())
    # an entry removed by a trim, or read while another worker writes it, is compiled again
    warnings.filterwarnings("ignore", message=".*persistent compilation cache.*")


def trim(where: Path, max_bytes: int = MAX_BYTES) -> int:
    """Remove the entries used longest ago until the folder holds at most `max_bytes`, then
    down to KEEP_SHARE of it. Returns the number of bytes removed. "Used" is the later of the
    entry's write and its last read as the file system records it (at most daily on most
    mounts), which is as fine as a daily trim needs."""
    entries = []
    total = 0
    try:
        with os.scandir(where) as it:
            for e in it:
                if not e.name.endswith(ENTRY_SUFFIX):
                    continue
                try:
                    st = e.stat()
                except OSError:  # removed meanwhile by another trim
                    continue
                entries.append((max(st.st_atime, st.st_mtime), st.st_size, e.path))
                total += st.st_size
    except OSError:
        return 0
    if total <= max_bytes:
        return 0
    removed = 0
    target = int(max_bytes * KEEP_SHARE)
    for _, size, path in sorted(entries):
        if total - removed <= target:
            break
        for victim in (path, path[: -len(ENTRY_SUFFIX)] + "-atime"):
            try:
                os.unlink(victim)
            except OSError:
                pass
        removed += size
    return removed


def trim_if_due(where: Path, now: float | None = None, max_bytes: int = MAX_BYTES) -> int | None:
    """Trim `where` unless it was trimmed within TRIM_EVERY_S (a stat when it is not due).
    Returns the bytes removed, or None when no trim was due."""
    now = time.time() if now is None else now
    stamp = where / _STAMP
    try:
        if now - stamp.stat().st_mtime < TRIM_EVERY_S:
            return None
    except FileNotFoundError:
        pass
    stamp.touch()  # first: a worker warming beside this one need not trim too
    os.utime(stamp, (now, now))
    return trim(where, max_bytes)
