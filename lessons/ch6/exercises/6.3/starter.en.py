# Exercise 6.3: a single gradient-descent step
#
# The chapter context has already imported jax, jax.numpy as jnp and more.
# The objective is the square function; one descent step = old parameter − learning rate × derivative.
# It must be possible to change the learning rate on every call without jit recompiling.
#
# How to check it yourself: from 5.0 with learning rate 0.1, every step multiplies the parameter by 0.8,
# so after five steps it should be close to 1.6384. Then try learning rates 0.05 and 0.2: do the results follow x·(1 − 2·lr)?
# If you plan to wrap it in jax.jit, think: should the learning rate appear in static_argnums?
# Ctrl+T reveals the hints one by one; the reference solution unlocks once the exercise passes.


def gradient_descent_step(params, learning_rate):
    # params: the current parameter (a scalar array); learning_rate: this step's learning rate.
    # Returns: the new parameter. Let jax.grad find the derivative, do not compute it by hand,
    # and do not call float() on learning_rate: inside jit it is a tracer.
    # The checks call the jitted version with several learning rates in a row and count how many times XLA compiles.
    raise NotImplementedError
