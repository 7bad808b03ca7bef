# expect: failed mask_holes "只冻结了 h"
# expect.en: "freezing only h"
# 以为“冻结状态”就是冻结 h:padding 步上 h 保持不变、输出 0,可 c 仍然照常更新。
def lstm_cell(params: dict, carry, x_t):
    h, c = carry
    z = jnp.dot(params["W"], x_t) + jnp.dot(params["U"], h) + params["b"]
    gi, gf, go, gg = jnp.split(z, 4)
    c = jax.nn.sigmoid(gf) * c + jax.nn.sigmoid(gi) * jnp.tanh(gg)
    return jax.nn.sigmoid(go) * jnp.tanh(c), c


def lstm_masked(params: dict, xs, mask, use_ckpt: bool = False):
    width = params["U"].shape[1]

    def step(state, inputs):
        x_t, keep = inputs
        h_old, _ = state
        h_new, c_new = lstm_cell(params, state, x_t)
        h_kept = jnp.where(keep, h_new, h_old)        # 只冻结了 h
        return (h_kept, c_new), jnp.where(keep, h_kept, 0.0)

    body = jax.checkpoint(step) if use_ckpt else step
    (h_last, _), seq = lax.scan(body, (jnp.zeros(width), jnp.zeros(width)), (xs, mask))
    return h_last, seq
