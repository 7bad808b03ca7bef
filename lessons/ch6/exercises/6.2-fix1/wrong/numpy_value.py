# expect: failed jit "grid、i 和 value 都是追踪值" not "grid 是追踪值"
# expect.en: "grid, i and value are all tracers" not "grid is a tracer"
# 错误示范:更新写对了 .at[i].set,却先用 np.asarray 把 value 转成 NumPy 数。jit 里 value 是追踪值,
# 转不成 NumPy 数组。转换的是 value,不是 grid,消息不能只说 grid。
@jax.jit
def mark(grid, i, value):
    v = np.asarray(value, np.float32)
    return grid.at[i].set(v)
