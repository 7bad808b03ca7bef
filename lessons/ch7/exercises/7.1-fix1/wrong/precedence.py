# expect: failed values "只有列均值被除以了标准差" not "每一行"
# expect.en: "only the column mean is divided by the std" not "each row"
# 错误示范:jit 挪到了模块级,可少了一对括号,除法只作用在均值上。
@jax.jit
def standardize(x):
    mu = jnp.mean(x, axis=0)
    sd = jnp.std(x, axis=0)
    return x - mu / (sd + 1e-6)
