# expect: failed compiles "一次也没有编译"
# expect.en: "never compiled"
# 错误示范(压下症状的错误办法):把 @jax.jit 去掉。不报错了,可 orbit 也不再是编译好的程序。
def halve_and_shift(x, _):
    x = 0.5 * x + 1.0
    return x, x


def orbit(x0, n_steps):
    _, path = lax.scan(halve_and_shift, x0, None, length=n_steps)
    return path
