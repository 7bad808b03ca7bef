# Exercise 6.3 reference solution
#
# The idea: leave "differentiate" to jax.grad and write "one update step" as a pure function. The function keeps nothing;
# old parameters in, new parameters out; the learning rate is an ordinary input, like the parameters. So:
#   * without jit it is an ordinary numerical computation;
#   * with jit it compiles once: learning rates of 0.05, 0.02, ... all reuse the same compiled program;
#   * to add learning-rate warm-up or decay later, pass different values in the loop; this function does not change.


def parabola(x):
    return x * x


slope = jax.grad(parabola)


def gradient_descent_step(params, learning_rate):
    # The learning rate is an ordinary array argument: jit compiles once, and any later value reuses the same program.
    # It only takes part in the arithmetic and decides no shape, branch or loop count, so there is no reason to make it static.
    return params - learning_rate * slope(params)


if __name__ == "__main__":
    theta = jnp.float32(5.0)
    for k in range(5):
        theta = gradient_descent_step(theta, 0.1)
        print(f"step {k + 1}: {float(theta):.4f}")
