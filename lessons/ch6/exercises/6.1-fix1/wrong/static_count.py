# expect: error counts "数组永远不能当 static 参数"
# expect.en: "an array can never be a static argument"
# 错误示范:把 count 标成了 static。检查传进来的是 int32 数组,jit 无法哈希它;在其他检查里它是
# 追踪值,以前那里的提示让人"改传元组或冻结的 dataclass",现在同样说数组(追踪值)不能当 static 参数。
def _tally(count, x):
    return count + 1, 2 * x


tally = jax.jit(_tally, static_argnames=("count",))
