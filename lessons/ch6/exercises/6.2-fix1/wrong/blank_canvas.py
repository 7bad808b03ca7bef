# expect: failed jit "其余元素却都是 0"
# expect.en: "every other element is 0"
# 错误示范:先开一块同样形状的“空白画布”,只在上面写第 i 格再交回,
# 原来 grid 里的其他数值一个也没有带过来。


def mark(grid, i, value):
    canvas = jnp.zeros(grid.shape, grid.dtype)
    return canvas.at[i].set(value)
