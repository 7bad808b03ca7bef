# expect: failed jit "比如 if peak < 0、if peak == 0" not "判断不了它是不是负数"
# expect.en: "if peak < 0, if peak == 0, say" not "whether it is negative"
# 错误示范:修掉了 float(),却加了个 Python 的 if 防止除以 0。jit 里峰值是追踪值,if 失败;
# 这个 if 测的不是峰值的正负,提示不能说"判断不了它是不是负数"。
def scale_to_peak(x):
    peak = jnp.max(jnp.abs(x))
    if peak == 0:
        return x
    return x / peak
