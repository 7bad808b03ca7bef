# Reference solution: the count is state; it comes in as an argument and goes out as a return value.
# The body reads only its arguments, so after jit has traced it once, every call computes from the count passed in.


@jax.jit
def tally(count, x):
    return count + 1, 2 * x
