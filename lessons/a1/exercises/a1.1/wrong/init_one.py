# expect: failed loop "的结果不一致" not "被加了上去"
# expect.en: "differs from the backward recursion" not "was added where it should be multiplied"
# 错误示范:scan 的初始 carry 写成了 1(应是 G_T = 0)。T = 1 时结果 r + γ(1 − d) 恰好和“把 G_{t+1} 加上去”的错误一样,
# 可 T = 13、40 时不一样:只在每条不一致的轨迹上都是同一个已知错误时才说原因,这里只给对比。
# 练习 a1.1


def discounted_returns(rewards: jax.Array, dones: jax.Array, gamma) -> jax.Array:
    """从轨迹末尾往前扫描;carry 是后一步的回报。"""
    survive = 1.0 - dones                  # 这一步之后回合还在继续吗?

    def step_back(later_return, pair):
        reward_t, survive_t = pair
        return_t = reward_t + gamma * survive_t * later_return
        return return_t, return_t

    init = jnp.ones((), dtype=rewards.dtype)
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
