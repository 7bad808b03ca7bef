# expect: failed compiles "jax.clear_caches()" not "新建的函数调用"
# expect.en: "jax.clear_caches()" not "created inside the body"
# isolated: 调用 jax.clear_caches(),清空整个进程的编译缓存
# 错误示范:jit 已经挪到模块级,可每次算完都清一遍缓存“省内存”,下一次调用只能重新编译。
def column_scale(v):
    return (v - v.mean(axis=0)) / (v.std(axis=0) + 1e-6)


column_scale_jit = jax.jit(column_scale)


def standardize(x):
    out = column_scale_jit(x)
    jax.clear_caches()
    return out
