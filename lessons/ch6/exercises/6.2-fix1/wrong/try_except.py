# expect: failed jit "没有生效"
# expect.en: "the assignment had no effect"
# 错误示范(把症状压下去的错误办法):用 try/except 接住 TypeError,把原数组交回去。
# 不再报错,可元素根本没有改。
def mark(grid, i, value):
    try:
        grid[i] = value
    except TypeError:
        pass
    return grid
