# expect: failed jit "绝对值的平均" not "最小元素的绝对值"
# expect.en: "mean absolute value" not "magnitude of the smallest element"
# 错误示范:分母用了平均幅度,而不是最大幅度,结果落不到 [−1, 1] 里。
@jax.jit
def scale_to_peak(x):
    return x / jnp.mean(jnp.abs(x))
