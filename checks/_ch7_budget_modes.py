"""Exercise 7.1: which on_exceed modes the learner's test_serve_compiles builds its budgets with,
seen by running it once with a recording CompileBudget in place of the context's; and a budget's
exception that escaped the learner's test."""

import traceback

from tutor.worker.checklib import msg


def budget_escaped(L, exc) -> str | None:
    """The file raised CompileBudgetExceeded out of its own test_serve_compiles (its demo of the
    original serve, typically): the test let the exception out instead of reporting it."""
    frames = traceback.extract_tb(exc.__traceback__)
    if type(exc).__name__ == "CompileBudgetExceeded" and any(
        f.name == "test_serve_compiles" for f in frames
    ):
        return msg("ex_7_1.budget_escaped")
    return None


def budget_modes(L, fun_name: str, budget: int) -> list:
    """The on_exceed of every CompileBudget the learner's test builds while judging the original
    serve, the values as the learner gave them; empty when it builds none (or the probe cannot
    run)."""
    import jax

    fn = L.test_serve_compiles
    scope = getattr(fn, "__globals__", None)
    base = scope.get("CompileBudget") if isinstance(scope, dict) else None
    if not isinstance(base, type):
        return []
    modes: list = []

    class Recording(base):  # type: ignore[misc, valid-type]
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            modes.append(getattr(self, "on_exceed", ""))

    scope["CompileBudget"] = Recording
    try:
        jax.clear_caches()
        fn(L.serve, fun_name, budget)
    except Exception:  # the probe is ours: a failure only means nothing is shown
        pass
    finally:
        scope["CompileBudget"] = base
    return modes
