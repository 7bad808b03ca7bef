# expect: failed pure "函数不该改自身以外" not "外部的列表"
# expect.en: "must not change anything outside itself" not "outside list"
# 错误示范:每个样本的计数算对了,可函数顺手给模块级整数 ticks_done 加 1,想统计调了多少次。
# 改的是一个整数而不是列表,提示只能说"函数外的东西被改了",不能说"外部的列表"。
ticks_done = 0


def tick(count, v):
    global ticks_done
    ticks_done = ticks_done + 1
    return count + 1, v + 1
