# Repair exercise: the counter counted only once.
# Called 5 times in a row, tally's first return value should be 1, 2, 3, 4, 5; it is 1, 2, 2, 2, 2.
# Change it until the checks pass (Ctrl+T shows a hint).

calls = 0


@jax.jit
def tally(count, x):
    global calls
    calls += 1                  # meant to count once per call
    return calls, 2 * x
