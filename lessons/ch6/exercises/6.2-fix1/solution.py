# 参考答案:.at[i].set(value) 交回一个新数组,原数组不动。


def mark(grid, i, value):
    return grid.at[i].set(value)
