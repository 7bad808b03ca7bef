# expect: failed values "sign(x)" not "同一个缓存项"
# expect.en: "sign(x)" not "the same cache entry"
# 错误示范:配置改成了冻结的 dataclass,可幂直接用 x ** k,k 为偶数时负号没了。
@dataclass(frozen=True)
class Opts:
    k: int


def _signed_pow(values, cfg):
    return values**cfg.k


power = jax.jit(_signed_pow, static_argnums=1)
