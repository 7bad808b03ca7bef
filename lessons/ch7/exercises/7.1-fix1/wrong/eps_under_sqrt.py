# expect: failed values "平方根" not "ddof=1"
# expect.en: "under the square root" not "ddof=1"
# 错误示范:jit 只建一次,可 1e-6 加在了方差上,再开方。
def _normalise(data):
    spread = jnp.sqrt(jnp.var(data, axis=0) + 1e-6)
    return (data - jnp.mean(data, axis=0)) / spread


_normalise_jit = jax.jit(_normalise)


def standardize(x):
    return _normalise_jit(x)
