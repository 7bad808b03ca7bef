# expect: failed values "static_argnames" not "整体落后一步" "整体超前一步"
# expect.en: "static_argnames" not "lags one step" "one step ahead"
# 错误示范:在 jit 里把 n_steps 转成 int。tracer 变不成 Python 整数,还是同一个错误。
def halve_and_shift(x, _):
    x = 0.5 * x + 1.0
    return x, x


@jax.jit
def orbit(x0, n_steps):
    _, path = lax.scan(halve_and_shift, x0, None, length=int(n_steps))
    return path
