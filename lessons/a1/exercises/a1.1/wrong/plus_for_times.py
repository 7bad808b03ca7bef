# expect: failed loop "该相乘的 G_{t+1} 被加了上去" not "γ 没有乘进去"
# expect.en: "G_{t+1} was added where it should be multiplied" not "γ was left out"
# 错误示范:把三项写成了连加,γ·(1 − d) 和下一步回报之间少了乘号。


def discounted_returns(rewards: jax.Array, dones: jax.Array, gamma) -> jax.Array:
    """从轨迹末尾往前扫描;carry 是后一步的回报。"""
    survive = 1.0 - dones                  # 这一步之后回合还在继续吗?

    def step_back(later_return, pair):
        reward_t, survive_t = pair
        return_t = reward_t + gamma * survive_t + later_return
        return return_t, return_t

    init = jnp.zeros((), dtype=rewards.dtype)
    _, per_step = lax.scan(step_back, init, (rewards, survive), reverse=True)
    return per_step


if __name__ == "__main__":
    demo_r = jnp.array([1.0, 2.0, 3.0, 4.0])
    demo_d = jnp.array([0.0, 1.0, 0.0, 1.0])
    print(discounted_returns(demo_r, demo_d, 0.5))

    # 一批轨迹:vmap 负责批维(γ 不映射),scan 负责时间维
    gen = np.random.default_rng(5)
    many_r = jnp.asarray(gen.uniform(size=(3, 8)), jnp.float32)
    many_d = jnp.asarray(gen.uniform(size=(3, 8)) < 0.25, jnp.float32)
    per_traj = jax.vmap(discounted_returns, (0, 0, None))
    print(jax.jit(per_traj)(many_r, many_d, 0.9).shape)
