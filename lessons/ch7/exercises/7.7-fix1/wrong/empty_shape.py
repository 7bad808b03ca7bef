# expect: failed values "结构"
# expect.en: "structure"
# 错误示范:is_leaf 写成了「非空的 tuple」:标量形状 () 是空 tuple,被当成空子树,什么也没创建。
def zeros_from_spec(spec):
    return jax.tree.map(lambda shape: jnp.zeros(shape, jnp.float32), spec,
                        is_leaf=lambda node: isinstance(node, tuple) and len(node) > 0)
