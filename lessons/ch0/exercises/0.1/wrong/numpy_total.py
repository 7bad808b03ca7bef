# expect: failed jit "np.asarray" not "再赋值"
# expect.en: "np.asarray" not "for assignment"
# 错误示范:清零用的是 .at[i].set,但分母先把数组交给 np.asarray 再求和。不加 jit 时没问题;
# 在 jit 里这一步要把追踪值变成 NumPy 数组。提示不能说成"转成 NumPy 数组再赋值"。
import numpy as np


def drop_and_renormalize(weights, i):
    kept = jnp.asarray(weights).at[i].set(0.0)
    return kept / np.asarray(kept).sum()
