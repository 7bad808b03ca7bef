# expect: failed update "扁平 dict" not "没有处理嵌套"
# expect.en: "flat dict" not "does not handle nested containers"
# 错误示范:照旧教程写 jax.tree_map,这个名字在现在的 JAX 里已经没有了。
# 出错的是这个名字,不是嵌套的容器:换成扁平的 dict 也一样报错。
def sgd_with_decay(params, grads, lr, decay):
    return jax.tree_map(lambda p, g: p - lr * (g + decay * p), params, grads)


def global_norm(tree):
    squares = [jnp.vdot(a, a) for a in jax.tree.leaves(tree)]
    return jnp.sqrt(jnp.sum(jnp.stack(squares)))
