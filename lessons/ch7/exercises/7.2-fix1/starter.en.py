# Repair exercise: when the input contains 0, sinc's gradient is NaN.
# Change it until the checks pass (Ctrl+T shows a hint).


def sinc(x):
    return jnp.where(x == 0, 1.0, jnp.sin(x) / x)
