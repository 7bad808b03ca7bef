"""Repair 6.7-fix1: vmap's default out_axes=0 broadcasts the shared parameters into a batch ->
out_axes=(0, None).

Checks: predictions are w·x + b and the returned params keep their shapes and values ("shared");
the program never broadcasts the params into a batch ("no_copy")."""

import _repair_ch6 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    as_array,
    as_tuple,
    assert_close,
    assert_equal,
    fail,
    msg,
    primitive_counts,
    rng,
)

checks = Checks("ex_6_7_fix1")

SYMPTOMS = {
    "word:out_axes": msg("ex_6_7_fix1.module.word_out_axes"),
    "word:map its argument": msg("ex_6_7_fix1.module.word_map_its_argumen"),
}


def _data(seed, n):
    import jax.numpy as jnp

    g = rng(seed)
    w, b = g.uniform(-2.0, 2.0, size=2).astype(np.float32)
    xs = g.uniform(-3.0, 3.0, size=n).astype(np.float32)
    return {"w": jnp.float32(w), "b": jnp.float32(b)}, jnp.asarray(xs), (float(w), float(b), xs)


@checks.add("shared")
def _(L):
    params, xs, (w, b, raw) = _data(671, 7)
    preds, back = as_tuple(
        R.call(L.predict_batch, params, xs, what="predict_batch", symptoms=SYMPTOMS),
        2,
        msg("ex_6_7_fix1.shared.as_tuple"),
    )
    assert_close(
        as_array(preds, "preds", shape=(7,)),
        w * raw.astype(np.float64) + b,
        rtol=1e-5,
        atol=1e-5,
        what="preds",
        msg=msg("ex_6_7_fix1.shared.msg"),
    )
    if not isinstance(back, dict) or set(back) != {"w", "b"}:
        fail(msg("ex_6_7_fix1.shared.fail"), actual=repr(back)[:200])
    shapes = {k: tuple(getattr(v, "shape", ())) for k, v in back.items()}
    if any(shapes.values()):
        assert_equal(
            shapes,
            {"w": (), "b": ()},
            msg("ex_6_7_fix1.shared.assert_equal", shapes=shapes),
            what=msg("ex_6_7_fix1.shared.what_2"),
        )
    assert_close(
        back,
        {"w": w, "b": b},
        rtol=1e-6,
        atol=1e-6,
        what=msg("ex_6_7_fix1.shared.what"),
        msg=msg("ex_6_7_fix1.shared.msg_2"),
    )


@checks.add("no_copy", needs="shared")
def _(L):
    params, xs, _ = _data(672, 5)
    prims = primitive_counts(L.predict_batch, params, xs)
    if prims.get("broadcast_in_dim"):
        fail(
            msg("ex_6_7_fix1.no_copy.fail"),
            primitives=sorted(prims),
        )
