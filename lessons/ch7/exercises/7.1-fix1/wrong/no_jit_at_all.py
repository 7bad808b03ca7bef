# expect: failed compiles "eager 运算" "没有在 jit 里运行" not "每次调用都重新编译"
# expect.en: "eager operation" "did not run under jit" not "recompiled on every call"
# 错误示范:把 jit 整个去掉,只剩逐个执行的 jnp 运算;每个运算各自编译,没有一个被编译成整体的函数。


def standardize(x):
    """逐列标准化:减去列均值,除以(列标准差 + 1e-6)。"""
    mu = jnp.mean(x, axis=0, keepdims=True)
    sd = jnp.std(x, axis=0, keepdims=True)
    return (x - mu) / (sd + 1e-6)
