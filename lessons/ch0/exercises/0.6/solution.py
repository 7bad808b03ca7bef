# 练习 0.6 参考答案:tree.map 逐叶子更新,tree.leaves 取出全部叶子求范数。


def sgd_with_decay(params, grads, lr, decay):
    # 不管 params 是字典、列表还是 NamedTuple,tree.map 都按原结构装回去。
    return jax.tree.map(lambda p, g: p - lr * (g + decay * p), params, grads)


def global_norm(tree):
    # 先把所有叶子的平方和加起来,最后只开一次方;全程是数组,jit 里也能用。
    total = sum(jnp.sum(leaf**2) for leaf in jax.tree.leaves(tree))
    return jnp.sqrt(total)


if __name__ == "__main__":
    params = {"dense": [jnp.ones(2), jnp.zeros(())], "scale": jnp.array(2.0)}
    grads = jax.tree.map(jnp.ones_like, params)
    print(sgd_with_decay(params, grads, 0.1, 0.01))
    print(global_norm({"a": jnp.array([3.0]), "b": [jnp.array([4.0])]}))
