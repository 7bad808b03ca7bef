# expect: failed values "除以方差" not "ddof=1"
# expect.en: "dividing by the variance" not "ddof=1"
# 错误示范:分母用了方差而不是标准差,少开了一次平方根。
@jax.jit
def normalize_and_center(x):
    dev = x - jnp.mean(x)
    return dev / jnp.mean(dev * dev), dev
