# Exercise a1.5: an LSTM on variable-length sequences: masks freeze the state, scan walks time, vmap the batch, plus grad and checkpoint
# The chapter context has already imported np, jax, jnp, lax and defined init_lstm(key, D, H) (see the "Context" tab).


def lstm_cell(params: dict, carry, x_t):
    """One LSTM step: carry = (h, c); gate row blocks in the order i, f, o, g. Returns (h_new, c_new)."""
    raise NotImplementedError


def lstm_masked(params: dict, xs, mask, use_ckpt: bool = False):
    """One sequence: xs (T, D), mask (T,) bool. Padding steps keep (h, c) unchanged and output 0.
    Returns (final h, per-step outputs hs (T, H)); with use_ckpt=True the body is wrapped in jax.checkpoint."""
    raise NotImplementedError


# You can try things out below (the check does not rely on this code):
# demo_params = init_lstm(jax.random.key(0), 3, 6)
# true_len = jnp.array([7, 4, 1, 5])
# demo_mask = jnp.arange(7)[None, :] < true_len[:, None]
# demo_xs = jnp.where(demo_mask[..., None], jax.random.normal(key=jax.random.key(1), shape=(4, 7, 3)), 0.0)
# run_all = jax.vmap(lstm_masked, (None, 0, 0))
# run_all = jax.jit(run_all)
# h_last, outputs = run_all(demo_params, demo_xs, demo_mask)
# print(h_last.shape, outputs.shape)
