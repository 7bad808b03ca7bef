# expect: failed jit "NumPy"
# expect.en: "NumPy"
# 错误示范:转成 NumPy 数组再用 np.add.at 计数。不加 jit 时正确;在 jit 里 labels 是追踪值,
# 转不成 NumPy 数组。
def histogram(labels, n):
    counts = np.zeros(n)
    np.add.at(counts, np.asarray(labels), 1.0)
    return jnp.asarray(counts)
