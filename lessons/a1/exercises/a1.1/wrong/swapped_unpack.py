# expect: failed loop "奖励和终止标志互换" not "从前往后"
# expect.en: "rewards and done flags exchanged" not "forward recursion"
# 错误示范:xs 按 (dones, rewards) 传进 scan,循环体却按 (奖励, 标志) 解包,两条序列被对调了。


def discounted_returns(rewards: jax.Array, dones: jax.Array, gamma) -> jax.Array:
    def back(g_next, step):
        r_t, d_t = step
        g_t = r_t + gamma * (1.0 - d_t) * g_next
        return g_t, g_t

    _, g = lax.scan(back, jnp.float32(0.0), (dones, rewards), reverse=True)
    return g
