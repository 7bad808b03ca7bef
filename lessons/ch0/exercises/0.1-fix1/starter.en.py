# Repair exercise: histogram raises TypeError as soon as it runs.
# Change it until the checks pass (Ctrl+T for hints).


def histogram(labels, n):
    counts = jnp.zeros(n)
    for label in labels:
        counts[label] += 1  # the NumPy habit
    return counts
