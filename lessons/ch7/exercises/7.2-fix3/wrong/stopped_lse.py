# expect: failed grad "−onehot/B" not "不一致"
# expect.en: "−onehot/B" not "does not match"
# 错误示范:损失的值是对的,可整个 logsumexp 都挡住了梯度,反向只剩 −onehot/B。
def xent(z, labels):
    norm = jax.lax.stop_gradient(jax.scipy.special.logsumexp(z, axis=-1))
    right = jnp.take_along_axis(z, labels[:, None], axis=-1).squeeze(-1)
    return jnp.mean(norm - right)
