# expect: failed values "Opts(2) 给出的是 k=3 的结果" "幂次 k=2 没有用到计算里" not "Opts(3) 给出的是 k=2"
# expect.en: "Opts(2) gives the result for k=3" "the power k=2 does not reach the computation" not "Opts(3) gives the result for k=2"
# 错误示范:照着奇数幂的例子把幂次写死成 3,没读 opts.k。先出错的是 Opts(2),
# 它拿到的是 k=3 的结果,消息要说的是 Opts(2),不是 Opts(3)。
@dataclass(frozen=True)
class Opts:
    k: int


def _power(x, opts):
    magnitude = jnp.abs(x) ** 3
    return jnp.sign(x) * magnitude


power = jax.jit(_power, static_argnums=1)
