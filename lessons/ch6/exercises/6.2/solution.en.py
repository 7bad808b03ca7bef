# Exercise 6.2 reference solution


def update_moving_average(state, new_value):
    # the new state comes from the old state and the new value; the count adds the integer 1 and stays int32, so the state's signature is the same before and after
    total, seen = state
    total = total + new_value
    seen = seen + 1
    return (total, seen), total / seen


# Strongly typed float32 / int32, like the updated state: jit's signature is stable from the first call.
initial_state = (jnp.zeros((), dtype=jnp.float32), jnp.zeros((), dtype=jnp.int32))

if __name__ == "__main__":
    carry = initial_state
    for x in (2.0, 4.0, 6.0, 8.0, 10.0):
        carry, mean = update_moving_average(carry, jnp.float32(x))
        print(f"read {x:4.1f} → mean {float(mean):.2f}, state ({float(carry[0])}, {int(carry[1])})")
