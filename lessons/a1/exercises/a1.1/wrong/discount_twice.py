# expect: failed loop "γ²" not "下一步的终止标志"
# expect.en: "γ²" not "the next step's done flag"
# 错误示范:先把后一步的回报折一次,写进 carry 前又乘了一次 γ,每往前一步实际折扣是 γ²。


def discounted_returns(rewards: jax.Array, dones: jax.Array, gamma) -> jax.Array:
    """反向扫描;carry 是已经折扣过一次的后一步回报。"""
    keep = 1.0 - dones

    def back(discounted_later, pair):
        r_t, k_t = pair
        g_t = r_t + gamma * k_t * discounted_later
        return gamma * g_t, g_t

    start = jnp.zeros((), dtype=rewards.dtype)
    _, out = lax.scan(back, start, (rewards, keep), reverse=True)
    return out
