# expect: failed values "Opts(2) 得到的是 k=3 的结果" not "Opts(3) 得到的是 k=2 的结果"
# expect.en: "Opts(2) gives the result for k=3" not "Opts(3) gives the result for k=2"
# 错误示范:自己写 __eq__/__hash__,让所有 Opts 都相等;文件里先用 Opts(3) 试了一次,缓存里
# 留下了 k=3 的程序,于是 Opts(2) 拿到的是 k=3 的结果。出错的是 Opts(2),消息不能说成 Opts(3)。
class Opts:
    def __init__(self, k):
        self.k = k

    def __eq__(self, other):
        return isinstance(other, Opts)

    def __hash__(self):
        return hash("Opts")


def _power(x, opts):
    return jnp.sign(x) * jnp.abs(x) ** opts.k


power = jax.jit(_power, static_argnums=1)
print(power(jnp.linspace(-1.0, 1.0, 6), Opts(3)))
