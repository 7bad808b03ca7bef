# expect: failed values "增益跑到了最后一轴"
# expect.en: "the gains ended up on the last axis"
# 错误示范:amplify 改对了,拼结果时却沿最后一轴堆叠,每个增益成了一列。
@jax.jit
def amplify(x, gain):
    return x * gain


def amplify_all(x, gains):
    cols = [amplify(x, g) for g in gains]
    return jnp.stack(cols, axis=-1)
