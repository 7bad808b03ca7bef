# expect: failed values "standardize"
# expect.en: "standardize"
# 错误示范:编译只有一次了,可统计量按行算(axis=1),不是按列。
@jax.jit
def standardize(x):
    centered = x - x.mean(axis=1, keepdims=True)
    return centered / (x.std(axis=1, keepdims=True) + 1e-6)
