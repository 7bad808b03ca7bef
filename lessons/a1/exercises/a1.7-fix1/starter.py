# 修复练习:normalize_and_center 一调用就报 UnexpectedTracerError。
# 改到检查通过为止(Ctrl+T 看提示)。

stash = []


@jax.jit
def normalize(x):
    centered = x - jnp.mean(x)
    stash.append(centered)          # 想把中间量留到函数外
    return centered / jnp.std(x)


def normalize_and_center(x):
    z = normalize(x)
    return z, stash[-1] + 0.0
