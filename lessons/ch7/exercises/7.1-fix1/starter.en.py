# Repair exercise: standardize compiles once on every call.
# Change it until the checks pass (Ctrl+T shows a hint).


def standardize(x):
    def column_scale(v):
        centered = v - v.mean(axis=0)
        return centered / (v.std(axis=0) + 1e-6)

    return jax.jit(column_scale)(x)
