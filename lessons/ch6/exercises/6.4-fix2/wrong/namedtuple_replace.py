# expect: failed values "NamedTuple 的方法"
# expect.en: "belongs to NamedTuple"
# 错误示范:记得 NamedTuple 有换字段的办法,就对冻结的 dataclass 也调用了 _replace。
def with_bias(layer, b):
    updated = layer._replace(b=b)
    return updated
