# expect: failed compiles "闭包了第一次算出的统计量"
# expect.en: "closes over the statistics computed the first time"
# 错误示范:按形状缓存 jit 函数,可列均值和标准差是在建函数时算一次、闭包进去的,换了数据还用旧的。
_programs = {}


def standardize(x):
    if x.shape not in _programs:
        centre = jnp.mean(x, axis=0)
        spread = jnp.std(x, axis=0)

        def apply(data):
            return (data - centre) / (spread + 1e-6)

        _programs[x.shape] = jax.jit(apply)
    return _programs[x.shape](x)
