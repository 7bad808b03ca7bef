# expect: failed values "float32 是明确要来的" not "不给 dtype 时的默认值"
# expect.en: "this float32 was asked for" not "when no dtype is passed"
# 错误示范:听说混合精度训练里优化器状态该用 float32,就给两份矩都写死了 dtype=jnp.float32。
# 题目要每份矩和各自的参数同 dtype,bfloat16 那一层因此不对;但这不是"没给 dtype 用了默认值",
# 检查在打开 x64 时再调一次 adam_init,这一项仍是 float32,说明 float32 是明确要来的。
def adam_init(weights):
    def blank(leaf):
        return jnp.zeros_like(leaf, dtype=jnp.float32)

    return AdamState(
        count=jnp.zeros((), jnp.int32),
        mu=jax.tree.map(blank, weights),
        nu=jax.tree.map(blank, weights),
    )
