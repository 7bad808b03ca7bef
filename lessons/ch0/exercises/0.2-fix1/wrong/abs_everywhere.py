# expect: failed jit "负元素的符号丢了"
# expect.en: "negative elements lost their sign"
# 错误示范:分子分母都取了绝对值,结果全是非负数,负元素的符号没了。


@jax.jit
def scale_to_peak(x):
    mag = jnp.abs(x)
    return mag / mag.max()
