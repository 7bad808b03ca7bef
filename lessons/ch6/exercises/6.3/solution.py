# 练习 6.3 参考答案
#
# 思路:把“求导”交给 jax.grad,把“一步更新”写成一个纯函数。这个函数不保存任何东西,
# 旧参数进、新参数出;学习率和参数一样是普通输入。于是:
#   * 不加 jit 时,它就是一次普通的数值计算;
#   * 加上 jit 时,只编译一次——学习率换成 0.05、0.02……都复用同一份编译结果;
#   * 以后想做学习率预热或衰减,只要在循环里传不同的值,不需要改这个函数。


def parabola(x):
    return x * x


slope = jax.grad(parabola)


def gradient_descent_step(params, learning_rate):
    # 学习率是普通的数组参数:jit 编译一次,以后换任何值都复用同一份程序。
    # 它只参与数值运算,不决定形状、分支或循环次数,所以没有理由把它标成静态。
    return params - learning_rate * slope(params)


if __name__ == "__main__":
    theta = jnp.float32(5.0)
    for k in range(5):
        theta = gradient_descent_step(theta, 0.1)
        print(f"第 {k + 1} 步:{float(theta):.4f}")
