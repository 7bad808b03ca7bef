# 修复练习:histogram 一运行就报 TypeError。
# 改到检查通过为止(Ctrl+T 看提示)。


def histogram(labels, n):
    counts = jnp.zeros(n)
    for label in labels:
        counts[label] += 1  # NumPy 的习惯写法
    return counts
