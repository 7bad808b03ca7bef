# expect: failed values "已经接收了 g,却没有用它" not "作为参数传给"
# expect.en: "already takes g but never uses it" not "Pass the gain to amplify"
# 错误示范:签名里添了第二个参数 scale,乘的却仍是模块里的 gain;
# amplify_all 每轮先改全局变量,以为 jit 会看到新值。
gain = 1.0


@jax.jit
def amplify(x, scale):
    return gain * x


def amplify_all(x, gains):
    global gain
    out = []
    for s in gains:
        gain = s
        out.append(amplify(x, s))
    return jnp.stack(out)
