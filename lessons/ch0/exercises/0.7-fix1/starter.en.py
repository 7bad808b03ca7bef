# Repair exercise: soft_sign raises TracerBoolConversionError under jit or vmap.
# Change it until the checks pass (Ctrl+T for hints).


def soft_sign(x):
    if x > 0:
        return x / (1.0 + x)
    return x / (1.0 - x)
