# 修复练习:每个新建的 Opts(2) 都让 power 重新编译一次。
# 改到检查通过为止(Ctrl+T 看提示)。


class Opts:
    def __init__(self, k):
        self.k = k


def _power(x, opts):
    return jnp.sign(x) * jnp.abs(x) ** opts.k


power = jax.jit(_power, static_argnums=1)
