# expect: failed jit "同一个公式" not "少了括号" "tanh"
# expect.en: "one formula for both sides" not "without parentheses" "tanh"
# 错误示范:想用一个光滑的式子代替分段,写成了 x / (1 + x²),这不是题目给的函数。
def soft_sign(x):
    return x / (1.0 + x * x)
