# expect: failed shape "最后的 carry"
# expect.en: "final carry"
# 返回了 scan 的最终 carry(只有 G_0 这一个数),而不是逐步输出。
def discounted_returns(rewards: jax.Array, dones: jax.Array, gamma):
    def back(nxt, item):
        reward_now, done_now = item
        value = reward_now + gamma * (1.0 - done_now) * nxt
        return value, None

    first_return, _ = lax.scan(back, jnp.float32(0.0), reverse=True, xs=(rewards, dones))
    return first_return
