"""Repair 7.2-fix4: masking with -inf gives NaN on a fully invalid row -> fill with the finite
finfo.min.

Checks: on fresh logits with a fully masked row the result is finite, zero on invalid places,
softmax over the valid places, uniform on the fully masked row (a row of zeros is said to be a
NaN replaced afterwards, or the mask multiplied in after the softmax, whichever the check
computed) ("values"); the gradient of a loss
that gives the masked row weight 0 is finite and equals float64 ("grad")."""

import _repair_ch7 as R
import numpy as np

from tutor.worker.checklib import Checks, Mistake, assert_close, assert_that, compare, msg, rng

checks = Checks("ex_7_2_fix4")


def _data(seed):
    import jax.numpy as jnp

    g = rng(seed)
    z = (2.0 * g.normal(size=(4, 5))).astype(np.float32)
    allowed = g.random((4, 5)) < 0.6
    allowed[:, 0] = True
    allowed[2] = False  # a padding row: nothing is valid
    return jnp.asarray(z), jnp.asarray(allowed)


def _want(z, allowed):
    z, allowed = np.asarray(z, np.float64), np.asarray(allowed)
    e = np.where(
        allowed,
        np.exp(z - np.where(allowed, z, -np.inf).max(-1, keepdims=True, initial=-np.inf)),
        0.0,
    )
    out = e / np.where(e.sum(-1, keepdims=True) > 0, e.sum(-1, keepdims=True), 1.0)
    out[~allowed.any(-1)] = 1.0 / z.shape[1]
    return out


def _softmax_rows(z):
    e = np.exp(z - z.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True)


def _leak_cause(out, z, allowed, full) -> str:
    """Why invalid positions got probability, said only when computed on the partly valid rows:
    the softmax of the other positions (the mask inverted), the log of the right probabilities
    (log_softmax), or a softmax whose invalid logits were filled with one value c too large."""
    z64, ok = np.asarray(z, np.float64), np.asarray(allowed)
    rows, got = z64[full], out[full]
    near = lambda want: compare(got, want, rtol=1e-4, atol=1e-6) is None  # noqa: E731
    inverted = _softmax_rows(np.where(ok[full], -np.inf, rows))
    if (~ok[full]).any(-1).all() and near(inverted):
        return msg("ex_7_2_fix4.mask_inverted")
    valid = ok[full]
    right = np.log(np.where(valid, _want(z, allowed)[full], 1.0))
    same = compare(got[valid], right[valid], rtol=1e-4, atol=1e-5) is None
    if same and np.all(got[~valid] < -1e30):
        return msg("ex_7_2_fix4.log_probabilities")
    leaks = np.argwhere(~ok[full] & (got > 0))
    if not len(leaks):
        return ""
    r, k = leaks[0]
    j = int(np.argmax(ok[full][r]))
    if got[r, j] > 0:
        c = rows[r, j] + np.log(got[r, k] / got[r, j])
        if near(_softmax_rows(np.where(ok[full], rows, c))):
            # the fill read back carries float32 rounding: a whole number that gives the same
            # result is the fill itself (0.0 is read back as about 1e-7)
            whole = float(np.round(c))
            if near(_softmax_rows(np.where(ok[full], rows, whole))):
                return msg("ex_7_2_fix4.fill_whole_too_large", fill=whole)
            return msg("ex_7_2_fix4.fill_too_large", fill=float(c))
    return ""


@checks.add("values")
def _(L):
    z, allowed = _data(791)
    out = R.as_array(L.masked_softmax(z, allowed), "masked_softmax(z, allowed)", shape=(4, 5))
    want, full = _want(z, allowed), np.asarray(allowed).any(-1)
    bad = ~np.isfinite(out)
    assert_that(
        not bad.any(),
        msg(
            "ex_7_2_fix4.nan_in_invalid_row",
            count=int(bad.sum()),
            rows=sorted(set(np.argwhere(bad)[:, 0].tolist())),
            why=_nan_made_by(L, allowed, z) if bad.any() else "",
        ),
        actual=out,
    )
    leak = np.abs(out[full][~np.asarray(allowed)[full]]).max(initial=0.0)
    assert_that(
        leak < 1e-7,
        msg("ex_7_2_fix4.invalid_got_probability", leak=leak) + _leak_cause(out, z, allowed, full),
        actual=out,
    )
    z64 = np.asarray(z, np.float64)
    plain = np.exp(z64 - z64.max(-1, keepdims=True))
    unnormalised = np.where(np.asarray(allowed), plain / plain.sum(-1, keepdims=True), 0.0)
    zero_filled = np.where(np.asarray(allowed), z64, 0.0)
    zero_filled = np.exp(zero_filled - zero_filled.max(-1, keepdims=True))
    zero_filled = np.where(np.asarray(allowed), zero_filled / zero_filled.sum(-1, keepdims=True), 0)
    assert_close(
        out[full],
        want[full],
        rtol=1e-5,
        atol=1e-7,
        what=msg("ex_7_2_fix4.partly_valid_rows"),
        msg=msg("ex_7_2_fix4.softmax_differs"),
        mistakes=[
            Mistake(
                "mask_after",
                unnormalised[full],
                msg("ex_7_2_fix4.not_renormalized"),
            ),
            Mistake(
                "zero_fill_masked",
                zero_filled[full],
                msg("ex_7_2_fix4.zero_filled_then_masked"),
            ),
            Mistake(
                "batch_axis",
                _over_batch(z, allowed)[full],
                msg("ex_7_2_fix4.softmax_over_batch"),
            ),
        ],
    )
    row = out[~full][0]
    assert_close(
        row,
        np.full_like(row, 1.0 / 5),
        rtol=1e-5,
        atol=1e-6,
        what=msg("ex_7_2_fix4.invalid_row"),
        msg=msg(
            "ex_7_2_fix4.invalid_row_not_uniform",
            got="[" + ", ".join(f"{v:.4g}" for v in row) + "]",
        )
        + (_zeroed_row(L, out, allowed, z) if np.all(row == 0.0) else _raw_row(row, z, full)),
    )


def _over_batch(z, allowed):
    """float64 softmax along axis 0 (the batch) of the logits filled with float32's finfo.min."""
    filled = np.where(np.asarray(allowed), np.asarray(z, np.float64), np.finfo(np.float32).min)
    e = np.exp(filled - filled.max(0, keepdims=True))
    return e / e.sum(0, keepdims=True)


def _raw_row(row, z, full) -> str:
    """The row with no valid position equals the softmax of its raw logits (kept, not filled)."""
    raw = np.asarray(z, np.float64)[~full][0]
    raw = np.exp(raw - raw.max())
    raw = raw / raw.sum()
    if compare(row, raw, rtol=1e-5, atol=1e-6) is None:
        return msg("ex_7_2_fix4.invalid_row_raw_softmax")
    return ""


def _nan_made_by(L, allowed, z) -> str:
    """Which operation made the first NaN, as checkify reports it: a subtraction (-inf − -inf on
    an all -inf row) or a division by zero (the masked exp sums to 0). Else no cause is named."""
    import re

    from jax.experimental import checkify

    try:
        err, _ = checkify.checkify(
            lambda x: L.masked_softmax(x, allowed), errors=checkify.float_checks
        )(z)
        report = err.get()
    except Exception:  # the probe is ours: a failure of it names nothing
        return msg("ex_7_2_fix4.nan_generic")
    first = (report or "").splitlines()[0].rstrip(".") if report else ""
    made = re.search(r"nan generated by primitive: (\w+)", first)
    if made and made.group(1) == "sub":
        return msg("ex_7_2_fix4.nan_from_sub", checkify=first)
    if first.startswith("division by zero") or (made and made.group(1) == "div"):
        return msg("ex_7_2_fix4.nan_from_div", checkify=first)
    return msg("ex_7_2_fix4.nan_generic")


def _zeroed_row(L, out, allowed, z) -> str:
    """Why the row with no valid position is all 0: a NaN made on the way and replaced, or (no
    NaN made) the whole result is the softmax with a finite fill times the mask."""
    hidden = _nan_hidden(L, allowed, z)
    if hidden:
        return hidden
    masked = _want(z, allowed) * np.asarray(allowed)  # the fully invalid rows zeroed as well
    if compare(out, masked, rtol=1e-5, atol=1e-7) is None:
        return msg("ex_7_2_fix4.mask_zeroes_row", k=np.shape(z)[-1])
    return ""


def _nan_hidden(L, allowed, z) -> str:
    """A row of zeros is a NaN replaced afterwards only when checkify finds a NaN made on the way
    (a finite fill zeroed afterwards makes none): a 0/0 of the normalization, or another NaN."""
    from jax.experimental import checkify

    try:
        err, _ = checkify.checkify(
            lambda x: L.masked_softmax(x, allowed), errors=checkify.float_checks
        )(z)
        report = err.get()
    except Exception:
        return ""
    first = "" if report is None else report.splitlines()[0].rstrip(".")
    if "division by zero" in first.lower():  # the normalization's 0/0 (exp zeroed by the mask)
        return msg("ex_7_2_fix4.zero_over_zero_replaced", checkify=first)
    if "nan" not in first.lower():
        return ""
    return msg("ex_7_2_fix4.nan_replaced_after", checkify=first)


@checks.add("grad", needs="values")
def _(L):
    import jax

    z, allowed = _data(792)
    target = np.asarray(_want(z, allowed) > 0.3, np.float32)
    row_w = np.array([1.0, 2.0, 0.0, 1.0], np.float32)

    loss = lambda z: (row_w[:, None] * L.masked_softmax(z, allowed) * target).sum()  # noqa: E731 (named <lambda> in compile logs)
    grad = R.finite(jax.jit(jax.grad(loss))(z), msg("ex_7_2_fix4.grad_z"))
    p = _want(z, allowed)
    inner = (p * target).sum(-1, keepdims=True)
    want = row_w[:, None] * p * (target - inner)
    assert_close(
        R.as_array(grad, msg("ex_7_2_fix4.grad_z"), shape=(4, 5)),
        want,
        rtol=1e-4,
        atol=1e-6,
        what=msg("ex_7_2_fix4.grad_z"),
        msg=msg("ex_7_2_fix4.grad_differs"),
    )
