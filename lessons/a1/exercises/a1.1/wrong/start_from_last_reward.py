# expect: failed loop "从最后一个奖励" not "错了一步"
# expect.en: "started from the last reward" not "off by one step"
# 错误示范:以为末尾的回报就是最后一个奖励,拿它当 carry 初值,scan 又把最后一步算了一遍。


def discounted_returns(rewards: jax.Array, dones: jax.Array, gamma) -> jax.Array:
    def back(future, pair):
        reward, done = pair
        value = reward + gamma * (1.0 - done) * future
        return value, value

    _, returns = lax.scan(back, rewards[-1], (rewards, dones), reverse=True)
    return returns
