# expect: failed jit_loop "改动了模块级变量 hidden_total" "只在追踪时执行"
# expect.en: "changed module-level variables: hidden_total" "only once, while tracing"
# 错误示范:把计数藏在模块级变量里,指望每次调用都累加。
# 在 jax.jit 下,Python 函数体只在“追踪”那一次真正执行;之后直接跑编译好的程序,
# 模块级变量不会再被改动,返回的计数也就永远停在追踪时算出的那个常量上。
hidden_total = 0


def update_counter(c, extra):
    global hidden_total
    hidden_total = hidden_total + 1
    return hidden_total, extra
