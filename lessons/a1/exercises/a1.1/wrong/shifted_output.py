# expect: failed loop "结果整体错了一步" not "终止那一步" "前后颠倒"
# expect.en: "off by one step" not "final step's own reward" "reversed"
# scan 主体把收到的 carry(后一步的回报)当成了本步输出,新算出的回报只交给了下一步。
def discounted_returns(rewards: jax.Array, dones: jax.Array, gamma):
    def back(later, item):
        reward_now, done_now = item
        now = reward_now + gamma * (1.0 - done_now) * later
        return now, later

    start = jnp.zeros((), dtype=rewards.dtype)
    per_step = lax.scan(back, start, xs=(rewards, dones), reverse=True)[1]
    return per_step
