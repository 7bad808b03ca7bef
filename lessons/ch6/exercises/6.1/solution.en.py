# Exercise 6.1 reference solution: the count lives with the caller; the function only does "old state in, new state out".
# This is the common shape of all the stateful code that follows (optimizers, random keys, RNN hidden states):
#     (new_state, aux_output) = pure_function(old_state, inputs)


def update_counter(count, increment):
    # No outside variable read or written, no int() on an argument: it behaves the same inside jit as without it,
    # and from the Python int 0 the result is a weakly typed int32, the signature stays, one trace only.
    bumped = count + 1
    return bumped, increment


if __name__ == "__main__":
    stepper = jax.jit(update_counter)
    state = 0
    for k in range(5):
        state, echoed = stepper(state, k)
        print(f"after call {k + 1}: count {int(state)}, auxiliary output {int(echoed)}")
