# expect: failed one_compile "静态参数" "上界可以是追踪值" not "循环还被展开"
# expect.en: "static argument" "takes a traced bound" not "unrolled as well"
# 用了 lax.fori_loop,却又把 times 标成静态参数:每个新的次数都重新编译。界是 Python 整数时 fori_loop
# 变成一个 scan,程序不随 times 变长,所以提示只能说重新编译,不能说“循环还被展开”。
def _iterate(v, times):
    return lax.fori_loop(0, times, lambda _, x: 0.5 * jnp.cos(x) + v, jnp.zeros_like(v))


iterate = jax.jit(_iterate, static_argnames="times")
