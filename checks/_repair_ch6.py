"""Helpers shared by the repair exercises (checks/ex_*_fix*.py). A repair's starter is broken
code whose symptom is often an exception (a TypeError under jit, an UnexpectedTracerError …):
`call` turns exactly those exceptions into a failed check that names the symptom, and lets any
other exception through as the learner's error. The a1 repair checks import this module too."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from tutor.worker.checklib import fail, fn_name, msg, primitive_counts, tracer_places


def jitted(fn: Callable) -> Callable:
    """The learner's function under jit; one they already jitted is used as it is."""
    import jax

    return fn if hasattr(fn, "lower") else jax.jit(fn)


def first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0][:200] if text else ''}"


def call(fn: Callable, *args, what: str, symptoms: dict[str, str], **kwargs) -> Any:
    """fn(*args, **kwargs). An exception whose class (or a base class) is named in `symptoms`
    fails the check with that message: it is the symptom the exercise is about. An entry whose
    key is 'word:<text>' matches any exception whose message contains <text>."""
    try:
        return fn(*args, **kwargs)
    except Exception as e:  # only the named symptoms are turned into a verdict
        names = [cls.__name__ for cls in type(e).__mro__]
        for key, words in symptoms.items():
            hit = key[5:] in str(e) if key.startswith("word:") else key in names
            if hit:
                said = msg("_repair_ch6.raised", what=what, error=type(e).__name__, why=words)
                fail(said, error=first_line(e))
        raise


def n_positional(fn: Callable) -> int | None:
    """How many positional parameters fn takes (None when it cannot be told, e.g. *args)."""
    try:
        params = inspect.signature(fn).parameters.values()
    except (TypeError, ValueError):
        return None
    if any(p.kind == p.VAR_POSITIONAL for p in params):
        return None
    return sum(1 for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD))


def is_tracer(x: Any) -> bool:
    import jax

    return isinstance(x, jax.core.Tracer)


def tracers_in(value: Any) -> int:
    """How many leaves of a pytree are tracers (a value that leaked out of a trace)."""
    import jax

    try:
        leaves = jax.tree.leaves(value)
    except Exception:
        return 0
    return sum(1 for leaf in leaves if is_tracer(leaf))


def leaked_globals(ns: dict[str, Any]) -> list[str]:
    """Names of the learner's module-level values that hold a tracer anywhere (a list item, an
    attribute, a closure cell): a value that leaked out of a trace."""
    roots = (place.split("[")[0].split(".")[0].split(" ")[0] for place in tracer_places(ns))
    return sorted(set(roots))


def callbacks_in(fn: Callable, *args) -> list[str]:
    """Callback primitives (debug_callback, io_callback, pure_callback) in fn's program."""
    return sorted(p for p in primitive_counts(fn, *args) if "callback" in p)


def name_of(fn: Callable) -> str:
    return fn_name(fn)


def compiled_name(fn: Callable, *args, learner_fn: Callable | None = None) -> str:
    """The name fn's program compiles under: the learner's function's own (learner_fn, or fn), or,
    when fn's whole body is one call of a jitted function (a wrapper around it), that function's."""
    import jax

    own = name_of(learner_fn if learner_fn is not None else fn)
    try:
        eqns = jax.make_jaxpr(fn)(*args).jaxpr.eqns
    except Exception:  # the calls of the check say what goes wrong
        return own
    if len(eqns) == 1 and eqns[0].primitive.name in ("pjit", "jit"):
        return str(eqns[0].params.get("name", own))
    return own
