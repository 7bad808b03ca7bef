# 练习 6.1 参考答案:计数活在调用者手里,函数只负责“旧状态进、新状态出”。
# 这是后面所有有状态代码(优化器、随机数 key、RNN 隐藏状态)的共同形状:
#     (新状态, 辅助输出) = 纯函数(旧状态, 输入)


def update_counter(count, increment):
    # 不读写任何外部变量,也不对参数调用 int():这样它在 jit 里和不加 jit 时行为一致,
    # 而且从 Python 整数 0 起步时,返回值是弱类型 int32,签名不变,只追踪一次。
    bumped = count + 1
    return bumped, increment


if __name__ == "__main__":
    stepper = jax.jit(update_counter)
    state = 0
    for k in range(5):
        state, echoed = stepper(state, k)
        print(f"第 {k + 1} 次调用后:计数 {int(state)},辅助输出 {int(echoed)}")
