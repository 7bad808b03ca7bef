# expect: failed decay "没有负号" not "符号反了"
# expect.en: "with no minus sign" not "the wrong sign"
# 错误示范:衰减的位置和系数都对,可最后一步用 scale 乘上学习率,忘了学习率要带负号。
def make_adamw(lr, wd):
    moments = scale_by_adam()
    decay = add_decayed_weights(wd)
    return chain(moments, decay, scale(lr))
