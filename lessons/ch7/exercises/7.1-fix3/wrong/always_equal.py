# expect: failed values "k=2"
# expect.en: "k=2"
# 错误示范:让所有 Opts 都相等、哈希都一样。编译只有 1 次了,可 Opts(3) 拿到的是 Opts(2) 的程序。
class Opts:
    def __init__(self, k):
        self.k = k

    def __hash__(self):
        return 0

    def __eq__(self, other):
        return True


def _power(x, opts):
    return jnp.sign(x) * jnp.abs(x) ** opts.k


power = jax.jit(_power, static_argnums=1)
