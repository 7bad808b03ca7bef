"""Programs in checks: what a learner's function stages (its jaxpr, walked into every sub-program)
and how often code compiles. Runs inside workers only. Check modules import all of this through
`tutor.worker.checklib`.

Compilations are counted from JAX's monitoring events (one `backend_compile_duration` event per
XLA compilation, also on a persistent-cache hit), not from log records, so a learner's logging
set-up (`logging.disable`, logger levels, `jax_log_compiles`) cannot change a count; and the
measured block runs with jit enabled whatever `jax_disable_jit` says.

A count starts from nothing (`CompileLog(clear=True)`) in a new cache epoch
(tutor/worker/cache_epochs.py): nothing compiled before is found, as after `jax.clear_caches()`."""

from __future__ import annotations

import contextlib
import functools
from collections import Counter
from collections.abc import Callable
from typing import Any

from tutor.protocol import details as D
from tutor.words.catalog import t
from tutor.worker import cache_epochs
from tutor.worker.check_values import CheckFailed
from tutor.worker.learner_clears import LearnerClears

COMPILE_EVENT = "/jax/core/compile/backend_compile_duration"


class TraceCounter:
    """Wraps a function so that each Python-level call (= each trace under jit) is counted.
    `counter.jit(**jit_kwargs)` is the jitted, counted function to call: each call runs with jit
    enabled whatever `jax_disable_jit` says, so that the count is the number of traces."""

    def __init__(self, fn: Callable):
        self.count = 0
        self.fn = fn

        @functools.wraps(fn)
        def counted(*args, **kwargs):
            self.count += 1
            return fn(*args, **kwargs)

        self.wrapped = counted

    def jit(self, **jit_kwargs) -> Callable:
        import jax

        jitted = jax.jit(self.wrapped, **jit_kwargs)

        @functools.wraps(self.fn)
        def call(*args, **kwargs):
            with jax.disable_jit(False):
                return jitted(*args, **kwargs)

        return call


_active: list[CompileLog] = []
_listening = False


def _on_event(event: str, duration_secs: float, **kwargs: str | int) -> None:
    if event != COMPILE_EVENT or not _active:
        return
    name = str(kwargs.get("fun_name", "?"))
    if "(" in name and name.endswith(")"):  # "jit(f)", "pmap(f)" → "f"
        name = name[name.index("(") + 1 : -1]
    for log in _active:
        log.names.append(name)


def _listen() -> None:
    global _listening
    if not _listening:
        import jax

        jax.monitoring.register_event_duration_secs_listener(_on_event)
        _listening = True


class CompileLog(contextlib.AbstractContextManager):
    """Records the name of every XLA compilation inside the block. `clear=True` begins a new cache
    epoch first (see the module's docstring: nothing compiled before is found, as after
    `jax.clear_caches()`), so that counts start from nothing."""

    def __init__(self, clear: bool = True):
        self.clear = clear
        self.names: list[str] = []

    def __enter__(self):
        import jax

        _listen()
        if self.clear:
            cache_epochs.new_epoch()
        self._disable_jit = jax.config.jax_disable_jit
        jax.config.update("jax_disable_jit", False)
        _active.append(self)
        return self

    def __exit__(self, *exc):
        import jax

        if self in _active:
            _active.remove(self)
        jax.config.update("jax_disable_jit", self._disable_jit)
        return False

    def count(self, name: str | None) -> int:
        return self.total if name is None else sum(1 for n in self.names if n == name)

    @property
    def total(self) -> int:
        return len(self.names)


def assert_compile_count(
    log: CompileLog,
    name: str | None,
    *,
    msg: str,
    expected: int | None = None,
    at_most: int | None = None,
    at_least: int | None = None,
) -> None:
    """The number of compilations of `name` (every compilation when None) is `expected`, or lies
    within [at_least, at_most]."""
    n = log.count(name)
    ok = (
        (expected is None or n == expected)
        and (at_most is None or n <= at_most)
        and (at_least is None or n >= at_least)
    )
    if not ok:
        raise CheckFailed(
            msg,
            D.Compiles(
                function=name,
                actual=n,
                expected=expected,
                at_most=at_most,
                at_least=at_least,
                names=list(log.names),
            ),
        )


def rebuilt_jit(call: Callable[[], Any], repeats: int = 2) -> str:
    """Why a function that should compile once compiles on every call, said only when measured:
    after one warm-up call, the same call is made `repeats` more times with JAX's caches kept and
    no cache cleared by the learner; when every repeat compiled again, the function builds a new
    jitted function each time (jax.jit inside its body, around a lambda or a functools.partial),
    and jit's cache, which belongs to that new object, is never reused. Returns that sentence, or
    "" when the repeats compiled nothing (a plain function run op by op reuses its compiled
    operations) or the call raised. Call it only after a count already failed."""
    per_call: list[list[str]] = []
    try:
        with LearnerClears() as clears:
            call()
            for _ in range(repeats):
                with CompileLog(clear=False) as log:
                    call()
                per_call.append(log.names)
    except Exception:
        return ""
    if clears.calls or not all(per_call):
        return ""
    names = sorted({n for names in per_call for n in names})
    return t("checklib.rebuilt_jit", repeats=repeats, names=", ".join(names))


# ---------------------------------------------------------------- staged programs


def sub_jaxprs(value: Any):
    """The programs held in one equation parameter (scan's body, cond's branches, pjit's jaxpr …):
    what a walk over a whole program descends into."""
    from jax.extend import core as jcore

    if isinstance(value, jcore.ClosedJaxpr):
        yield value.jaxpr
    elif isinstance(value, jcore.Jaxpr):
        yield value
    elif isinstance(value, (tuple, list)):
        for v in value:
            yield from sub_jaxprs(v)


def _walk(jaxpr, enclosing: tuple[str, ...], out: list[tuple[str, tuple[str, ...]]]) -> None:
    for eqn in jaxpr.eqns:
        name = eqn.primitive.name
        out.append((name, enclosing))
        for value in eqn.params.values():
            for sub in sub_jaxprs(value):
                _walk(sub, enclosing + (name,), out)


def primitive_sites(fn: Callable, *args, **kwargs) -> list[tuple[str, tuple[str, ...]]]:
    """Every primitive the function stages for these arguments, with the names of the primitives
    it sits inside (('mul', ('scan', 'checkpoint')) is a multiplication in a checkpointed scan
    body). Walks into scan, cond, while, pjit, custom_jvp/vjp and remat sub-programs."""
    import jax

    closed = jax.make_jaxpr(fn)(*args, **kwargs)
    out: list[tuple[str, tuple[str, ...]]] = []
    _walk(closed.jaxpr, (), out)
    return out


def primitive_counts(fn: Callable, *args, **kwargs) -> Counter:
    """How often each primitive occurs in the function's whole program (sub-programs included)."""
    return Counter(name for name, _ in primitive_sites(fn, *args, **kwargs))


def argument_use(fn: Callable, *args, **kwargs) -> tuple[list[bool], list[tuple[int, ...]]]:
    """How the function's program treats its inputs: for every array leaf of the arguments
    (in jax.tree order) whether the program reads it, and the shapes of the arrays it carries as
    constants — values the function took from a closure or a global instead of an argument."""
    import jax
    from jax.extend import core as jcore

    closed = jax.make_jaxpr(fn)(*args, **kwargs)
    read: set = set()
    for eqn in closed.jaxpr.eqns:
        read.update(v for v in eqn.invars if isinstance(v, jcore.Var))
    read.update(v for v in closed.jaxpr.outvars if isinstance(v, jcore.Var))
    const_shapes = [tuple(getattr(c, "shape", ())) for c in closed.consts]
    return [v in read for v in closed.jaxpr.invars], const_shapes


class JitCall:
    """One function made by jax.jit while a JitCalls log was open: the program of its first
    call, how many times it ran, and what its latest call outside any trace returned."""

    def __init__(self, label: str, jaxpr: Any):
        self.label, self.jaxpr, self.count = label, jaxpr, 0
        self.outputs: list[Any] | None = None  # the array leaves of its latest result


class _RecordedJit:
    def __init__(self, jitted: Callable, label: str, log: list[JitCall]):
        self._jitted, self._label, self._log, self._entry = jitted, label, log, None

    def __call__(self, *args, **kwargs):
        import jax

        if self._entry is None:
            try:
                jaxpr = self._jitted.trace(*args, **kwargs).jaxpr
            except Exception:  # the real call below raises the learner's error itself
                jaxpr = None
            self._entry = JitCall(self._label, jaxpr)
            self._log.append(self._entry)
        out = self._jitted(*args, **kwargs)
        self._entry.count += 1
        leaves = jax.tree.leaves(out)
        if not any(isinstance(leaf, jax.core.Tracer) for leaf in leaves):
            self._entry.outputs = leaves
        return out

    def __getattr__(self, name: str):
        return getattr(self._jitted, name)


class JitCalls(contextlib.AbstractContextManager):
    """While open, jax.jit hands out functions that record their calls (see JitCall), so that a
    check can find the program that produced a top-level value of the learner's file."""

    def __init__(self) -> None:
        self.calls: list[JitCall] = []

    def __enter__(self):
        import jax

        real = self._real = jax.jit
        log = self.calls

        @functools.wraps(real)
        def recording_jit(fun=None, /, **kwargs):
            if fun is None:
                return functools.partial(recording_jit, **kwargs)
            label = getattr(fun, "__name__", type(fun).__name__)
            return _RecordedJit(real(fun, **kwargs), label, log)

        jax.jit = recording_jit
        return self

    def __exit__(self, *exc):
        import jax

        jax.jit = self._real
        return False

    def producer_of(self, value: Any) -> JitCall | None:
        """The latest recorded function whose last outputs include every array leaf of `value`."""
        import jax
        import numpy as np

        wanted = [np.asarray(v) for v in jax.tree.leaves(value)]
        for call in reversed(self.calls):
            got = [np.asarray(v) for v in call.outputs or ()]
            if wanted and all(
                any(g.shape == w.shape and np.array_equal(g, w) for g in got) for w in wanted
            ):
                return call
        return None


def scan_lengths(jaxpr: Any) -> list[int]:
    """The length of every scan in a program, sub-programs included."""
    out: list[int] = []

    def walk(j) -> None:
        for eqn in j.eqns:
            if eqn.primitive.name == "scan":
                out.append(int(eqn.params["length"]))
            for value in eqn.params.values():
                for sub in sub_jaxprs(value):
                    walk(sub)

    walk(getattr(jaxpr, "jaxpr", jaxpr))
    return out


Shapes = list[tuple[int, ...]]


def scan_operand_shapes(fn: Callable, *args, **kwargs) -> list[tuple[Shapes, Shapes, Shapes]]:
    """For every scan in the program of fn(*args), sub-programs included: the shapes of what it
    was handed, as (consts, carry, xs), one shape per leaf. JAX hoists a carry that every step
    passes on unchanged into the consts, beside the arrays the body closes over."""
    import jax

    out: list[tuple[Shapes, Shapes, Shapes]] = []

    def walk(j) -> None:
        for eqn in j.eqns:
            if eqn.primitive.name == "scan":  # ft_in: (consts, carry, xs) over the inputs
                groups = eqn.params["ft_in"].update(list(eqn.invars)).unpack()
                consts, carry, xs = ([tuple(v.aval.shape) for v in g] for g in groups)
                out.append((consts, carry, xs))
            for value in eqn.params.values():
                for sub in sub_jaxprs(value):
                    walk(sub)

    walk(jax.make_jaxpr(fn)(*args, **kwargs).jaxpr)
    return out


def scan_carry_shapes(fn: Callable, *args, **kwargs) -> list[Shapes]:
    """For every scan in the program of fn(*args), sub-programs included: the shapes of its carry
    (the initial values handed to lax.scan, one shape per carry leaf)."""
    return [carry for _, carry, _ in scan_operand_shapes(fn, *args, **kwargs)]
