# expect: failed jit_static "float()" not "静态"
# expect.en: "float()" not "static"
# 错误示范:NumPy 的习惯,先把标准差变成 Python 数再去除。不加 jit 时能运行;
# 在 jit 里 jnp.std(x) 是追踪值,float(…) 要一个具体的数,于是失败。
def normalize(x, center):
    if center:
        spread = float(jnp.std(x))
        return (x - jnp.mean(x)) / spread
    rms = float(jnp.sqrt(jnp.mean(x**2)))
    return x / rms


fast_normalize = jax.jit(normalize, static_argnames="center")
