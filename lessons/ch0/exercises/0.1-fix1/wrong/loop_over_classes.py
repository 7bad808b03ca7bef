# expect: failed one_scatter "每个类别一次" not "每个标签一次"
# expect.en: "one per class" not "one per label"
# 错误示范:按类别写 Python 循环,每一轮数出等于 c 的标签个数再加到第 c 格。数是对的,
# 但循环被展开成 6 次 scatter-add;提示得说是按类别展开的,不能说成每个标签一次。
def histogram(labels, n):
    counts = jnp.zeros(n)
    for c in range(n):
        counts = counts.at[c].add(jnp.sum(labels == c))
    return counts
