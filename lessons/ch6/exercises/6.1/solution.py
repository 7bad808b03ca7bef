# 练习 6.1 参考答案


def update_counter(count, increment):
    """计数固定加 1;increment 作为辅助输出原样返回。"""
    return count + 1, increment


if __name__ == "__main__":
    step = jax.jit(update_counter)
    count = 0
    for i in range(5):
        count, echoed = step(count, i)
        print(f"第 {i + 1} 次:计数 = {int(count)},辅助输出 = {int(echoed)}")
