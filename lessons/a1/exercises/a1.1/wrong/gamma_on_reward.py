# expect: failed loop "把这一步自己的奖励也折扣了" not "γ²"
# expect.en: "multiplies the step's own reward too" not "γ²"
# 错误示范:γ 乘在了整个括号外面,连当前这一步的奖励也打了折。


def discounted_returns(rewards: jax.Array, dones: jax.Array, gamma) -> jax.Array:
    alive = 1.0 - dones

    def back(g_after, x):
        r_t, a_t = x
        g_t = gamma * (r_t + a_t * g_after)
        return g_t, g_t

    _, g = lax.scan(back, jnp.zeros(()), (rewards, alive), reverse=True)
    return g
