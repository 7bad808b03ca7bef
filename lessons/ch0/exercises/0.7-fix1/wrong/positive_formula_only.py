# expect: failed jit "x > 0 的分支" not "if" "对调" "原样返回"
# expect.en: "branch for x > 0" not "if" "swapped" "as x itself"
# 错误示范(把症状压下去的错误办法):删掉 if,只留下 x > 0 那一支的公式。不再报错,负数全算错了。
def soft_sign(x):
    return x / (1.0 + x)
