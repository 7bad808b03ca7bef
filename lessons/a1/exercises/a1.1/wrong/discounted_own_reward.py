# expect: failed loop "γ 把这一步自己的奖励也折扣了"
# expect.en: "γ multiplies the step's own reward too"
# expect.silent: done_truncates jit_vmap fresh gamma_each_call
# 把“折扣”理解成每一项都乘 γ:这一步自己的奖励也被打了折。逐步递推的检查说出这一点;
# 之后的批量、新数据和第二次调用算出的是同一个错误,不再重复。
def discounted_returns(rewards: jax.Array, dones: jax.Array, gamma) -> jax.Array:
    def back(after, item):
        reward, done = item
        now = gamma * reward + gamma * (1.0 - done) * after
        return now, now

    start = jnp.zeros_like(rewards[0])
    return lax.scan(back, start, (rewards, dones), reverse=True)[1]
