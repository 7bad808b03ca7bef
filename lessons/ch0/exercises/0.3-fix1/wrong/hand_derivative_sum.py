# expect: failed grad "对 n 个点求了和" not "平方误差用 jnp.sum 加起来了"
# expect.en: "a sum over the n points" not "the squared errors were added with jnp.sum"
# 错误示范:不用 jax.grad,手写导数时用 jnp.sum 代替了平均。结果是正确梯度的 n 倍;
# 这里没有把平方误差加起来的损失,消息只说该取平均的地方求了和。
def slope_grad(w, x, y):
    return 2.0 * jnp.sum((w * x - y) * x)
