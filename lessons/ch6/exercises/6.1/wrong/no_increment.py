# expect: failed jit_loop "没有加 1" not "模块级变量"
# expect.en: "it never adds 1" not "module-level"
# 错误示范:忘了加 1,新计数原样交回传入的 count。
# 函数没有碰任何全局变量:检查不该把它说成“状态藏在模块级变量里”。
def update_counter(c, extra):
    return c, extra
