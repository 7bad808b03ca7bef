# expect: failed one_compile "静态" "循环还被展开"
# expect.en: "static" "unrolled as well"
# 错误示范:把 times 标成静态参数。能跑,可每个新的次数都要重新编译,循环也被展开了。
def _iterate_unrolled(v, times):
    x = 0.0
    for _ in range(times):
        x = 0.5 * jnp.cos(x) + v
    return x


iterate = jax.jit(_iterate_unrolled, static_argnames="times")
