# Repair exercise: mark raises a TypeError as soon as it runs.
# Change it until the checks pass (Ctrl+T shows a hint).


def mark(grid, i, value):
    grid[i] = value             # the NumPy habit
    return grid
