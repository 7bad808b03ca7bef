# expect: failed loop "从前往后" not "终止那一步" "整体错了一步"
# expect.en: "forward recursion" not "final step's own reward" "off by one step"
# 忘了 reverse=True:scan 从第 0 步往后累加,得到的是“过去”的折扣和,不是未来的回报。
def discounted_returns(rewards: jax.Array, dones: jax.Array, gamma):
    def accumulate(acc, item):
        reward_now, done_now = item
        acc = reward_now + gamma * (1.0 - done_now) * acc
        return acc, acc

    _, history = lax.scan(accumulate, jnp.float32(0.0), (rewards, dones))
    return history
