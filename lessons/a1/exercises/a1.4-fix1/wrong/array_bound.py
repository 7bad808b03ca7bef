# expect: failed grad "上下界里有数组" not "用 lax.fori_loop(0, 5, …):它被改写成 scan"
# expect.en: "A bound of lax.fori_loop is an array" not "lax.fori_loop(0, 5, …): it is rewritten"
# expect.silent: loop
# 换成了 fori_loop,上界却写成数组 jnp.array(5):在 jit 里它是追踪值,fori_loop 退回 while_loop,
# 反向求导照样报错。上下界要是 Python 整数。
# loop 要沉默:同一个 while 循环已由 grad 说明,不要把同一段原因再说一遍。


def power5(x):
    return lax.fori_loop(0, jnp.array(5), lambda i, acc: acc * x, jnp.ones_like(x))
