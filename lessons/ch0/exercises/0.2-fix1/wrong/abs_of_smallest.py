# expect: failed jit "最小元素的绝对值" not "没有取绝对值"
# expect.en: "magnitude of the smallest element" not "absolute value is missing"
# 错误示范:以为峰值总是负的,于是除以最小元素的绝对值;峰值为正的数据上就错了。
@jax.jit
def scale_to_peak(x):
    return x / jnp.abs(jnp.min(x))
