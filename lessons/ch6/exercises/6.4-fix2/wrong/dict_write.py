# expect: failed original "实例的 __dict__" not "硬改(object.__setattr__)"
# expect.en: "the instance's __dict__" not "forcing one (object.__setattr__)"
# 错误示范:冻结挡住了赋值,就直接往实例的 __dict__ 里写 b,改的是调用者的层。
# 代码没用 object.__setattr__,消息不能把它说成唯一的硬改方式。
def with_bias(layer, b):
    vars(layer)["b"] = b  # 绕过 frozen
    return layer
