# expect: failed eager "长度取自 labels 的最大值" not "jnp.zeros(n − 1)"
# expect.en: "the length comes from the labels' largest value" not "jnp.zeros(n − 1)"
# 错误示范:长度取 labels.max(),忘了 + 1,也没用参数 n。结果同样少一个类别,但提示只在换一组标签
# 长度仍是 n − 1 时才说 jnp.zeros(n − 1);这里长度随标签的最大值变,就说出这一点。
def histogram(labels, n):
    counts = jnp.zeros(labels.max())
    return counts.at[labels].add(1.0)
