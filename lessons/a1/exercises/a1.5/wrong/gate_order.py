# expect: failed cell "i、f、g、o 的顺序"
# expect.en: "order i, f, g, o"
# 按 i、f、g、o 的顺序解包:输出门和候选值拿到了彼此的参数块。
def lstm_cell(params: dict, carry, x_t):
    h, c = carry
    in_g, forget_g, cand, out_g = jnp.split(jnp.dot(params["W"], x_t) + jnp.dot(params["U"], h) + params["b"], 4)
    c = jax.nn.sigmoid(forget_g) * c + jax.nn.sigmoid(in_g) * jnp.tanh(cand)
    return jax.nn.sigmoid(out_g) * jnp.tanh(c), c


def lstm_masked(params: dict, xs, mask, use_ckpt: bool = False):
    width = params["U"].shape[1]

    def step(state, inputs):
        x_t, keep = inputs
        fresh = lstm_cell(params, state, x_t)
        state = jax.tree.map(lambda a, b: jnp.where(keep, a, b), fresh, state)
        return state, jnp.where(keep, state[0], 0.0)

    body = step if not use_ckpt else jax.checkpoint(step)
    (h_last, _), seq = lax.scan(body, (jnp.zeros(width), jnp.zeros(width)), (xs, mask))
    return h_last, seq
