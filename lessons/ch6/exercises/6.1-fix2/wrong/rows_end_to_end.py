# expect: failed values "各行首尾相接"
# expect.en: "holds the right rows end to end"
# 错误示范:增益已经作为参数传给 amplify,可最后用 jnp.hstack 把各行拼到了一起,
# 得到一条长度为 12 的一维数组,而不是每个增益一行。


@jax.jit
def amplify(x, gain):
    return gain * x


def amplify_all(x, gains):
    rows = []
    for gain in gains:
        rows.append(amplify(x, gain))
    return jnp.hstack(rows)
