# expect: failed segment "scatter-add" "每一段都把整个数组过了一遍"
# expect.en: "scatter-add" "once per segment"
# 错误示范:对每一段做一次“比较 + where + 求和”。结果对,可每段都要扫一遍整个数组,O(N·K)。
def _group_sum(d, owner, K):
    return jnp.stack([jnp.sum(jnp.where(owner == k, d, 0.0)) for k in range(K)])


group_sum = jax.jit(_group_sum, static_argnames="K")     # 段数 K 决定输出形状:静态参数
