# expect: failed weight "清空 JAX 的缓存、重新追踪之后也一样" not "编进了缓存的程序"
# expect.en: "even once JAX's caches are cleared" not "baked into the cached program"
# 错误示范:权重确实作为参数传给了 jit 函数,可传的是 __init__ 里用 partial 绑定的那个数组;
# 之后给 layer.weight 赋新值,partial 里拿着的仍是旧数组。
@jax.jit
def _project(w_mat, inputs):
    return jnp.tanh(inputs @ w_mat)


class Layer:
    def __init__(self, weight):
        self.weight = weight
        self._apply = partial(_project, weight)

    def __call__(self, x):
        return self._apply(x)
