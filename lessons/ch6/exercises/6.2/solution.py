# 练习 6.2 参考答案


def update_moving_average(state, new_value):
    running_sum, seen = state
    running_sum = running_sum + new_value
    seen = seen + 1
    return (running_sum, seen), running_sum / seen


# 和更新后的状态同样的 dtype(强类型 float32 / int32):jit 只追踪一次。
initial_state = (jnp.array(0.0, jnp.float32), jnp.array(0, jnp.int32))

if __name__ == "__main__":
    step = jax.jit(update_moving_average)
    state = initial_state
    for v in jnp.array([2.0, 4.0, 6.0, 8.0, 10.0]):
        state, avg = step(state, v)
        print(f"平均值 {float(avg):.2f},状态 = ({float(state[0])}, {int(state[1])})")
