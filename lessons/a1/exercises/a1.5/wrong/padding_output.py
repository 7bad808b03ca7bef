# expect: failed padding_zero "上一个有效步的 h"
# expect.en: "h of the previous valid step"
# expect.silent: padding_content mask_holes
# 状态冻结得没错,但 padding 步仍然输出上一个有效步的 h,而不是 0。
# 后面 padding_content、mask_holes 不能再把同一个输出问题说成“padding 输入不是 0 时”或“中间 False 步状态没冻住”:状态是对的。
def lstm_cell(params: dict, carry, x_t):
    h, c = carry
    gates = jnp.split(jnp.dot(params["W"], x_t) + jnp.dot(params["U"], h) + params["b"], 4)
    c = jax.nn.sigmoid(gates[1]) * c + jax.nn.sigmoid(gates[0]) * jnp.tanh(gates[3])
    return jax.nn.sigmoid(gates[2]) * jnp.tanh(c), c


def lstm_masked(params: dict, xs, mask, use_ckpt: bool = False):
    width = params["U"].shape[1]

    def step(state, inputs):
        x_t, keep = inputs
        fresh = lstm_cell(params, state, x_t)
        state = jax.tree.map(lambda a, b: jnp.where(keep, a, b), fresh, state)
        return state, state[0]

    body = step if not use_ckpt else jax.checkpoint(step)
    (h_last, _), seq = lax.scan(body, (jnp.zeros(width), jnp.zeros(width)), (xs, mask))
    return h_last, seq
