# expect: failed values "顺序反了"
# expect.en: "wrong order"
# expect.silent: dtypes
# 扫描本身是对的,返回前却把最终 carry 拆开后按 (count, total) 的顺序交回去了。
def running_stats(xs):
    def body(carry, x):
        acc, n = carry
        acc, n = acc + x, n + 1
        return (acc, n), acc / n

    start = (jnp.zeros((), xs.dtype), jnp.zeros((), jnp.int32))
    (acc, n), means = lax.scan(body, start, xs)
    return (n, acc), means
