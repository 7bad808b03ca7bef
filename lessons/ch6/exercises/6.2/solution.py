# 练习 6.2 参考答案


def update_moving_average(state, new_value):
    # 新状态由旧状态和新值算出;个数加整数 1,保持 int32,状态的签名因此前后一致
    total, seen = state
    total = total + new_value
    seen = seen + 1
    return (total, seen), total / seen


# 与更新后的状态同为强类型 float32 / int32:jit 从第一次调用起签名就稳定。
initial_state = (jnp.zeros((), dtype=jnp.float32), jnp.zeros((), dtype=jnp.int32))

if __name__ == "__main__":
    carry = initial_state
    for x in (2.0, 4.0, 6.0, 8.0, 10.0):
        carry, mean = update_moving_average(carry, jnp.float32(x))
        print(f"读入 {x:4.1f} → 平均 {float(mean):.2f},状态 ({float(carry[0])}, {int(carry[1])})")
