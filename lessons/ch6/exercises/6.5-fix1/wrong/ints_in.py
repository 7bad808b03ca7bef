# expect: failed values "截成整数部分" not "每一步都被截成了整数"
# expect.en: "cut to its integer part" not "truncated to an integer"
# 错误示范:carry 还是整数 0,为了让 dtype 对上,把每个输入先转成 int32 再加,小数全丢了。


def running_total(xs):
    def accumulate(acc, x):
        acc = acc + jnp.asarray(x, jnp.int32)
        return acc, acc

    return lax.scan(accumulate, jnp.zeros((), jnp.int32), xs)
