# expect: failed values "幂次 k=3 没有用到计算里" not "同一个缓存"
# expect.en: "the power k=3 does not reach the computation" not "the same cache entry"
# 错误示范:Opts 改成了冻结的 dataclass,可 _power 里把幂次写死成 2,没读 opts.k。
@dataclass(frozen=True)
class Opts:
    k: int


def _power(x, opts):
    return jnp.sign(x) * jnp.abs(x) ** 2


power = jax.jit(_power, static_argnums=1)
