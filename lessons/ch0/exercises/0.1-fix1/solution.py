# 修复练习 0.1-fix1 参考答案:一次 scatter-add,重复的类别逐次累加。


def histogram(labels, n):
    return jnp.zeros(n).at[labels].add(1.0)
