# expect: failed jit "带着符号" not "float()"
# expect.en: "sign included" not "float()"
# 错误示范:先用 argmax 找到绝对值最大的位置,却拿那个位置上带符号的原值去除。
@jax.jit
def scale_to_peak(x):
    where = jnp.argmax(jnp.abs(x))
    return x / x[where]
