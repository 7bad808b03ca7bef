# expect: failed loop "前后颠倒" "输入和输出都不用翻转" not "不要再把结果"
# expect.en: "in reverse order" "neither its inputs nor its outputs" not "do not apply [::-1]"
# 为了不写 reverse=True,先把奖励和终止标志翻过来正向扫描,却忘了把结果翻回去:输出是正确答案倒序。
# 这份答案没有用 reverse=True,也没有对输出 [::-1],提示不能说“不要再把结果 [::-1]”;
# 后面 scan_reverse 也不能说“数值没错”或“再把结果翻回来”。
def discounted_returns(rewards: jax.Array, dones: jax.Array, gamma):
    def accumulate(later, item):
        reward_now, done_now = item
        now = reward_now + gamma * (1.0 - done_now) * later
        return now, now

    backwards = (jnp.flip(rewards), jnp.flip(dones))
    _, from_the_end = lax.scan(accumulate, jnp.zeros((), rewards.dtype), backwards)
    return from_the_end
