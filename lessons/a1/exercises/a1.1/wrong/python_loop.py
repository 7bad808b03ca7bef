# expect: failed scan_in_jaxpr "成比例增长" "Python 循环"
# expect.en: "grows in proportion" "Python loop"
# 数值正确,但用 Python for 循环从后往前算:jit 里会被展开成 T 份,jaxpr 中没有 scan。
def discounted_returns(rewards: jax.Array, dones: jax.Array, gamma):
    running = jnp.float32(0.0)
    collected = []
    for t in reversed(range(rewards.shape[0])):
        running = rewards[t] + gamma * (1.0 - dones[t]) * running
        collected.insert(0, running)
    return jnp.stack(collected)
