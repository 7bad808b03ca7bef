# expect: failed scan "scan"
# expect.en: "scan"
# 错误示范(把症状压下去的错误办法):绕开 scan,用 cumsum 算出同样的数。报错没了,
# 但本题练的是 scan 的 carry。
def running_stats(xs):
    sums = jnp.cumsum(xs)
    counts = jnp.arange(1, xs.shape[0] + 1)
    return (sums[-1], jnp.int32(xs.shape[0])), sums / counts
