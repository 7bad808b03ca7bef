# Repair exercise: every row of amplify_all is the same.
# Change it until the checks pass (Ctrl+T shows a hint).

gain = 1.0


@jax.jit
def amplify(x):
    return x * gain             # reads a global


def amplify_all(x, gains):
    global gain
    rows = []
    for g in gains:
        gain = g                # change the global first, then call
        rows.append(amplify(x))
    return jnp.stack(rows)
