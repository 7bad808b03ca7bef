# expect: failed values "新偏置被放进了 w 字段"
# expect.en: "the new bias went into the w field"
# 错误示范:自己拼一个新的 Linear,可把新偏置填进了权重的位置,旧偏置原样留着。


def with_bias(layer, b):
    return Linear(w=b, b=layer.b, name=layer.name)
