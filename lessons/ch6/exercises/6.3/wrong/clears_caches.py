# expect: failed dynamic_lr "jax.clear_caches()" not "新的 jit 函数"
# expect.en: "jax.clear_caches()" not "new jitted function"
# isolated: 调用 jax.clear_caches(),清空的是整个进程的编译缓存
# 错误示范:为了"保险",每一步都先清空 JAX 的缓存。jit 只包了一次,函数对象也没变,
# 每次重新编译是因为缓存被清空了;提示不能说成每次都造了新的 jit 函数。
def parabola(x):
    return x * x


slope = jax.grad(parabola)


@jax.jit
def _descend(x, lr):
    return x - lr * slope(x)


def gradient_descent_step(x, lr):
    jax.clear_caches()
    return _descend(x, lr)
