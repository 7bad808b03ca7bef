# expect: error jit_loop "ConcretizationTypeError"
# expect.en: "ConcretizationTypeError"
# 错误示范:先用 int() 把计数变成 Python 整数再加一。
# 不加 jit 时一切正常;但在 jax.jit 里,参数是不带具体数值的追踪值(tracer),
# int() 需要一个具体的数,于是抛出 ConcretizationTypeError。
def update_counter(c, extra):
    as_python_number = int(c)
    return as_python_number + 1, extra
