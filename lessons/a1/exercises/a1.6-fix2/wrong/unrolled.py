# expect: failed scan "scan" "展开"
# expect.en: "scan" "unrolled the steps"
# 错误示范:用 Python 循环逐步处理。结果对,但循环按长度展开进了程序。
def masked_decay(xs, valid):
    h = jnp.zeros((), xs.dtype)
    for t in range(xs.shape[0]):
        h = jnp.where(valid[t], 0.8 * h + 0.2 * xs[t], h)
    return h
