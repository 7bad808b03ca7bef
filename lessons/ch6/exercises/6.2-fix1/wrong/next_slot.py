# expect: failed jit "下标差了一" not "加到了"
# expect.en: "the index is off by one" not "was added to the old element"
# 错误示范:把下标当成从 1 数起,写到了后一格。
def mark(grid, i, value):
    target = i + 1
    return grid.at[target].set(value)
