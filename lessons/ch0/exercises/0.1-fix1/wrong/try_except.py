# expect: failed eager "没有生效"
# expect.en: "had no effect"
# 错误示范(把症状压下去的错误办法):用 try/except 接住 TypeError。不再报错,可计数全是 0。
def histogram(labels, n):
    counts = jnp.zeros(n)
    for label in labels:
        try:
            counts[label] += 1
        except TypeError:
            pass
    return counts
