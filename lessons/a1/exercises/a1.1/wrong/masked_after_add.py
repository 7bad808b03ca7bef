# expect: failed loop "终止那一步自己的奖励" not "整体错了一步" "从前往后"
# expect.en: "final step's own reward" not "off by one step" "forward recursion"
# 把 (1 − d) 乘在了整个和上:回合结束的那一步,连它自己的奖励都被清零了。
def discounted_returns(rewards: jax.Array, dones: jax.Array, gamma):
    def back(later, item):
        reward_now, done_now = item
        now = (reward_now + gamma * later) * (1.0 - done_now)
        return now, now

    start = jnp.zeros((), dtype=rewards.dtype)
    per_step = lax.scan(back, start, xs=(rewards, dones), reverse=True)[1]
    return per_step
