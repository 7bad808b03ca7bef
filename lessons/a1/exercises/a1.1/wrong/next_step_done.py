# expect: failed loop "下一步的终止标志" not "(r_t + γ·G_{t+1})·(1 − d_t)"
# expect.en: "the next step's done flag" not "(r_t + γ·G_{t+1})·(1 − d_t)"
# 把“回合是否继续”理解成下一步的标志:survive 整体往前挪了一格,每一步都被错开的 d 截断。


def discounted_returns(rewards: jax.Array, dones: jax.Array, gamma) -> jax.Array:
    """从轨迹末尾往前扫描;carry 是后一步的回报。"""
    # 下一步还活着吗?最后一步之后没有下一步,当作活着
    survive_next = jnp.concatenate([1.0 - dones[1:], jnp.ones((1,), dones.dtype)])

    def step_back(later_return, pair):
        reward_t, alive = pair
        return_t = reward_t + gamma * alive * later_return
        return return_t, return_t

    init = jnp.zeros((), dtype=rewards.dtype)
    _, per_step = lax.scan(step_back, init, (rewards, survive_next), reverse=True)
    return per_step
