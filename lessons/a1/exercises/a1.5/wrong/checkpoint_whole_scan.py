# expect: failed ckpt_used "包住了整个 scan"
# expect.en: "wraps the whole scan"
# use_ckpt=True 时把 jax.checkpoint 套在了整个 scan 外面:梯度没变,但每一步的中间值照样全存,省不了内存。
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
        proposal = lstm_cell(params, state, x_t)
        state = jax.tree.map(lambda new, old: jnp.where(keep, new, old), proposal, state)
        return state, jnp.where(keep, state[0], 0.0)

    def run(p_xs, p_mask):
        start = (jnp.zeros(width), jnp.zeros(width))
        (h_last, _), seq = lax.scan(step, start, (p_xs, p_mask))
        return h_last, seq

    if use_ckpt:
        run = jax.checkpoint(run)          # 整个 scan 被包了起来
    return run(xs, mask)
