# expect: failed values "sign(x)·x^3" not "少了 sign(x)"
# expect.en: "it computes sign(x)·x^3" not "factor sign(x) is missing"
# 配置改成了冻结的 dataclass,可幂没先取绝对值:k 为奇数时 x^k 已带符号,再乘 sign(x) 就负负得正。
@dataclass(frozen=True)
class Opts:
    k: int


def _signed_pow(v, cfg):
    return v**cfg.k * jnp.sign(v)


power = jax.jit(_signed_pow, static_argnums=1)
