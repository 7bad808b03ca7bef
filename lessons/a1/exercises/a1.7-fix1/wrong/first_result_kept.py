# expect: failed values "第一次调用的结果" not "ddof"
# expect.en: "exactly the first call's" not "ddof"
# 错误示范:想省一次减法,把第一次算出的 centered 记在模块级变量里,以后直接拿来用。

_remembered = []


@jax.jit
def normalize(x):
    shifted = x - x.mean()
    return shifted / shifted.std(), shifted


def normalize_and_center(x):
    z, shifted = normalize(x)
    if not _remembered:
        _remembered.append(shifted)
    return z, _remembered[0]
