# 修复练习:running_stats 一调用就报 TypeError(Python types differ)。
# 改到检查通过为止(Ctrl+T 看提示)。


def running_stats(xs):
    def body(carry, x):
        total, count = carry
        total, count = total + x, count + 1
        return [total, count], total / count

    init = (jnp.zeros((), xs.dtype), jnp.zeros((), jnp.int32))
    return lax.scan(body, init, xs)
