# expect: failed jit "绝对值" not "float()"
# expect.en: "absolute" not "float()"
# 错误示范:忘了取绝对值。峰值是负数时,除以的是最大的那个元素,而不是绝对值最大的。
@jax.jit
def scale_to_peak(x):
    return x / jnp.max(x)
