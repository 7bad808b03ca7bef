# expect: failed update "直接加上" not "学习率" "梯度的 decay 倍"
# expect.en: "added as a number" not "learning rate" "decay times the gradient"
# 错误示范:衰减项只写了 decay,忘了乘参数本身。
def sgd_with_decay(params, grads, lr, decay):
    return jax.tree.map(lambda w, d: w - lr * (d + decay), params, grads)


def global_norm(tree):
    parts = [jnp.sum(jnp.square(v)) for v in jax.tree.leaves(tree)]
    return jnp.sqrt(sum(parts))
