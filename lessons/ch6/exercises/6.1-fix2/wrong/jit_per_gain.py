# expect: failed argument "给每个增益现包一个新的 jit 函数" not "clear_caches" "静态"
# expect.en: "builds a new jitted function around each gain" not "clear_caches" "static"
# 错误示范:amplify 没有 jit,amplify_all 却为每个增益临时定义并 jit 一个乘法函数。


def amplify(x, gain):
    return x * gain


def amplify_all(x, gains):
    out = []
    for gain in gains:

        @jax.jit
        def scaled(v):
            return v * gain

        out.append(scaled(x))
    return jnp.stack(out)
