# expect: failed values "样本标准差" not "去掉 ddof=1"
# expect.en: "sample standard deviation" not "Drop ddof=1"
# 手写标准差时分母用了 n − 1(样本标准差)。代码里没有 ddof 参数,提示不能叫它“去掉 ddof=1”。
@jax.jit
def normalize_and_center(x):
    centered = x - jnp.mean(x)
    spread = jnp.sqrt(jnp.sum(centered**2) / (x.shape[0] - 1))
    return centered / spread, centered
