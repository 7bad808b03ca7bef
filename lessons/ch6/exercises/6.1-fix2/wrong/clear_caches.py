# expect: failed argument "只收 1 个参数"
# expect.en: "takes only 1 argument"
# isolated: 调用 jax.clear_caches(),清空整个进程的编译缓存
# 错误示范(把症状压下去的错误办法):每次改完全局变量就清空 jit 缓存,逼它重新追踪。
# 结果对了,可每个增益都要重新编译一次。
gain = 1.0


@jax.jit
def amplify(x):
    return x * gain


def amplify_all(x, gains):
    global gain
    rows = []
    for g in gains:
        gain = g
        jax.clear_caches()
        rows.append(amplify(x))
    return jnp.stack(rows)
