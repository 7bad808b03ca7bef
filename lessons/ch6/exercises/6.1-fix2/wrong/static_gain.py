# expect: failed argument "静态参数"
# expect.en: "static argument"
# 错误示范:增益改成了参数,却标成了静态参数,每个新增益都要重新编译。
def _times_gain(x, gain):
    return x * gain


amplify = jax.jit(_times_gain, static_argnames="gain")


def amplify_all(x, gains):
    return jnp.stack([amplify(x, g) for g in gains])
