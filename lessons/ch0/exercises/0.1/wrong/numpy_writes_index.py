# expect: failed input_unchanged "weights[" "被改写" not "第 "
# expect.en: "weights[" "was overwritten" not "element 6"
# 错误示范:np.asarray 不复制传进来的 NumPy 数组,原地写 0 改动了调用者的数据。提示要用下标
# weights[i] 指出被改写的元素,不能说"第 i 个"(下标从 0 数起,读起来会差一位)。
import numpy as np


def drop_and_renormalize(weights, i):
    arr = np.asarray(weights)
    arr[i] = 0.0
    return jnp.asarray(arr) / arr.sum()
