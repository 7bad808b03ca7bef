# expect: failed jit "NumPy"
# expect.en: "NumPy"
# 错误示范:先转成 NumPy 数组再赋值。不加 jit 时能用;在 jit 里 grid 是追踪值,
# 不能转成 NumPy 数组。
def mark(grid, i, value):
    copy = np.array(grid)
    copy[i] = value
    return jnp.asarray(copy)
