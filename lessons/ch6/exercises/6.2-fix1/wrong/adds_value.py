# expect: failed jit "加到了"
# expect.en: "was added to the old element"
# 错误示范:用了 .at[i].add,把 value 加到了原来的元素上,而不是替换它。
def mark(grid, i, value):
    return grid.at[i].add(value)
