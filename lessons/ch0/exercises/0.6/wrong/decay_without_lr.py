# expect: failed update "没有乘学习率" not "没有加上权重衰减"
# expect.en: "not multiplied by the learning rate" not "decay·p is missing"
# 错误示范:先做梯度步,再单独衰减一次;衰减没乘 lr,比应有的大了 1/lr 倍。
def sgd_with_decay(params, grads, lr, decay):
    stepped = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return jax.tree.map(lambda s, p: s - decay * p, stepped, params)


def global_norm(tree):
    total = sum(jnp.sum(leaf**2) for leaf in jax.tree.leaves(tree))
    return jnp.sqrt(total)
