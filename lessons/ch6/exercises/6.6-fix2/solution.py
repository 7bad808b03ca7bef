# 参考答案:一阶矩、二阶矩各自新建一份零数组,每个缓冲区只属于一个叶子。


def adam_init(weights):
    first = jax.tree.map(jnp.zeros_like, weights)    # 一阶矩:自己的一份零数组
    second = jax.tree.map(jnp.zeros_like, weights)   # 二阶矩:再单独建一份
    step0 = jnp.zeros((), jnp.int32)
    return AdamState(count=step0, mu=first, nu=second)
