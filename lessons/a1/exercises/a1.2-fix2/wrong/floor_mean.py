# expect: failed values "整除 //"
# expect.en: "floor division //"
# 错误示范:均值用了整除,像 NumPy 里给整数求平均那样写了 //。


def running_stats(xs):
    def body(carry, x):
        total, count = carry
        total, count = total + x, count + 1
        return (total, count), total // count

    init = (jnp.zeros((), xs.dtype), jnp.zeros((), jnp.int32))
    return lax.scan(body, init, xs)
