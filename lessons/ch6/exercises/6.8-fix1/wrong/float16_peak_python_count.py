# expect: failed one_compile "dtype 变了" not "其中有弱类型"
# expect.en: "the dtypes change" not "with a weak type in it"
# 错误示范:峰值用了 float16,计数用 Python 的 0。计数更新后仍是弱类型,签名不因它而变;
# 变的是峰值的 dtype(float16 与 float32 数据取 max 后成了 float32),所以不能归咎于弱类型。
def initial_state():
    return (jnp.full((), -jnp.inf, jnp.float16), 0)


def peak_step(state, v):
    peak, n = state
    return (jnp.maximum(peak, v), n + 1), peak
