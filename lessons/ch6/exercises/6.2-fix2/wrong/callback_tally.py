# expect: failed pure "程序里有 debug_callback"
# expect.en: "holds debug_callback"
# 错误示范:函数体里看不到 append,可每个样本都经由 jax.debug.callback
# 回到 Python,给模块里的计数表加一。状态还是藏在函数外面。
seen = {"n": 0}


def _bump(_):
    seen["n"] += 1


def tick(count, v):
    jax.debug.callback(_bump, v)
    return count + 1, v + 1
