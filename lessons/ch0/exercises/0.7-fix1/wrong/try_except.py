# expect: failed jit "x ≤ 0 的分支" not "if"
# expect.en: "branch for x ≤ 0" not "if"
# 错误示范(把症状压下去的错误办法):用 try/except 接住报错,接住了就一律走 x ≤ 0 的分支。
# 不再报错,可正数全算错了。
def soft_sign(x):
    try:
        if x > 0:
            return x / (1.0 + x)
    except Exception:  # 把追踪值上 bool() 的报错一并吞掉
        pass
    return x / (1.0 - x)
