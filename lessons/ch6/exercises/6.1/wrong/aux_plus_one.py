# expect: failed eager "加 1 应该只加在计数上" not "旧计数"
# expect.en: "should go to the count only" not "old count"
# 错误示范:把两个返回值都加了 1,辅助输出本该原样交回。
def update_counter(n, inc):
    return n + 1, inc + 1
