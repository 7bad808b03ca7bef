# expect: failed weights_as_args "闭包或全局变量" "没被读到"
# 先用 init_lstm 造了一组演示权重放在全局,循环体里顺手用了它:lstm_masked 收到的 params 被晾在一边。
demo_params = init_lstm(jax.random.key(0), 3, 6)


def lstm_cell(params: dict, carry, x_t):
    h, c = carry
    z = jnp.dot(params["W"], x_t) + jnp.dot(params["U"], h) + params["b"]
    zi, zf, zo, zg = jnp.split(z, 4)
    c = jax.nn.sigmoid(zf) * c + jax.nn.sigmoid(zi) * jnp.tanh(zg)
    return jax.nn.sigmoid(zo) * jnp.tanh(c), c


def step(carry, inputs):
    x_t, m_t = inputs
    new = lstm_cell(demo_params, carry, x_t)
    carry = jax.tree.map(lambda a, b: jnp.where(m_t, a, b), new, carry)
    return carry, jnp.where(m_t, carry[0], 0.0)


def lstm_masked(params: dict, xs, mask, use_ckpt: bool = False):
    body = jax.checkpoint(step) if use_ckpt else step
    zeros = jnp.zeros(params["U"].shape[1])
    (h, _), hs = lax.scan(body, (zeros, zeros), (xs, mask))
    return h, hs
