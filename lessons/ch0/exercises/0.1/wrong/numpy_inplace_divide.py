# expect: failed input_unchanged "7 个元素里有 7 个被改写" not "weights[6] 被改写"
# expect.en: "7 of its 7 elements overwritten" not "weights[6] was overwritten"
# 错误示范:NumPy 习惯,就地清零后再就地除以和。传进 NumPy 数组时每个元素都被改写,
# 提示说出算出来的被改写元素个数,而不是只说第 i 个。
def drop_and_renormalize(weights, i):
    weights[i] = 0.0
    weights /= weights.sum()
    return weights
