# 另一种写法:直接用 jax.nn.log_softmax 得到 log 概率,再用 take_along_axis 取出正确类别那一列。
def xent(z, labels):
    log_probs = jax.nn.log_softmax(z, axis=-1)
    chosen = jnp.take_along_axis(log_probs, labels[:, None], axis=-1)
    return -jnp.mean(chosen)
