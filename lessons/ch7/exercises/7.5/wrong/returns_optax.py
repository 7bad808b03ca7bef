# expect: failed hand_written "optax 的对象"
# expect.en: "uses optax objects"
# 直接返回 optax 的实现:数值当然和 optax 一致,但练习要求用本章的工具亲手写出 Lion。


def scale_by_lion(b1: float = 0.9, b2: float = 0.99):
    # 现成的实现,省事
    return optax.scale_by_lion(b1=b1, b2=b2)


def lion(lr, b1: float = 0.9, b2: float = 0.99, weight_decay: float = 1e-3, mask=None):
    return optax.lion(learning_rate=lr, b1=b1, b2=b2, weight_decay=weight_decay, mask=mask)
