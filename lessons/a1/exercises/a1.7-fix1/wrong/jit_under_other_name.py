# expect: failed one_compile "在 jit 外面" not "没有放在 jit 函数里"
# expect.en: "outside jit" not "not inside a jit function"
# 去掉了 stash,把计算放进 jax.jit(_impl) 存成 _core;可外面又多做了一次 + 0.0,这个加法在 jit 外面
# 单独编译执行。jit 函数是有的,只是不叫 _impl 这个名字。
def _impl(x):
    c = x - jnp.mean(x)
    return c / jnp.std(x), c


_core = jax.jit(_impl)


def normalize_and_center(x):
    z, c = _core(x)
    return z, c + 0.0
