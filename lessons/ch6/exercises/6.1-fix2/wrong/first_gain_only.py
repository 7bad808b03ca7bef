# expect: failed values "是 amplify_all 每一行都把第一个增益交给了 amplify" not "过时的值"
# expect.en: "amplify_all hands amplify the first gain for every row" not "stale value"
# 错误示范:amplify 已经改对了(增益是参数),可 amplify_all 的列表推导式里写成了 gains[0]。
# 每一行都是 x · gains[0],但这不是 jit 读到了过时的全局变量:单独调用 amplify(x, g) 对别的 g 是对的。
@jax.jit
def amplify(x, gain):
    return x * gain


def amplify_all(x, gains):
    return jnp.stack([amplify(x, gains[0]) for g in gains])
