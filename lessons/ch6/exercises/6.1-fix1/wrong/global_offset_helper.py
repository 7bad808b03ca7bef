# expect: failed reads_no_global "全局变量 offset" "不该读也不该改全局变量"
# expect.en: "global variable offset" "should neither read nor change a global"
# 错误示范:计数走了参数和返回值,可加 1 之前还要加上全局的 offset;offset 是 0,数字碰巧全对。
offset = jnp.int32(0)


def advance(n):
    return n + offset + 1


@jax.jit
def tally(count, x):
    return advance(count), x * 2
