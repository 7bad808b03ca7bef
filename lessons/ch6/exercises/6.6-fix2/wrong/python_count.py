# expect: failed values "int32" "类型不固定"
# expect.en: "int32" "without a fixed type"
# 错误示范:步数写成 Python 的 0。它不是数组,第一次更新后变成 int32 数组,状态的类型前后不一致。
def adam_init(weights):
    first = jax.tree.map(jnp.zeros_like, weights)
    second = jax.tree.map(jnp.zeros_like, weights)
    return AdamState(count=0, mu=first, nu=second)
