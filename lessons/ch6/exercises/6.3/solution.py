# 练习 6.3 参考答案


def square(x):
    return x ** 2


square_grad = jax.grad(square)


def gradient_descent_step(params, learning_rate):
    return params - learning_rate * square_grad(params)


if __name__ == "__main__":
    step = jax.jit(gradient_descent_step)   # 学习率是普通参数:换值不重新编译
    p = jnp.array(5.0)
    for k in range(5):
        p = step(p, 0.1)
        print(f"第 {k + 1} 步:{float(p):.4f}")
