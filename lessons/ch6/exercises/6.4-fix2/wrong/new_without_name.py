# expect: failed values "name"
# expect.en: "name"
# 错误示范:自己新建一个 Linear,名字随手写了一个,静态字段 name 丢了。
def with_bias(layer, b):
    return Linear(w=layer.w, b=b, name="layer")
