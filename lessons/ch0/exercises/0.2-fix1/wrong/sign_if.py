# expect: failed jit "Python 的 if" not "float()"
# expect.en: "Python's if" not "float()"
# 错误示范:先取绝对值最大的那个元素,再用 Python 的 if 看它是不是负数、是就取反。
# 不加 jit 能跑;在 jit 里 peak < 0 是追踪值,if 判断不了。这里没有 float()。
def scale_to_peak(x):
    peak = x[jnp.argmax(jnp.abs(x))]
    if peak < 0:
        peak = -peak
    return x / peak
