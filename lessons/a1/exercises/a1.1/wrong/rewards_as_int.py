# expect: failed loop "小数部分都丢了" not "carry 的初值"
# expect.en: "lost its fraction" not "start the carry"
# 把奖励先 astype(jnp.int32) 再交给 scan,carry 本身是浮点:错在奖励被截成整数,和 carry 的 dtype 无关。
def discounted_returns(rewards: jax.Array, dones: jax.Array, gamma) -> jax.Array:
    whole = rewards.astype(jnp.int32)          # "rewards are counts anyway"

    def back_one(future, step):
        r_t, d_t = step
        now = r_t + gamma * (1.0 - d_t) * future
        return now, now

    _, returns = lax.scan(back_one, jnp.zeros(()), (whole, dones), reverse=True)
    return returns
