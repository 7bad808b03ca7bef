"""Counting the cache clears a learner's code makes while a check runs it: jax.clear_caches and a
jitted function's own clear_cache(). A clear explains a recompile that would otherwise be blamed on
the code (a jit built anew on each call, a static value in the cache key)."""

from __future__ import annotations

import contextlib


class LearnerClears(contextlib.AbstractContextManager):
    """Counts the cache clears made inside the block by the learner's code: calls of
    jax.clear_caches and of a jitted function's own clear_cache() (a check's own CompileLog begins
    a cache epoch instead). `what` says which calls were made, as they would be written."""

    def __enter__(self):
        import jax
        from jax._src import pjit

        self.calls = 0
        self._said: dict[str, None] = {}
        self._real = jax.clear_caches
        self._jitted = type(jax.jit(_identity))
        self._real_own = pjit.jit_evict_fn

        def counted():
            self.calls += 1
            self._said["jax.clear_caches()"] = None
            return self._real()

        def counted_own(fn):
            self.calls += 1
            self._said[f"{getattr(fn, '__name__', 'f')}.clear_cache()"] = None
            return self._real_own(fn)

        jax.clear_caches = counted
        # JAX sets the method on the jitted functions' type each time it builds one, from this
        # module-level name: both are replaced, or the first jit built inside would undo it
        pjit.jit_evict_fn = counted_own
        self._jitted.clear_cache = counted_own
        return self

    @property
    def what(self) -> str:
        return ", ".join(self._said)

    def __exit__(self, *exc):
        import jax
        from jax._src import pjit

        jax.clear_caches = self._real
        pjit.jit_evict_fn = self._real_own
        self._jitted.clear_cache = self._real_own
        return False


def _identity(x):
    return x
