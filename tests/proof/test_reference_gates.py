"""The float64 references of the chapter-7 checks against what float32 JAX programs rightly give at
a ReLU's kink: a per-sample gradient norm whose hidden unit sits on the kink is right with none,
half (jnp.maximum) or all of the gradient through that unit, and a norm off by a real mistake is
still refused."""

import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "checks"))
import _ch7  # noqa: E402

pytestmark = pytest.mark.proof

# unit 1 of the hidden layer gets exactly 0 for X[0] (1·0.25 + 1·(−0.25) + 0) in any precision
PARAMS = {
    "dense_0": {
        "w": np.array([[0.5, 0.25, -0.3], [0.2, -0.25, 0.7]], np.float32),
        "b": np.array([0.1, 0.0, 0.05], np.float32),
    },
    "dense_1": {
        "w": np.array([[0.4, -0.6], [0.9, 0.3], [-0.2, 0.5]], np.float32),
        "b": np.array([0.0, 0.1], np.float32),
    },
}
X = np.array([[1.0, 1.0], [0.3, -0.8]], np.float32)
Y = np.array([0, 1], np.int32)


def _jax_norm(activation, x, y) -> float:
    import jax
    import jax.numpy as jnp

    def loss(p):
        h = activation(x @ p["dense_0"]["w"] + p["dense_0"]["b"])
        return -jax.nn.log_softmax(h @ p["dense_1"]["w"] + p["dense_1"]["b"])[y]

    grads = jax.grad(loss)(jax.tree.map(jnp.asarray, PARAMS))
    return float(jnp.sqrt(sum(jnp.sum(g * g) for g in jax.tree.leaves(grads))))


@pytest.mark.parametrize("activation", ["maximum", "relu"])
def test_norm_on_the_kink_is_accepted(activation):
    import jax
    import jax.numpy as jnp

    act = {"maximum": lambda z: jnp.maximum(z, 0.0), "relu": jax.nn.relu}[activation]
    actual = np.array([_jax_norm(act, X[i], Y[i]) for i in range(2)])
    assert _ch7.np_unsure_gates(PARAMS, X[0]) == [(0, 1)]
    off = _ch7.grad_norms_off(PARAMS, X, Y, [0, 1], actual, rtol=1e-4, atol=2e-5)
    assert not off.any(), (
        actual,
        [_ch7.np_per_sample_grad_norm_choices(PARAMS, x, y) for x, y in zip(X, Y, strict=True)],
    )


def test_kink_choices_differ_and_a_wrong_norm_is_refused():
    choices = _ch7.np_per_sample_grad_norm_choices(PARAMS, X[0], Y[0])
    assert len({round(c, 9) for c in choices}) == 3  # none, half, all of the unit's gradient
    assert _ch7.np_per_sample_grad_norm_choices(PARAMS, X[1], Y[1]) == [
        _ch7.np_per_sample_grad_norm(PARAMS, X[1], Y[1])
    ]  # no unit near its kink: the float64 gates only
    wrong_label = _ch7.np_per_sample_grad_norm(PARAMS, X[0], 1 - Y[0])
    off = _ch7.grad_norms_off(
        PARAMS, X, Y, [0, 1], [wrong_label, 1.001 * choices[0]], rtol=1e-4, atol=2e-5
    )
    assert off.tolist() == [True, True]
