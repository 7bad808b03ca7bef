# expect: failed jit "NumPy"
# expect.en: "NumPy"
# 错误示范:先复制成 NumPy 数组再赋值。不加 jit 时一切正常,调用者的数据也没被改;
# 但在 jit 里 weights 是追踪值,np.array(…) 要的是具体数值,于是失败。
def drop_and_renormalize(weights, i):
    w = np.array(weights, dtype=np.float64)
    w[i] = 0.0
    return jnp.asarray(w / w.sum())
