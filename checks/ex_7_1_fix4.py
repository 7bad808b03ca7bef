"""Repair 7.1-fix4: a learning rate that is sometimes a Python float, sometimes a float32 array ->
one type.

Checks: lr_at(k) for k = 0..9 and train() on fresh gradients match float64 ("values"); eight
training steps compile once in all; when not, the message names the lr types it saw ("compiles")."""

import _repair_ch7 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    CompileLog,
    Mistake,
    as_scalar,
    assert_close,
    assert_compile_count,
    compare,
    later,
    msg,
    rng,
)
from tutor.worker.mistakes import Known, produced

checks = Checks("ex_7_1_fix4")


def _lr(k):
    return 0.1 * (k + 1) / 4 if k < 4 else 0.1


def _lr_from_zero(k):
    return 0.1 * k / 4 if k < 4 else 0.1


# What the common slips of the warm-up give for lr_at(0..9) (computed, then matched).
MISTAKES = [
    Known(
        "warmup_from_zero",
        lambda ks: np.array([_lr_from_zero(k) for k in ks]),
        later("ex_7_1_fix4.warmup_from_zero"),
    ),
    Known(
        "warmup_five",
        lambda ks: np.array([0.1 * (k + 1) / 4 if k < 5 else 0.1 for k in ks]),
        later("ex_7_1_fix4.warmup_five"),
    ),
    Known(
        "floor_division",
        lambda ks: np.array([0.1 * ((k + 1) // 4) if k < 4 else 0.1 for k in ks]),
        later("ex_7_1_fix4.floor_division"),
    ),
    Known(
        "no_cap",
        lambda ks: np.array([0.1 * (k + 1) / 4 for k in ks]),
        later("ex_7_1_fix4.no_cap"),
    ),
]


def _kind(v):
    if type(v) is float:  # a NumPy float64 is a float subclass, yet jit keys it strongly typed
        return msg("ex_7_1_fix4.python_float")
    weak = getattr(getattr(v, "aval", None), "weak_type", None)
    dtype = getattr(v, "dtype", type(v).__name__)
    if weak:
        return msg("ex_7_1_fix4.weak_dtype", dtype=dtype)
    return msg("ex_7_1_fix4.strong_dtype", dtype=dtype)


def _is_weak(v) -> bool:
    """A Python float, or a weakly typed array: what jit keys as a weak type."""
    return type(v) is float or bool(getattr(getattr(v, "aval", None), "weak_type", False))


def _rounded(v) -> list:
    """The right rates rounded to a float dtype narrower than float32 (float16, bfloat16), when
    lr_at returns one: the formula is right, the dtype drops digits."""
    import jax.numpy as jnp

    dtype = getattr(v, "dtype", None)
    if dtype is None or not jnp.issubdtype(dtype, jnp.floating) or jnp.finfo(dtype).bits >= 32:
        return []
    want = np.array([float(jnp.asarray(_lr(k), dtype)) for k in range(10)])
    peak = float(jnp.asarray(0.1, dtype))
    return [Mistake("rounded", want, msg("ex_7_1_fix4.rounded_lr", dtype=str(dtype), peak=peak))]


@checks.add("values")
def _(L):
    got = [as_scalar(L.lr_at(k), f"lr_at({k})") for k in range(10)]
    assert_close(
        np.array(got),
        np.array([_lr(k) for k in range(10)]),
        rtol=1e-6,
        atol=1e-8,
        what="lr_at(0..9)",
        msg=msg("ex_7_1_fix4.wrong_lr"),
        mistakes=produced(MISTAKES, range(10)) + _rounded(L.lr_at(4)),
    )
    g = rng(741)
    p, grads = R.floats(g, 3), [R.floats(g, 3) for _ in range(6)]
    want = np.asarray(p, np.float64) - sum(
        _lr(k) * np.asarray(d, np.float64) for k, d in enumerate(grads)
    )
    out = R.as_array(L.train(p, grads), "train(p, grads)", shape=(3,))
    frozen = np.asarray(p, np.float64) - _lr(0) * sum(np.asarray(d, np.float64) for d in grads)
    frozen_at_first = []
    if compare(out, frozen, rtol=1e-5, atol=1e-6) is None:  # the probe runs only when it is so
        frozen_at_first.append(Mistake("frozen", frozen, _frozen_cause(L, p, grads)))
    if compare(out, np.asarray(p), rtol=1e-5, atol=1e-6) is None:  # probed only when it is so
        frozen_at_first.append(Mistake("unchanged", np.asarray(p), _unchanged_cause(L, p, grads)))
    ascent = msg("ex_7_1_fix4.ascent")  # p + Σ lr·g = 2p − want
    assert_close(
        out,
        want,
        rtol=1e-5,
        atol=1e-6,
        what="train(p, grads)",
        msg=msg("ex_7_1_fix4.train_differs"),
        mistakes=[
            *frozen_at_first,
            Mistake("ascent", 2 * np.asarray(p, np.float64) - want, ascent),
        ],
    )


def _lr_asked(L, p, grads) -> list:
    """The k that train passes to lr_at on a run whose programs are already compiled (a rate read
    while tracing is not asked for again then)."""
    asked, own = [], L.lr_at

    def spy(k):
        asked.append(k)
        return own(k)

    L.ns["lr_at"] = spy  # train looks lr_at up in the learner's namespace at each call
    try:
        L.train(p, grads)
    finally:
        L.ns["lr_at"] = own
    return asked


def _unchanged_cause(L, p, grads) -> str:
    """train returned the p it was given. When it called sgd_step once per gradient, each step's
    result was dropped (never assigned back to p); else only the unchanged p is said."""
    own, calls = L.ns.get("sgd_step"), []
    if not callable(own):
        return msg("ex_7_1_fix4.p_unchanged")

    def spy(*args, **kwargs):
        calls.append(1)
        return own(*args, **kwargs)

    L.ns["sgd_step"] = spy  # train looks sgd_step up in the learner's namespace at each call
    try:
        L.train(p, grads)
    finally:
        L.ns["sgd_step"] = own
    if len(calls) == len(grads):
        return msg("ex_7_1_fix4.step_result_dropped", steps=len(grads))
    return msg("ex_7_1_fix4.p_unchanged")


def _frozen_cause(L, p, grads) -> str:
    """train stepped with lr_at(0) every time. When train itself asks lr_at only for k = 0, the
    rate was computed once and reused; when one program compiled once for the whole run, the
    first step's rate was a constant of that trace; else only the frozen rate is said."""
    asked = _lr_asked(L, p, grads)
    if asked and all(isinstance(k, int | np.integer) and k == 0 for k in asked):
        return msg("ex_7_1_fix4.lr_asked_once", lr=_lr(0), steps=len(grads))
    with CompileLog() as full:
        L.train(p, grads)
    programs = [x for x in R.Filtered(full).names if not R.is_primitive(x)]
    if len(programs) == 1:
        return msg("ex_7_1_fix4.lr_traced_once", program=programs[0], lr=_lr(0))
    return msg("ex_7_1_fix4.lr_frozen", lr=_lr(0))


@checks.add("compiles", needs="values")
def _(L):
    g = rng(742)
    p, grads = R.floats(g, 4), [R.floats(g, 4) for _ in range(8)]
    with CompileLog() as full:
        L.train(p, grads)
    log = R.Filtered(
        full
    )  # converting a Python float to float32 compiles one eager op once: allowed
    kinds = sorted({_kind(L.lr_at(k)) for k in range(8)})
    weak_and_strong = len({_is_weak(L.lr_at(k)) for k in range(8)}) == 2
    programs = [x for x in log.names if not R.is_primitive(x)]
    twice = any(programs.count(x) == len(kinds) for x in programs)
    if len(kinds) > 1 and twice:  # the same program compiled once per lr type
        assert_compile_count(
            log,
            None,
            expected=1,
            msg=msg("ex_7_1_fix4.mixed_lr_types", count=log.total, kinds=" / ".join(kinds))
            if weak_and_strong
            else msg("ex_7_1_fix4.mixed_lr_dtypes", count=log.total, kinds=" / ".join(kinds)),
        )
    values = sorted({float(as_scalar(L.lr_at(k), f"lr_at({k})")) for k in range(8)})
    per_value = [x for x in set(programs) if programs.count(x) == len(values)]
    if len(values) > len(kinds) and per_value:  # once per lr value: lr is part of the cache key
        assert_compile_count(
            log,
            None,
            expected=1,
            msg=msg(
                "ex_7_1_fix4.lr_static",
                program=per_value[0],
                count=programs.count(per_value[0]),
                values=len(values),
            ),
        )
    # the sentence names the program compiled most often (the training step), when there is one
    top = max(set(programs), key=programs.count) if programs else None
    R.assert_once(
        log,
        calls=8,
        what=msg("ex_7_1_fix4.steps_of", name=top) if top else msg("ex_7_1_fix4.eight_steps"),
        repeat="",
        again=lambda: L.train(p, grads),
        otherwise=msg("ex_7_1_fix4.args_differ_each_step"),
    )
