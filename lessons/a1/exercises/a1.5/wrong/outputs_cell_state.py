# expect: failed padding_zero "细胞状态 c_t" not "晚了一步"
# expect.en: "cell states c_t" not "one step late"
# expect.silent: mask_holes
# 错误示范:每步输出取错了 carry 的项,拿到的是 c 而不是 h。
# mask_holes 要沉默:最终 h 都对,状态冻结没问题,不对的只是输出,padding_zero 已经说了。
def lstm_cell(params, carry, x_t):
    h_old, c_old = carry
    act = jnp.dot(params["W"], x_t) + jnp.dot(params["U"], h_old) + params["b"]
    blk = jnp.split(act, 4)
    sig = jax.nn.sigmoid
    gate_i, gate_f, gate_o = sig(blk[0]), sig(blk[1]), sig(blk[2])
    cand = jnp.tanh(blk[3])
    c_out = gate_f * c_old + gate_i * cand
    return gate_o * jnp.tanh(c_out), c_out


def lstm_masked(params: dict, xs, mask, use_ckpt: bool = False) -> tuple:
    width = params["b"].shape[0] // 4

    def tick(hc, item):
        x_now, keep = item
        fresh = lstm_cell(params, hc, x_now)
        hc = (jnp.where(keep, fresh[0], hc[0]), jnp.where(keep, fresh[1], hc[1]))
        return hc, jnp.where(keep, hc[1], 0.0)

    if use_ckpt:
        tick = jax.checkpoint(tick)
    blank = jnp.zeros((width,), xs.dtype)
    (h_end, _), per_step = lax.scan(tick, (blank, blank), (xs, mask))
    return h_end, per_step
