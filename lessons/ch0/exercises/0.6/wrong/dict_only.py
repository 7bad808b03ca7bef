# expect: failed update "jax.tree.map" "list"
# expect.en: "jax.tree.map" "list"
# 错误示范:按 NumPy 代码的习惯遍历字典的键。参数树只有一层字典时能用;
# 字典里套着列表时,list 减去一个数就失败了。
def sgd_with_decay(params, grads, lr, decay):
    return {k: params[k] - lr * (grads[k] + decay * params[k]) for k in params}


def global_norm(tree):
    squares = [(leaf * leaf).sum() for leaf in jax.tree.leaves(tree)]
    return jnp.sqrt(sum(squares))
