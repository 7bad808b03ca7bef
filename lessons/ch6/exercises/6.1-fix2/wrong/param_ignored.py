# expect: failed values "过时"
# expect.en: "stale"
# 错误示范:给 amplify 加了参数 g,函数体里却还在读全局变量 gain。
gain = 1.0


@jax.jit
def amplify(x, g):
    return x * gain


def amplify_all(x, gains):
    global gain
    rows = []
    for g in gains:
        gain = g
        rows.append(amplify(x, g))
    return jnp.stack(rows)
