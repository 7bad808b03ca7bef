# expect: failed loop "done 标志本身" not "下一步"
# expect.en: "done flag itself" not "next step's"
# 错误示范:忘了取反,乘的是 done 本身:回合没结束的步被截断,结束的步反而接上了后面的回报。
def discounted_returns(rewards: jax.Array, dones: jax.Array, gamma) -> jax.Array:
    def back(later, item):
        reward, finished = item
        now = reward + gamma * finished * later
        return now, now

    zero = jnp.zeros((), rewards.dtype)
    return lax.scan(back, zero, (rewards, dones), reverse=True)[1]
