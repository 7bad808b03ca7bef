# expect: failed values "只读视图" "就地写入" not "TypeError"
# expect.en: "read-only view" "written in place" not "TypeError"
# 错误示范:先用 np.asarray 把参数变成 NumPy 数组再按 NumPy 习惯就地清零。传进来的是 JAX 数组时,
# np.asarray 给的是只读视图,赋值抛出 ValueError;提示要说出这一点,而不是只把 NumPy 的报错原样摆出来。
def drop_and_renormalize(weights, i):
    w = np.asarray(weights)
    w[i] = 0.0
    return jnp.asarray(w / w.sum())
