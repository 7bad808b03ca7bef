# 练习 0.6:对任意参数树做一步更新
#
# 本章上下文已经导入了 jax、jax.numpy as jnp、numpy as np、NamedTuple。


def sgd_with_decay(params, grads, lr, decay):
    # params、grads:结构相同的 pytree。返回同结构的新树,每个叶子是 p − lr·(g + decay·p)。
    raise NotImplementedError


def global_norm(tree):
    # 所有叶子合起来的 L2 范数:每个元素平方,全部加起来,最后开一次方。
    raise NotImplementedError


# 写完以后可以在这里自己试一试(检查不依赖这段代码),例如:
#     params = {"dense": [jnp.ones(2), jnp.zeros(())], "scale": jnp.array(2.0)}
#     grads = jax.tree.map(jnp.ones_like, params)
#     print(sgd_with_decay(params, grads, 0.1, 0.01))
#     print(global_norm({"a": jnp.array([3.0]), "b": [jnp.array([4.0])]}))   # 应为 5.0
