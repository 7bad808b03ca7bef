# expect: failed compiles "jax.clear_caches()" not "新的静态值"
# expect.en: "jax.clear_caches()" not "new static value"
# isolated: 调用 jax.clear_caches(),清空整个进程的编译缓存
# 错误示范:Opts 已是 frozen dataclass,可 power 每次先清缓存,三个 Opts(2) 编译三次。
@dataclass(frozen=True)
class Opts:
    k: int


def _power(x, opts):
    return jnp.sign(x) * jnp.abs(x) ** opts.k


_power_jit = jax.jit(_power, static_argnums=1)


def power(x, opts):
    jax.clear_caches()
    return _power_jit(x, opts)
