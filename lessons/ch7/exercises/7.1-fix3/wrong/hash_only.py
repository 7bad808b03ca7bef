# expect: failed compiles "按身份"
# expect.en: "by identity"
# 错误示范:只补了 __hash__,没有 __eq__:哈希相同,可相等比较仍按身份,缓存照样不命中。
class Opts:
    def __init__(self, k):
        self.k = k

    def __hash__(self):
        return hash(self.k)


def _power(x, opts):
    return jnp.sign(x) * jnp.abs(x) ** opts.k


power = jax.jit(_power, static_argnums=1)
