# expect: failed structure "dtype"
# expect.en: "dtype"
# 错误示范:逐叶子转成 NumPy float64 算完再交回。数值没问题,可叶子的类型和 dtype 都变了:
# 下一步训练拿到的是 NumPy 数组,jit 的签名也跟着变。
def sgd_with_decay(params, grads, lr, decay):
    def step(p, g):
        p64, g64 = np.asarray(p, np.float64), np.asarray(g, np.float64)
        return p64 - lr * (g64 + decay * p64)

    return jax.tree.map(step, params, grads)


def global_norm(tree):
    squares = [(leaf * leaf).sum() for leaf in jax.tree.leaves(tree)]
    return jnp.sqrt(sum(squares))
