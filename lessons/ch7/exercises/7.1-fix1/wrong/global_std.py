# expect: failed values "整个矩阵的一个标准差" not "按行"
# expect.en: "that of the whole matrix" not "each row"
# 错误示范:减的是各列均值,除的却是所有元素放在一起求的标准差。
@jax.jit
def standardize(x):
    spread = jnp.std(x)
    return (x - jnp.mean(x, axis=0)) / (spread + 1e-6)
