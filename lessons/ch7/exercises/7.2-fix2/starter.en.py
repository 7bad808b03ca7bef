# Repair exercise: when a row is all zeros, row_norms's gradient is NaN.
# Change it until the checks pass (Ctrl+T shows a hint).


def row_norms(V):
    return jnp.linalg.norm(V, axis=1)
