# expect: failed loop "忽略终止标志"
# expect.en: "done flags were ignored"
# expect.silent: done_truncates fresh gamma_each_call
# 漏掉了 (1 - d_t):回合结束以后的奖励仍然被折扣累加进来。
def discounted_returns(rewards: jax.Array, dones: jax.Array, gamma):
    def back(nxt, item):
        reward_now, _unused_done = item
        value = reward_now + gamma * nxt
        return value, value

    _, values = lax.scan(back, jnp.float32(0.0), reverse=True, xs=(rewards, dones))
    return values
