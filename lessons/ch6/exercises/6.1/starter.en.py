# Exercise 6.1: a stateful counter with jit
#
# The chapter context has already imported jax, jax.numpy as jnp, lax and more (see the "Context" tab); use them directly.
# The point: the function itself remembers nothing; the caller keeps the count, passes it in each time and catches the new count you return.
# The second return value is an "auxiliary output": hand back the second argument you received, untouched.


def update_counter(count, increment):
    # Arguments: count is the caller's current count (a Python int or a JAX array);
    #            increment is a number passed along with this call; do not compute with it.
    # Returns: a pair. The first item is the new count, the second is increment itself.
    # Note: do not use global, and do not turn the count into a Python int with int(): inside jit it is a tracer.
    raise NotImplementedError


# Once it is written you can try it out here (the checks do not use this code), for example:
#     stepper = jax.jit(update_counter)
#     state = 0
#     for k in range(5):
#         state, echoed = stepper(state, k)
#         print(k + 1, state, echoed)
