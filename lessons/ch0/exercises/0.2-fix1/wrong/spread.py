# expect: failed jit "取值范围" not "没有取绝对值"
# expect.en: "the division is by the range" not "absolute value is missing"
# 错误示范:分母用了最大值与最小值之差(取值范围),不是最大绝对值。
@jax.jit
def scale_to_peak(x):
    spread = jnp.ptp(x)
    return x / spread
