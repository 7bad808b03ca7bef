# Reference solution: .at[i].set(value) returns a new array and leaves the original alone.


def mark(grid, i, value):
    return grid.at[i].set(value)
