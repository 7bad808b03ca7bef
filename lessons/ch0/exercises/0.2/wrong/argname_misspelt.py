# expect: error load "def 那一行" "拼写"
# expect.en: "def line" "spelled"
# 错误示范:static_argnames 里把 center 拼成了 centre。jax.jit 在模块加载时就拒绝这个名字;
# 以前只原样显示 JAX 的 ValueError,现在附上一句说明:名字要和 def 里的参数拼写一致。
def normalize(x, center):
    if center:
        return (x - jnp.mean(x)) / jnp.std(x)
    return x / jnp.sqrt(jnp.mean(x**2))


fast_normalize = jax.jit(normalize, static_argnames="centre")
