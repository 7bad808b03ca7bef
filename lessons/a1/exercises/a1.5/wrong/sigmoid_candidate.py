# expect: failed cell "候选值用 σ"
# expect.en: "candidate uses σ"
# 错误示范:四个块一律用 sigmoid,候选值也被压到了 (0, 1)。
def lstm_cell(params, carry, x_t):
    h_old, c_old = carry
    act = jnp.dot(params["W"], x_t) + jnp.dot(params["U"], h_old) + params["b"]
    blk = jnp.split(act, 4)
    sig = jax.nn.sigmoid
    gate_i, gate_f, gate_o = sig(blk[0]), sig(blk[1]), sig(blk[2])
    cand = sig(blk[3])
    c_out = gate_f * c_old + gate_i * cand
    return gate_o * jnp.tanh(c_out), c_out


def lstm_masked(params: dict, xs, mask, use_ckpt: bool = False) -> tuple:
    width = params["b"].shape[0] // 4

    def tick(hc, item):
        x_now, keep = item
        fresh = lstm_cell(params, hc, x_now)
        hc = (jnp.where(keep, fresh[0], hc[0]), jnp.where(keep, fresh[1], hc[1]))
        return hc, jnp.where(keep, hc[0], 0.0)

    if use_ckpt:
        tick = jax.checkpoint(tick)
    blank = jnp.zeros((width,), xs.dtype)
    (h_end, _), per_step = lax.scan(tick, (blank, blank), (xs, mask))
    return h_end, per_step
