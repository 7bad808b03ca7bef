# expect: failed no_callback "一部分计算被交给 Python" not "峰值被交给 Python"
# expect.en: "part of the computation is handed to Python" not "the peak is handed to Python"
# 错误示范:整个缩放都交给 jax.pure_callback 用 NumPy 算。交给 Python 的是整个除法,
# 不只是峰值,消息只说一部分计算离开了编译好的程序。
def _scale_in_numpy(x):
    arr = np.asarray(x)
    return (arr / np.abs(arr).max()).astype(np.float32)


@jax.jit
def scale_to_peak(x):
    out = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(_scale_in_numpy, out, x)
