"""The batch worker's memory of the programs it read from JAX's persistent compilation cache
(tutor/worker/xlacache.py), so that the next job asking for the same one does not read and
deserialize it again. Installed by the batch worker only (tutor/worker/batch.py); a learner's
one-shot worker reads the cache as JAX does.

Every fixture of an exercise runs in a fresh namespace, and the checks that count compilations
begin a new cache epoch (`CompileLog`, tutor/worker/check_programs.py), so each job compiles the
same programs again (the reference's, the context's, jax.random's). With the persistent cache each
of those compilations is a hit: the file read, decompressed and deserialized, about 4 ms per
program and 0.3–0.5 s of CPU per job of the heaviest exercises. Here a hit is kept in memory under
the cache key, and the next request for that key gets the same executable.

It cannot change a verdict: the key is JAX's persistent-cache key (the program's text, the
jaxlib and backend versions, the XLA flags, the compile options and the devices), so a kept
executable is the one the cache file would have given; and JAX still goes through its whole
compile path around the lookup: tracing, lowering, the `backend_compile_duration` event and the
"Compiling …" log that `CompileLog` and `jax_log_compiles` see are emitted as on a file hit. A
program that calls back into Python (host callbacks) is bound to its job's callbacks and is never
kept; nor is a miss (JAX compiles it and writes the cache, as always)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

MAX_KEPT = 2048  # programs (an exercise uses a few hundred; a cache entry is ~3 KB compressed)

hits = 0  # requests answered from memory in this process (read by the tests)
_kept: OrderedDict[Any, tuple[Any, Any]] = OrderedDict()
_lock = threading.Lock()  # a job may compile from threads of its own


def install() -> None:
    """Put the memory in front of JAX's persistent-cache lookup (once per process)."""
    from jax._src import compilation_cache

    read = compilation_cache.get_executable_and_time
    if getattr(read, "kept_executables", False):
        return

    def get_executable_and_time(
        cache_key, compile_options, backend, executable_devices, host_callbacks=()
    ):
        global hits
        try:
            key = (cache_key, executable_devices)
            hash(key)
        except TypeError:
            key = None
        if host_callbacks or key is None:
            return read(cache_key, compile_options, backend, executable_devices, host_callbacks)
        with _lock:
            found = _kept.get(key)
            if found is not None:
                _kept.move_to_end(key)
                hits += 1
                return found
        found = read(cache_key, compile_options, backend, executable_devices, host_callbacks)
        if found[0] is not None:
            with _lock:
                _kept[key] = found
                if len(_kept) > MAX_KEPT:
                    _kept.popitem(last=False)
        return found

    get_executable_and_time.kept_executables = True  # type: ignore[attr-defined]
    compilation_cache.get_executable_and_time = get_executable_and_time
