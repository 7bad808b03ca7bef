# expect: failed structure "每个元组(NamedTuple 也一样)都变成了列表" not "要交回同样的容器"
# expect.en: "every tuple (a NamedTuple too) became a list" not "hand back the same containers"
# 错误示范:手写递归遍历参数树,遇到序列一律用列表推导重建,元组和 NamedTuple 都成了 list。
def sgd_with_decay(params, grads, lr, decay):
    def step(p, g):
        if isinstance(p, dict):
            return {name: step(p[name], g[name]) for name in p}
        if isinstance(p, (tuple, list)):
            return [step(a, b) for a, b in zip(p, g)]
        return p - lr * (g + decay * p)

    return step(params, grads)


def global_norm(tree):
    total = sum(jnp.vdot(leaf, leaf) for leaf in jax.tree.leaves(tree))
    return jnp.sqrt(total)
