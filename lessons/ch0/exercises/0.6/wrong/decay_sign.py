# expect: failed update "衰减项的符号反了" not "没有加上"
# expect.en: "the decay term has the wrong sign" not "is missing"
# 错误示范:把权重衰减理解成“从梯度里扣掉一点”,于是写成了 g − decay·p。
def sgd_with_decay(params, grads, lr, decay):
    def one(p, g):
        step = g - decay * p
        return p - lr * step

    return jax.tree.map(one, params, grads)


def global_norm(tree):
    total = sum(jnp.sum(leaf**2) for leaf in jax.tree.leaves(tree))
    return jnp.sqrt(total)
