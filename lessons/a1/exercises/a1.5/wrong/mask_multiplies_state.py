# expect: failed final_state "全是 0" "jnp.where"
# expect.en: "all zeros" "jnp.where"
# 错误示范:用乘掩码代替“保留旧状态”,填充步把 h 和 c 都清成了 0。
def lstm_cell(params: dict, carry, x_t):
    h, c = carry
    gates = params["W"] @ x_t + params["U"] @ h + params["b"]
    gi, gf, go, gg = jnp.split(gates, 4)
    c2 = jax.nn.sigmoid(gf) * c + jax.nn.sigmoid(gi) * jnp.tanh(gg)
    return jax.nn.sigmoid(go) * jnp.tanh(c2), c2


def lstm_masked(params: dict, xs, mask, use_ckpt: bool = False):
    size = params["U"].shape[1]

    def advance(state, pair):
        x_t, keep = pair
        h2, c2 = lstm_cell(params, state, x_t)
        w = jnp.asarray(keep, h2.dtype)
        return (w * h2, w * c2), w * h2

    if use_ckpt:
        advance = jax.checkpoint(advance)
    start = (jnp.zeros(size, xs.dtype), jnp.zeros(size, xs.dtype))
    (h_last, _), hs = lax.scan(advance, start, (xs, mask))
    return h_last, hs
