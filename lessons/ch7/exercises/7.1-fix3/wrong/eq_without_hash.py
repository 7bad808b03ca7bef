# expect: error values "__hash__ 设为 None" not "注册成 pytree"
# expect.en: "gets __hash__ = None" not "register a class of your own as a pytree"
# 错误示范:给 Opts 加了 __eq__,让两个 Opts(2) 相等,却没加 __hash__;Python 于是把 __hash__ 设成 None,
# jit 拿它当 static 参数时根本无法哈希。
class Opts:
    def __init__(self, k):
        self.k = k

    def __eq__(self, other):
        return isinstance(other, Opts) and other.k == self.k


def _power(x, opts):
    return jnp.sign(x) * jnp.abs(x) ** opts.k


power = jax.jit(_power, static_argnums=1)
