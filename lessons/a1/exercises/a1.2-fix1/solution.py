# 参考答案:次数是运行时的值,用 lax.fori_loop;上界是追踪值时它就是一个 while 循环。


@jax.jit
def iterate(v, times):
    def body(_, x):
        return 0.5 * jnp.cos(x) + v

    return lax.fori_loop(0, times, body, jnp.zeros_like(v))
