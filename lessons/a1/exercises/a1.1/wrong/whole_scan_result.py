# expect: failed shape "整个结果"
# expect.en: "whole result"
# 把 lax.scan 的返回值原样交了出去:(最终 carry, 逐步输出) 这个二元组,而不是逐步输出本身。
def discounted_returns(rewards: jax.Array, dones: jax.Array, gamma):
    def back(later, item):
        reward_now, done_now = item
        now = reward_now + gamma * (1.0 - done_now) * later
        return now, now

    start = jnp.float32(0.0)
    return lax.scan(back, start, xs=(rewards, dones), reverse=True)
