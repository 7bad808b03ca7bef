"""The a1.5 checks' inputs and runs: parameters and padded batches made from seeds (the padding
filled with zeros or with large values), one sequence's arguments for reading its program, and
the learner's lstm_masked run under jit(vmap(...)) or differentiated, with the compiled functions
kept per learner function so that the checks share compiles. Used by ex_a1_5 as `I`."""

import _a1 as A1
import numpy as np

from tutor.worker.checklib import as_array, as_tuple, f64, msg, rng

D, H, T = 3, 6, 7
LENGTHS = [7, 4, 1, 5]


def params(seed, d=D, hid=H):
    """float32 LSTM weights from a seed (stacked gates i, f, o, g; forget-gate bias + 1)."""
    g = rng(seed)
    P = {
        "W": g.normal(size=(4 * hid, d)) / np.sqrt(d),
        "U": g.normal(size=(4 * hid, hid)) / np.sqrt(hid),
        "b": 0.3 * g.normal(size=4 * hid),
    }
    P["b"][hid : 2 * hid] += 1.0
    return {k: v.astype(np.float32) for k, v in P.items()}


def p64(P):
    """The same weights in float64, for the NumPy references."""
    return {k: f64(v) for k, v in P.items()}


def batch(seed, lengths=LENGTHS, t=T, d=D, fill=0.0):
    """A padded batch (B, t, d) and its mask; padding holds `fill` × normal noise."""
    g = rng(seed)
    xs = g.normal(size=(len(lengths), t, d)).astype(np.float32)
    mask = np.arange(t)[None, :] < np.array(lengths)[:, None]
    junk = fill * g.normal(size=xs.shape).astype(np.float32)
    xs = np.where(mask[..., None], xs, junk).astype(np.float32)
    return xs, mask


def jnp_params(P):
    """The weights as JAX arrays, for the learner's functions."""
    import jax.numpy as jnp

    return {k: jnp.asarray(v) for k, v in P.items()}


_JITTED: dict = {}  # one compiled function per (learner function, kind): the checks share compiles


def _cached(L, kind, build):
    key = (id(L.lstm_masked), kind)
    if key not in _JITTED:
        _JITTED[key] = build()
    return _JITTED[key]


def run_batch(L, P, xs, mask):
    """jit(vmap(lstm_masked)) on a batch; the result validated as (h (B, H), hs (B, T, H))."""
    import jax
    import jax.numpy as jnp

    fn = _cached(L, "batch", lambda: jax.jit(jax.vmap(L.lstm_masked, in_axes=(None, 0, 0))))
    with A1.returned_values("lstm_masked"):
        out = fn(jnp_params(P), jnp.asarray(xs), jnp.asarray(mask))
    B, t = mask.shape
    return A1.array_pair(
        out, msg("_lstm_inputs.batched_result"), ("h_final", "hs"), ((B, H), (B, t, H))
    )


def sequence_args(P_seed=1507, t=T):
    """(params, xs, mask) of one sequence of length t, for reading lstm_masked's program."""
    import jax.numpy as jnp

    return jnp_params(params(P_seed)), jnp.zeros((t, D)), jnp.arange(t) < 5


def loss_grad(L, use_ckpt):
    """jit(grad) of mean(h_final²) over a batch, with or without checkpointing."""
    import jax
    import jax.numpy as jnp

    def loss(p, X, M):
        out = jax.vmap(lambda x, m: L.lstm_masked(p, x, m, use_ckpt))(X, M)
        h = as_tuple(out, 2, msg("_lstm_inputs.result_pair"))[0]
        return jnp.mean(h**2)

    return _cached(L, ("grad", bool(use_ckpt)), lambda: jax.jit(jax.grad(loss)))


def grads(L, use_ckpt, P, xs, mask):
    """The parameter gradients of mean(h_final²), each leaf checked for its shape."""
    import jax.numpy as jnp

    g = loss_grad(L, use_ckpt)(jnp_params(P), jnp.asarray(xs), jnp.asarray(mask))
    return {k: as_array(g[k], f"∂L/∂{k}", shape=P[k].shape) for k in ("W", "U", "b")}
