# expect: failed compiles "jax.clear_caches()" not "绑定方法"
# expect.en: "jax.clear_caches()" not "bound method"
# isolated: 调用 jax.clear_caches(),清空整个进程的编译缓存
# 错误示范:计算写成了模块级 jit 的纯函数,权重作参数传入,可 __call__ 每次先清缓存。
@jax.jit
def project(w, x):
    return jnp.tanh(x @ w)


class Layer:
    def __init__(self, weight):
        self.weight = weight

    def __call__(self, x):
        jax.clear_caches()
        return project(self.weight, x)
