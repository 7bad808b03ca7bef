# expect: failed one_scatter "循环"
# expect.en: "loop"
# 错误示范:保留了循环,每个标签做一次 .at[label].add。数对了,但追踪时循环被展开,
# 标签有多少个,程序里就有多少次 scatter-add。
def histogram(labels, n):
    counts = jnp.zeros(n)
    for label in labels:
        counts = counts.at[label].add(1.0)
    return counts
