# expect: failed values "一次抽出 24 个数" not "父 key"
# expect.en: "one draw of 24 numbers" not "parent key"
# 错误示范:以为只要两块数字不重叠就够了,一次抽够 24 个数再切开,始终没有 split。


def init_pair(key):
    numbers = jax.random.normal(key, (24,))
    A = numbers[:16].reshape(4, 4)
    B = numbers[16:].reshape(4, 2)
    return A, B
