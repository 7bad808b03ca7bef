# expect: failed values "对调" not "centered 应为"
# expect.en: "are swapped" not "centered should be"
# 错误示范:两个结果都对,只是返回时把 centered 放在了前面。
@jax.jit
def normalize_and_center(x):
    shifted = x - x.mean()
    scaled = shifted / x.std()
    return shifted, scaled
