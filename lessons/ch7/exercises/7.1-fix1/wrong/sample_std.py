# expect: failed values "ddof=1" not "axis=1"
# expect.en: "ddof=1" not "axis=1"
# 错误示范:jit 挪到了模块级,可标准差按样本公式算(除以 n − 1)。
@jax.jit
def _scale_columns(data):
    mu = jnp.mean(data, axis=0)
    sigma = jnp.std(data, axis=0, ddof=1)
    return (data - mu) / (sigma + 1e-6)


def standardize(x):
    return _scale_columns(x)
