# expect: failed loop "前后颠倒" not "终止那一步" "整体错了一步"
# expect.en: "right answer in reverse order" not "final step's own reward" "off by one step"
# 以为 reverse=True 的输出是倒序排列的,又手动翻转了一次。
def discounted_returns(rewards: jax.Array, dones: jax.Array, gamma):
    def back(nxt, item):
        reward_now, done_now = item
        value = reward_now + gamma * (1.0 - done_now) * nxt
        return value, value

    _, values = lax.scan(back, jnp.float32(0.0), reverse=True, xs=(rewards, dones))
    return jnp.flip(values)
