"""Repair 6.8-fix1: Python scalars as the initial state (weak types) -> the signature changes after
the first update and it compiles once more.

Checks: peak and count over a fresh stream with negatives ("values"); each step's output is the
peak from before that step, −∞ first ("old_peak"; the new peak is named as such); the jitted
step compiles once over the stream ("one_compile"); the initial state's dtypes are float32 /
int32 and equal those after one step ("dtypes")."""

import _repair_ch6 as R

from tutor.worker.checklib import (
    Checks,
    CompileLog,
    Mistake,
    as_scalar,
    as_tuple,
    assert_close,
    assert_compile_count,
    fail,
    msg,
    rng,
)

checks = Checks("ex_6_8_fix1")


def _stream(seed):
    import jax.numpy as jnp

    return [jnp.float32(v) for v in rng(seed).uniform(-9.0, -1.0, size=6)]


def _run(L, fn, stream, outputs=None, *, raw=False):
    """The stream through `fn`; with `raw`, the first call gets initial_state() exactly as returned
    (a list stays a list, as it would in the learner's own loop)."""
    start = L.initial_state()
    state = as_tuple(start, 2, msg("ex_6_8_fix1.run.as_tuple"))
    if raw:
        state = start
    for v in stream:
        out = as_tuple(fn(state, v), 2, msg("ex_6_8_fix1.run.as_tuple_2"))
        state = as_tuple(out[0], 2, msg("ex_6_8_fix1.run.as_tuple_3"))
        if outputs is not None:
            outputs.append(out[1])
    return state


def _dtypes(state):
    """Each leaf's dtype, a Python scalar's or a weak type's said as such."""
    parts = []
    for leaf in state:
        if isinstance(leaf, (bool, int, float)):
            parts.append(msg("ex_6_8_fix1.describe.append", name=type(leaf).__name__))
        else:
            weak = msg("ex_6_8_fix1.describe.text") if getattr(leaf, "weak_type", False) else ""
            parts.append(f"{getattr(leaf, 'dtype', type(leaf).__name__)}{weak}")
    return parts


def _describe(state):
    return msg("ex_6_8_fix1.describe.sep").join(_dtypes(state))


@checks.add("values")
def _(L):
    stream = _stream(681)
    peak, count = _run(L, R.jitted(L.peak_step), stream)
    start = as_scalar(
        as_tuple(L.initial_state(), 2, msg("ex_6_8_fix1.run.as_tuple"))[1],
        msg("ex_6_8_fix1.values.as_scalar_2"),
    )
    want = max(float(v) for v in stream)
    assert_close(
        as_scalar(peak, msg("ex_6_8_fix1.values.as_scalar")),
        want,
        rtol=1e-6,
        atol=1e-6,
        what=msg("ex_6_8_fix1.values.what"),
        msg=msg("ex_6_8_fix1.values.msg", want=want),
        mistakes=[
            Mistake(
                "zero_start",
                0.0,
                msg("ex_6_8_fix1.values.mistake_zero_start"),
            )
        ],
    )
    assert_close(
        as_scalar(count, msg("ex_6_8_fix1.values.as_scalar_2")),
        len(stream),
        rtol=0,
        atol=0,
        what=msg("ex_6_8_fix1.values.what_2"),
        msg=msg("ex_6_8_fix1.values.count_differs", len_stream=len(stream)),
        mistakes=[
            Mistake(
                "count_start",
                start + len(stream),
                msg("ex_6_8_fix1.values.mistake_count_start", start=start),
            )
        ]
        if start != 0
        else [Mistake("count_kept", 0, msg("ex_6_8_fix1.values.mistake_count_kept"))],
    )


@checks.add("old_peak")
def _(L):
    import numpy as np

    stream = _stream(683)
    outputs = []
    _run(L, R.jitted(L.peak_step), stream, outputs)
    got = np.array(
        [as_scalar(o, msg("ex_6_8_fix1.old_peak.what_n", n=k + 1)) for k, o in enumerate(outputs)]
    )
    data = np.array([float(v) for v in stream])
    running = np.maximum.accumulate(data)
    mistakes = [Mistake("new_peak", running, msg("ex_6_8_fix1.old_peak.mistake_new_peak"))]
    if got.size and np.isfinite(got[0]):  # the peak started at a finite value instead of −∞
        mistakes.append(
            Mistake(
                "finite_start",
                np.maximum.accumulate(np.concatenate([[got[0]], data]))[:-1],
                msg("ex_6_8_fix1.old_peak.mistake_finite_start", start=float(got[0])),
            )
        )
    assert_close(
        got,
        np.concatenate([[-np.inf], running[:-1]]),
        rtol=1e-6,
        atol=1e-6,
        what=msg("ex_6_8_fix1.old_peak.what"),
        msg=msg("ex_6_8_fix1.old_peak.msg"),
        mistakes=mistakes,
    )


@checks.add("one_compile")
def _(L):
    stream = _stream(682)
    fn = R.jitted(L.peak_step)
    name = R.name_of(fn)
    raw = L.initial_state()
    first = as_tuple(raw, 2, msg("ex_6_8_fix1.one_compile.as_tuple"))
    with CompileLog() as log:
        _run(L, fn, stream, raw=True)
    n = log.count(name)
    new_state = as_tuple(fn(first, stream[0]), 2, msg("ex_6_8_fix1.run.as_tuple_2"))[0]
    after = as_tuple(new_state, 2, msg("ex_6_8_fix1.run.as_tuple_3"))

    def is_weak(leaf) -> bool:
        return isinstance(leaf, (bool, int, float)) or bool(getattr(leaf, "weak_type", False))

    # a weak leaf of the initial state that one update made strong (a leaf that stays weak changes
    # no signature)
    weak = [
        k
        for k, (a, b) in enumerate(zip(first, after, strict=True))
        if is_weak(a) and not is_weak(b)
    ]
    why = msg("ex_6_8_fix1.one_compile.why", len_stream=len(stream), n=n)
    if n == 2 and weak == [0]:  # said of the fields that one update made strong, and of no other
        why = msg("ex_6_8_fix1.one_compile.peak_turns_strong", describe_first=_describe(first))
    elif n == 2 and weak == [1]:
        why = msg("ex_6_8_fix1.one_compile.count_turns_strong", describe_first=_describe(first))
    elif n == 2 and weak:
        why = msg("ex_6_8_fix1.one_compile.why_2", describe_first=_describe(first))
    elif n == 2 and _dtypes(first) == ["float32", "int32"] != _dtypes(after):
        # the initial state is as asked: the update is what changes a dtype
        why = msg("ex_6_8_fix1.one_compile.step_changes_dtype", later=_describe(after))
    elif n == 2 and _dtypes(first) != _dtypes(after):
        why = msg(
            "ex_6_8_fix1.one_compile.dtype_changes",
            first=_describe(first),
            later=_describe(after),
        )
    elif n == 2 and type(raw) is not type(new_state):
        why = msg(
            "ex_6_8_fix1.one_compile.container_changes",
            first=type(raw).__name__,
            later=type(new_state).__name__,
        )
    assert_compile_count(log, name, expected=1, msg=why + msg("ex_6_8_fix1.one_compile.text"))


@checks.add("dtypes")
def _(L):
    import jax.numpy as jnp

    first = as_tuple(L.initial_state(), 2, msg("ex_6_8_fix1.dtypes.as_tuple"))
    after = as_tuple(
        as_tuple(
            R.jitted(L.peak_step)(first, jnp.float32(1.0)), 2, msg("ex_6_8_fix1.dtypes.as_tuple_3")
        )[0],
        2,
        msg("ex_6_8_fix1.dtypes.as_tuple_2"),
    )
    want = ["float32", "int32"]
    if _dtypes(first) != want or _dtypes(after) != want:
        got, later = _describe(first), _describe(after)
        fail(
            msg("ex_6_8_fix1.dtypes.fail", got=got, later=later),
            expected=msg("ex_6_8_fix1.describe.sep").join(want),
            actual=[got, later],
        )
