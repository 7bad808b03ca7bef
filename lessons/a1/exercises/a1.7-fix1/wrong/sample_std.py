# expect: failed values "ddof=1" not "对调"
# expect.en: "sample standard deviation" not "are swapped"
# 错误示范:按统计课的习惯用了样本标准差(分母 n − 1)。
@jax.jit
def normalize_and_center(x):
    shifted = x - x.mean()
    spread = jnp.sqrt(jnp.sum(shifted**2) / (x.shape[0] - 1))
    return shifted / spread, shifted
