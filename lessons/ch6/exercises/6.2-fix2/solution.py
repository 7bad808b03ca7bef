# 参考答案:每个样本的计数作为带批维度的输入和输出,函数里没有副作用。


def tick(count, v):
    return count + 1, v + 1
