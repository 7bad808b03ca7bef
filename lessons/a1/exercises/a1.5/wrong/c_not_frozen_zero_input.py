# expect: failed mask_holes "只冻结了 h"
# expect.en: "freezing only h"
# padding 步先把输入换成 0 再算一步,然后只保留旧的 h;c 却用这一步(输入为 0)的新值继续往下传。
def lstm_cell(params: dict, carry, x_t):
    h, c = carry
    pre = params["W"] @ x_t + params["U"] @ h + params["b"]
    i_pre, f_pre, o_pre, g_pre = jnp.split(pre, 4)
    c_next = jax.nn.sigmoid(f_pre) * c + jax.nn.sigmoid(i_pre) * jnp.tanh(g_pre)
    return jax.nn.sigmoid(o_pre) * jnp.tanh(c_next), c_next


def lstm_masked(params: dict, xs, mask, use_ckpt: bool = False):
    hidden = params["U"].shape[1]

    def advance(carry, pair):
        x_t, valid = pair
        h_next, c_next = lstm_cell(params, carry, jnp.where(valid, x_t, jnp.zeros_like(x_t)))
        h_keep = jnp.where(valid, h_next, carry[0])
        return (h_keep, c_next), jnp.where(valid, h_next, jnp.zeros_like(h_next))

    if use_ckpt:
        advance = jax.checkpoint(advance)
    start = (jnp.zeros(hidden, xs.dtype), jnp.zeros(hidden, xs.dtype))
    (h_last, _), outs = lax.scan(advance, start, (xs, mask))
    return h_last, outs
