# expect: failed eager "两项都是 Python 数" not "用字符串去索引"
# expect.en: "two Python numbers" not "indexed a tuple with a string"
# 错误示范:更新计数时调用了 (c + 1).astype(...)。不加 jit 时检查从 (0.0, 0) 开始,c + 1 是 Python 整数,
# 没有 .astype;以前只原样显示 AttributeError,现在说出状态里的数从哪里来。
def update_moving_average(pair, reading):
    acc, n = pair
    acc = acc + reading
    n = (n + 1).astype(jnp.int32)
    return (acc, n), acc / n


initial_state = (jnp.float32(0.0), jnp.int32(0))
