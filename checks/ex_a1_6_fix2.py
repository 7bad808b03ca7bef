"""Repair exercise a1.6-fix2: the scan's mask was put in the carry (every step reads m[0]) → the
mask goes in xs, and where keeps the state.

Checks: a vmapped batch of fresh padded sequences against a float64 loop over the real lengths
("values"); padding filled with inf / NaN must not leak into the state ("garbage"); the program
is a scan whose xs hold more than the inputs (the mask read with the input, not carried or closed
over and indexed) ("scan")."""

import _a1 as A1  # shared helpers: the runner puts checks/ on sys.path
import numpy as np

from tutor.worker.checklib import (
    Checks,
    Mistake,
    as_array,
    assert_close,
    compare,
    fail,
    msg,
    primitive_counts,
    rng,
    scan_operand_shapes,
)

checks = Checks("ex_a1_6_fix2")
T = 5
PAD = 3.0  # a finite padding value other than 0


def _batch(seed, fill):
    g = rng(seed)
    lengths = np.array([3, 5, 1, 4, 2])
    xs = g.uniform(-2.0, 4.0, size=(len(lengths), T)).astype(np.float32)
    valid = np.arange(T) < lengths[:, None]
    return np.where(valid, xs, np.float32(fill)).astype(np.float32), valid, lengths


def _decay(xs, lengths, a=0.8, b=0.2, from_first=False):
    """The final h of each row over its real length; `from_first`: h starts at the row's first
    input instead of 0."""
    out = []
    for row, n in zip(xs.astype(np.float64), lengths, strict=False):
        h = row[0] if from_first else 0.0
        for x in row[:n]:
            h = a * h + b * x
        out.append(h)
    return np.array(out)


def _inverted(xs, valid):
    """What updating h at the padding steps only (the mask read the wrong way round) gives."""
    out = []
    for row, v in zip(xs.astype(np.float64), valid, strict=False):
        h = 0.0
        for x, m in zip(row, v, strict=False):
            h = h if m else 0.8 * h + 0.2 * x
        out.append(h)
    return np.array(out)


def _carry_mask(xs, valid):
    """What reading m[0] of the whole mask at every step gives."""
    return np.array(
        [_decay(row[None], [T if v[0] else 0])[0] for row, v in zip(xs, valid, strict=False)]
    )


def _mask_one_ahead(xs, valid):
    """What reading the mask at m[t + 1] at step t gives (a counter started at 1; an index past
    the end is clamped to the last step, as JAX does)."""
    out = []
    for row, v in zip(xs.astype(np.float64), valid, strict=False):
        h = 0.0
        for t, x in enumerate(row):
            if v[min(t + 1, len(row) - 1)]:
                h = 0.8 * h + 0.2 * x
        out.append(h)
    return np.array(out)


def _mask_one_behind(xs, valid, first):
    """What reading the mask at m[t − 1] at step t gives (the previous step's bit kept in the
    carry); step 0 reads `first` ("true": a carry started at True, "last": m[−1], as jnp.roll)."""
    out = []
    for row, v in zip(xs.astype(np.float64), valid, strict=False):
        h = 0.0
        for t, x in enumerate(row):
            if v[t - 1] if t or first == "last" else True:
                h = 0.8 * h + 0.2 * x
        out.append(h)
    return np.array(out)


def _batched(L, xs, valid):
    import jax
    import jax.numpy as jnp

    return as_array(
        jax.vmap(L.masked_decay)(jnp.asarray(xs), jnp.asarray(valid)),
        msg("ex_a1_6_fix2.batch_final_h"),
        shape=(xs.shape[0],),
    )


def _padding_mistakes(L, xs, valid):
    """With padding 0, reading m[0] at every step and updating h with zeroed inputs at padding
    steps give the same numbers (every row here starts valid). A second batch padded with PAD
    tells them apart; a cause is named only for the one whose numbers both batches show."""
    padded = np.where(valid, xs, np.float32(PAD)).astype(np.float32)
    got = _batched(L, padded, valid)
    zeroed = np.where(valid, xs, np.float32(0)).astype(np.float32)
    runs_all = [T] * len(xs)
    for label, value, words in (
        ("carry", _carry_mask(padded, valid), lambda: _every_step_cause(L)),
        (
            "zeroed_inputs",
            _decay(zeroed, runs_all),
            lambda: msg("ex_a1_6_fix2.padding_steps_decay", pad=PAD),
        ),
    ):
        if compare(got, value, rtol=1e-5, atol=1e-5) is None:
            return [Mistake(label, _carry_mask(xs, valid), words())]
    return []


def _every_step_cause(L) -> str:
    """Why every step of a row that starts valid updates h: m[0] read at every step (the whole mask
    carried) and a mask that never decides the new carry give the same numbers there. A row whose
    first step alone is padding tells them apart: m[0] read at every step never updates h, an
    ungated carry updates it at every step."""
    import jax.numpy as jnp

    row = np.linspace(1.0, 2.0, T, dtype=np.float32)
    late = np.arange(T) >= 1
    try:
        got = float(np.asarray(L.masked_decay(jnp.asarray(row), jnp.asarray(late))))
    except Exception:  # noqa: BLE001 - the probe is ours: a failure of it names no cause
        return msg("ex_a1_6_fix2.final_h_differs")
    if abs(got) <= 1e-6:
        return msg("ex_a1_6_fix2.mask_in_carry", pad=PAD)
    if abs(got - _decay(row[None], [T])[0]) <= 1e-5:
        return msg("ex_a1_6_fix2.carry_not_gated", pad=PAD)
    return msg("ex_a1_6_fix2.final_h_differs")


def _reads_last_bit(L) -> bool:
    """Whether the whole mask (a length-T leaf) reaches every step in the carry or closed over,
    and every step reads its last bit: a mask valid only at the last step then updates h at every
    step. A zero h for every padded row then comes from that bit (False when the row ends in
    padding, so no step updates h), not from padding steps resetting the state."""
    import jax.numpy as jnp

    row = np.linspace(1.0, 2.0, T, dtype=np.float32)
    last_only = np.arange(T) == T - 1
    try:
        programs = scan_operand_shapes(L.masked_decay, jnp.ones(T, jnp.float32), jnp.ones(T, bool))
        got = np.asarray(L.masked_decay(jnp.asarray(row), jnp.asarray(last_only)))
    except Exception:
        return False
    carried = any((T,) in consts + carry for consts, carry, _ in programs)
    return carried and compare(got, _decay(row[None], [T])[0], rtol=1e-5, atol=1e-5) is None


@checks.add("values")
def _(L):
    xs, valid, lengths = _batch(781, 0.0)
    got = _batched(L, xs, valid)
    want = _decay(xs, lengths)
    near = compare(got, want, rtol=1e-5, atol=1e-5) is None
    assert_close(
        got,
        want,
        rtol=1e-5,
        atol=1e-5,
        what=msg("ex_a1_6_fix2.final_h"),
        msg=msg("ex_a1_6_fix2.final_h_differs"),
        mistakes=[
            *([] if near else _padding_mistakes(L, xs, valid)),
            Mistake(
                "reset",
                np.where(lengths < T, 0.0, _decay(xs, lengths)),
                msg("ex_a1_6_fix2.mask_last_in_carry")
                if _reads_last_bit(L)
                else msg("ex_a1_6_fix2.padding_zeroes_state"),
            ),
            Mistake(
                "swapped",
                _decay(xs, lengths, 0.2, 0.8),
                msg("ex_a1_6_fix2.weights_swapped"),
            ),
            Mistake("x_unscaled", _decay(xs, lengths, 0.8, 1.0), msg("ex_a1_6_fix2.x_unscaled")),
            Mistake(
                "decay_outside", _decay(xs, lengths, 0.8, 0.16), msg("ex_a1_6_fix2.decay_outside")
            ),
            Mistake(
                "from_first",
                _decay(xs, lengths, from_first=True),
                msg("ex_a1_6_fix2.starts_from_first"),
            ),
            Mistake("mask_inverted", _inverted(xs, valid), msg("ex_a1_6_fix2.mask_inverted")),
            Mistake(
                "mask_one_ahead",
                _mask_one_ahead(xs, valid),
                msg("ex_a1_6_fix2.mask_one_ahead"),
            ),
            *(
                Mistake(
                    "mask_one_behind",
                    _mask_one_behind(xs, valid, first),
                    msg("ex_a1_6_fix2.mask_one_behind"),
                )
                for first in ("true", "last")
            ),
        ],
    )


@checks.add("garbage", needs="values")
def _(L):
    import jax

    for fill in (np.inf, np.nan):
        xs, valid, lengths = _batch(782, fill)
        # Op by op first: compiled, XLA turns `convert(mask) * x` into a select, which hides a
        # padding value that the program itself multiplies (0 × inf = NaN).
        with jax.disable_jit():
            eager = _batched(L, xs, valid)
        got = _batched(L, xs, valid)
        # the compiler hiding it is said only when the compiled run is finite; else both show it
        if not np.isfinite(eager).all() and np.isfinite(got).all():
            fail(
                msg(
                    "ex_a1_6_fix2.garbage_in_eager",
                    fill=fill,
                    rows=np.flatnonzero(~np.isfinite(eager)).tolist(),
                    eager=eager[~np.isfinite(eager)][0],
                ),
                actual=eager.tolist(),
            )
        if not np.isfinite(got).all():
            fail(
                msg(
                    "ex_a1_6_fix2.garbage_leaks",
                    fill=fill,
                    rows=np.flatnonzero(~np.isfinite(got)).tolist(),
                    got=got[~np.isfinite(got)][0],
                ),
                actual=got.tolist(),
            )
        assert_close(
            got,
            _decay(xs, lengths),
            rtol=1e-5,
            atol=1e-5,
            what=msg("ex_a1_6_fix2.final_h_with_fill", fill=fill),
            msg=msg("ex_a1_6_fix2.fill_changes_state", fill=fill),
        )


def _zero_taken_for_padding(L) -> bool:
    """A sequence with no padding and a real 0 among its inputs: True when the learner's result
    is not the plain decay over all T steps (the 0 was taken for padding by its value)."""
    import jax.numpy as jnp

    row = np.array([[1.5, 0.0, 2.0, 0.0, -1.0]], np.float32)
    got = np.asarray(L.masked_decay(jnp.asarray(row[0]), jnp.ones(T, bool)), np.float64)
    return compare(got, _decay(row, [T])[0], rtol=1e-5, atol=1e-6) is not None


@checks.add("scan", needs="values")
def _(L):
    import jax.numpy as jnp

    xs, valid = jnp.ones(T, jnp.float32), jnp.ones(T, bool)
    prims = primitive_counts(L.masked_decay, xs, valid)
    if "scan" not in prims:
        n5 = sum(prims.values())
        n10 = sum(
            primitive_counts(
                L.masked_decay, jnp.ones(2 * T, jnp.float32), jnp.ones(2 * T, bool)
            ).values()
        )
        if A1.grows_with(T, 2 * T, n5, n10):
            fail(msg("ex_a1_6_fix2.unrolled", n5=n5, n10=n10), primitives=sorted(prims))
        fail(
            msg("ex_a1_6_fix2.no_scan"),
            primitives=sorted(prims),
        )
    # the mask is read with the input, through xs: the scan over the T steps is handed more than
    # the inputs per step (the mask, or arrays made from it), not the mask carried or closed over
    # and indexed by a counter
    for consts, carry, per_step in scan_operand_shapes(L.masked_decay, xs, valid):
        long = [shape for shape in per_step if shape[:1] == (T,)]
        if long and len(long) < 2 and all(len(shape) == 1 for shape in long):
            said = {"xs": ", ".join(map(str, per_step))}
            if (T,) in consts + carry:  # a whole length-T array reaches every step
                fail(msg("ex_a1_6_fix2.mask_not_in_xs", t=T), **said)
            if _zero_taken_for_padding(L):  # the body tells padding by the input's value
                fail(msg("ex_a1_6_fix2.mask_not_read", t=T), **said)
            fail(msg("ex_a1_6_fix2.mask_not_stepped", t=T), **said)  # e.g. a length from the mask
