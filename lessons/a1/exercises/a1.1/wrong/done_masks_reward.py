# expect: failed loop "乘在了这一步自己的奖励上" not "终止那一步自己的奖励"
# expect.en: "masks the step's own reward" not "final step's own reward"
# 错误示范:把 (1 − d) 乘到了当前奖励上,未来的回报照样一路加回来。


def discounted_returns(rewards: jax.Array, dones: jax.Array, gamma) -> jax.Array:
    def one_step_back(g_later, item):
        reward_now, ended = item
        g_now = reward_now * (1.0 - ended) + gamma * g_later
        return g_now, g_now

    zero = jnp.array(0.0, dtype=jnp.float32)
    _, per_t = lax.scan(one_step_back, zero, xs=(rewards, dones), reverse=True)
    return per_t
