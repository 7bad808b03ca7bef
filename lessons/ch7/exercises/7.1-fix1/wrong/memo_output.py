# expect: failed compiles "正好是第一次调用的结果" not "统计量"
# expect.en: "exactly the first call's result" not "statistics"
# 错误示范:为了“只算一次”,把第一次的输出按 (行数, 列数) 记住,之后同形状的输入都直接拿它返回。
@jax.jit
def _scaled(data):
    mu = jnp.mean(data, axis=0)
    return (data - mu) / (jnp.std(data, axis=0) + 1e-6)


_memo = {}


def standardize(x):
    rows, cols = x.shape
    if (rows, cols) not in _memo:
        _memo[(rows, cols)] = _scaled(x)
    return _memo[(rows, cols)]
