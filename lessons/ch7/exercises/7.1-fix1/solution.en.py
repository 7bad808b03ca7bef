# Reference solution: the inner function moves to module level, the jit object is created once, and its cache is reused across calls.


def column_scale(v):
    centered = v - v.mean(axis=0)
    return centered / (v.std(axis=0) + 1e-6)


column_scale_jit = jax.jit(column_scale)


def standardize(x):
    return column_scale_jit(x)
