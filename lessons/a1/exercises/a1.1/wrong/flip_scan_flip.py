# expect: failed scan_reverse "翻转" "reverse=True"
# expect.en: "flip" "reverse=True"
# 不想用 reverse=True:先把奖励和终止标志翻过来,正向扫描,再把结果翻回去。数值没错,但多了两次翻转拷贝。
def discounted_returns(rewards: jax.Array, dones: jax.Array, gamma):
    def accumulate(later, item):
        reward_now, done_now = item
        now = reward_now + gamma * (1.0 - done_now) * later
        return now, now

    backwards = (jnp.flip(rewards), jnp.flip(dones))
    _, reversed_returns = lax.scan(accumulate, jnp.zeros((), rewards.dtype), backwards)
    return jnp.flip(reversed_returns)
