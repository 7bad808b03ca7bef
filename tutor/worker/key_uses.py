"""Random keys in checks: which jax.random calls of a learner's run received an old-style raw
key. Runs inside workers only; check modules import it through `tutor.worker.checklib`."""

from __future__ import annotations

import contextlib

LEGACY_KEY_WARNING = "Legacy uint32 key array"


class LegacyKeyUses(contextlib.AbstractContextManager):
    """While open, counts the jax.random calls that receive an old-style raw key (the uint32[2]
    array of jax.random.PRNGKey) instead of a typed key from jax.random.key. JAX itself spots
    them: with jax_legacy_prng_key = "warn" it warns on each such call; other warnings pass on."""

    def __init__(self) -> None:
        self.count = 0

    def __enter__(self):
        import warnings

        import jax

        self._mode = jax.config.jax_legacy_prng_key
        jax.config.update("jax_legacy_prng_key", "warn")
        self._filters = warnings.catch_warnings()
        self._filters.__enter__()
        warnings.filterwarnings("always", message=LEGACY_KEY_WARNING, category=UserWarning)
        self._show = warnings.showwarning

        def show(message, category, filename, lineno, file=None, line=None):
            if str(message).startswith(LEGACY_KEY_WARNING):
                self.count += 1
            else:
                self._show(message, category, filename, lineno, file, line)

        warnings.showwarning = show
        return self

    def __exit__(self, *exc):
        import jax

        self._filters.__exit__(*exc)  # puts back the filters and warnings.showwarning
        jax.config.update("jax_legacy_prng_key", self._mode)
        return False
