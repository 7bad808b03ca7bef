# Exercise 6.2: a simple moving average
#
# The chapter context has already imported jax, jax.numpy as jnp and more.
# The state is a pair (running sum, number seen); for each new number, return the new pair and the current mean.
#
# Data to test with: read 2, 4, 6, 8, 10 in turn; the means should be 2, 3, 4, 5, 6.
# Then wrap it in jax.jit, run it again and count how many times the function is traced:
# append to an outside list at the start of the function (that only runs while tracing) and look at its length after the loop.


def update_moving_average(state, new_value):
    # state: the pair (running sum, number seen); both are zero on the first call.
    # new_value: the number read at this step.
    # Returns: ((sum plus the new value, count plus one), the mean = new sum divided by new count).
    # Use true division for the mean; each of the state's two items must keep its dtype across the update.
    raise NotImplementedError


# The starting point for the jitted version. Think about the dtypes: it must "look exactly like" the updated state,
# or jit will quietly recompile on the second call.
# initial_state = ...
