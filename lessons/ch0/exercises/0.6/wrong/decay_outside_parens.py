# expect: failed update "括号外" not "直接加上"
# expect.en: "outside the parentheses" not "added as a number"
# 错误示范:衰减项挪到了括号外面,既少乘了 lr,又变成了加号。
def sgd_with_decay(params, grads, lr, decay):
    return jax.tree.map(lambda w, d: w - lr * d + decay * w, params, grads)


def global_norm(tree):
    parts = [jnp.sum(jnp.square(v)) for v in jax.tree.leaves(tree)]
    return jnp.sqrt(sum(parts))
