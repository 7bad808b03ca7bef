# expect: failed no_callback "callback"
# expect.en: "callback"
# 错误示范(把症状压下去的错误办法):用 pure_callback 让 Python 去算峰值。能运行,结果也对,
# 但每次调用都要离开编译好的程序回到 Python。
@jax.jit
def scale_to_peak(x):
    peak = jax.pure_callback(
        lambda v: np.float32(np.max(np.abs(v))), jax.ShapeDtypeStruct((), jnp.float32), x
    )
    return x / peak
