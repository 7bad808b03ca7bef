"""Repair 7.2-fix3: cross-entropy through log(softmax) gives inf/NaN on extreme logits ->
log_softmax.

Checks: the loss on fresh logits with ±900 and −130 entries is finite and equals float64 ("values");
its gradient in z is finite and equals (softmax − onehot)/B ("grad")."""

import _repair_ch7 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    Mistake,
    as_scalar,
    assert_close,
    assert_that,
    compare,
    later,
    msg,
    rng,
)
from tutor.worker.mistakes import Known, produced

checks = Checks("ex_7_2_fix3")


def _data(seed):
    import jax.numpy as jnp

    g = rng(seed)
    z = g.normal(size=(5, 4)).astype(np.float32)
    z[0] = [900.0, 10.0, -900.0, 3.0]
    z[1] = [2.0, -130.0, 0.0, 1.0]
    z[3] = [-950.0, -951.0, -953.0, -950.5]
    labels = np.array([0, 1, 2, 3, int(g.integers(0, 4))])
    return jnp.asarray(z), jnp.asarray(labels)


def _want(z, labels):
    z = np.asarray(z, np.float64)
    shifted = z - z.max(-1, keepdims=True)
    logp = shifted - np.log(np.exp(shifted).sum(-1, keepdims=True))
    onehot = np.eye(z.shape[1])[np.asarray(labels)]
    return -logp[np.arange(len(z)), np.asarray(labels)].mean(), (np.exp(logp) - onehot) / len(z)


def _per_row(z, labels, axis=-1):
    """float64 −log p of each row's label; `axis`: the axis the softmax normalises (0: the batch,
    a known mistake)."""
    z = np.asarray(z, np.float64)
    shifted = z - z.max(axis, keepdims=True)
    logp = shifted - np.log(np.exp(shifted).sum(axis, keepdims=True))
    return -logp[np.arange(len(z)), np.asarray(labels)]


def _block(z, labels):
    """float64 loss of logp[:, labels]: every row paired with every label (a B×B block)."""
    z = np.asarray(z, np.float64)
    shifted = z - z.max(-1, keepdims=True)
    logp = shifted - np.log(np.exp(shifted).sum(-1, keepdims=True))
    return -logp[:, np.asarray(labels)].mean()


# What the common slips give for the loss on the check's logits (computed, then matched).
MISTAKES = [
    Known(
        "sum",
        lambda z, labels: _per_row(z, labels).sum(),
        later("ex_7_2_fix3.summed_not_mean"),
    ),
    Known(
        "batch_axis",
        lambda z, labels: _per_row(z, labels, axis=0).mean(),
        later("ex_7_2_fix3.softmax_over_batch"),
    ),
    Known(
        "no_minus",
        lambda z, labels: -_per_row(z, labels).mean(),
        later("ex_7_2_fix3.negated"),
    ),
    Known("block", _block, later("ex_7_2_fix3.block_indexed")),
]


def _probe(L, row, label) -> float | None:
    """The learner's loss on one row of our own (None when it fails: the probe is ours, and a
    function that cannot take a row of our width shows nothing about its formula)."""
    import jax.numpy as jnp

    try:
        return float(as_scalar(L.xent(jnp.asarray([row]), jnp.asarray([label])), "xent"))
    except Exception:
        return None


def _not_finite_why(L) -> str:
    """Why the loss is inf/NaN, from rows of our own: a row (100, 99) overflows exp when the row
    maximum is not subtracted; a row whose right class has probability e^-200 underflows to 0 when
    the log is taken of probabilities. Each is said only when the row (1, 0) gives the right loss
    (the formula is otherwise right); log 2 on it is a shift by the column maxima (every logit of a
    single row becomes 0)."""
    plain = _probe(L, [1.0, 0.0], 1)
    if plain is None:  # a row of two logits cannot be probed: nothing more is shown
        return msg("ex_7_2_fix3.not_finite_generic")
    if not abs(plain - float(np.log1p(np.e))) < 1e-5:
        if abs(plain - float(np.log(2.0))) < 1e-5:  # one row minus its column maxima: all 0
            return msg("ex_7_2_fix3.max_per_column")
        return msg("ex_7_2_fix3.plain_row_wrong", probe=plain)
    over = _probe(L, [100.0, 99.0], 1)
    if over is not None and not np.isfinite(over):
        return msg("ex_7_2_fix3.max_not_subtracted", probe=over)
    under = _probe(L, [0.0, -200.0], 1)
    if under is not None and not np.isfinite(under):
        # the same row with label 0 (probability ≈ 1): the log of a probability is finite there
        likely = _probe(L, [0.0, -200.0], 0)
        if likely is not None and not np.isfinite(likely):
            return msg("ex_7_2_fix3.gap_overflows", probe=under, likely=likely)
        return msg("ex_7_2_fix3.log_of_probs", probe=under)
    return _batch_max_why(L) or msg("ex_7_2_fix3.not_finite_generic")


def _batch_max_why(L) -> str:
    """The rows (0, −1) and (−200, −201) each give the right loss alone; when the batch of the two
    does not, a row's shift depends on the other rows: the maximum is the whole batch's."""
    import jax.numpy as jnp

    right = float(np.log1p(np.exp(-1.0)))
    alone = _probe(L, [-200.0, -201.0], 0)
    if alone is None or not abs(alone - right) < 1e-4:
        return ""
    try:
        both = L.xent(jnp.asarray([[0.0, -1.0], [-200.0, -201.0]]), jnp.asarray([0, 0]))
        pair = float(as_scalar(both, "xent"))
    except Exception:  # the probe is ours: a failure only means nothing is said
        return ""
    if np.isfinite(pair):
        return ""
    return msg("ex_7_2_fix3.max_over_batch", probe=pair)


def _floored(z, labels, floor):
    """The loss of log-probabilities that are exact where the probability is a float32 number
    above exp(floor) and equal `floor` where it is not (underflowed to 0, then clipped or replaced):
    float64, from the stable log-probabilities."""
    z = np.asarray(z, np.float64)
    shifted = z - z.max(-1, keepdims=True)
    logp = shifted - np.log(np.exp(shifted).sum(-1, keepdims=True))
    prob32 = np.exp(logp).astype(np.float32).astype(np.float64)
    kept = np.where(prob32 > np.exp(floor), np.log(np.where(prob32 > 0, prob32, 1.0)), floor)
    return -kept[np.arange(len(z)), np.asarray(labels)].mean()


def _floor_mistakes(L, z, labels):
    """A floor under the log-probabilities, read from the learner's own xent: on one row whose
    right class has probability e^-200 and one with e^-300 (both 0 in float32) an exact loss is 200
    and 300; a floor gives the same value for both. The floor's loss on the check's logits is then
    a mistake to match: a clip of the probabilities (finite floor) or -inf replaced by a huge
    number (nan_to_num)."""
    import jax.numpy as jnp

    try:
        probes = [
            float(as_scalar(L.xent(jnp.asarray([[0.0, -gap]]), jnp.asarray([1])), "xent"))
            for gap in (200.0, 300.0)
        ]
    except Exception:  # the probe is ours: a learner's function that fails on it names nothing
        return []
    low, high = probes
    if not (np.isfinite(low) and low == high and 0 < low < 199):
        if not (np.isfinite(low) and low == high and low >= 1e30):
            return []
        return [
            Mistake(
                "replaced_inf",
                _floored(z, labels, -low),
                msg("ex_7_2_fix3.inf_replaced", value=low),
            )
        ]
    return [
        Mistake(
            "clipped_probs",
            _floored(z, labels, -low),
            msg("ex_7_2_fix3.probs_clipped", floor=float(np.exp(-low)), cap=low),
        )
    ]


@checks.add("values")
def _(L):
    z, labels = _data(781)
    value = as_scalar(L.xent(z, labels), "xent(z, labels)")
    assert_that(
        np.isfinite(value),
        msg(
            "ex_7_2_fix3.loss_not_finite",
            value=value,
            why="" if np.isfinite(value) else _not_finite_why(L),
        ),
        loss=value,
    )
    want = _want(z, labels)[0]
    differs = compare(value, want, rtol=1e-5, atol=1e-4) is not None
    floors = _floor_mistakes(L, z, labels) if differs else []
    assert_close(
        value,
        want,
        rtol=1e-5,
        atol=1e-4,
        what="xent(z, labels)",
        msg=msg("ex_7_2_fix3.loss_differs"),
        mistakes=produced(MISTAKES, z, labels) + floors,
    )


@checks.add("grad", needs="values")
def _(L):
    import jax

    z, labels = _data(782)
    grad = R.finite(jax.jit(jax.grad(R.scalar_fn(L.xent)))(z, labels), msg("ex_7_2_fix3.grad_z"))
    assert_close(
        R.as_array(grad, msg("ex_7_2_fix3.grad_z"), shape=(5, 4)),
        _want(z, labels)[1],
        rtol=1e-4,
        atol=1e-6,
        what=msg("ex_7_2_fix3.grad_z"),
        msg=msg("ex_7_2_fix3.grad_differs"),
        mistakes=[
            Mistake(
                "lse_stopped",
                -np.eye(4)[np.asarray(labels)] / len(labels),
                msg("ex_7_2_fix3.lse_stopped"),
            )
        ],
    )
