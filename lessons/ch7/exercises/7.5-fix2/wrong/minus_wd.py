# expect: failed decay "符号反了" not "没有衰减"
# expect.en: "the wrong sign" not "there is no decay"
# 错误示范:以为衰减要“减去”,给 add_decayed_weights 传了负的系数,参数反而越来越大。
def make_adamw(lr, wd):
    parts = [scale_by_adam()]
    parts.append(add_decayed_weights(-wd))  # "decay means subtract": the sign flipped here
    parts.append(scale_by_learning_rate(lr))
    return chain(*parts)
