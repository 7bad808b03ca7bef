# expect: failed first_line "整条消息" "第一行"
# expect.en: "whole FloatingPointError message" "first line only"
# isolated: 用 with jax.debug_nans(True) 在这次调用里打开 NaN 检查
# 错误示范:开关的作用范围修对了,可交回去的是异常的全部参数文本;消息只有一行时看不出差别。


def nan_report(step, *inputs):
    with jax.debug_nans(True):
        try:
            jax.block_until_ready(step(*inputs))
        except FloatingPointError as problem:
            return problem.args[0] if problem.args else repr(problem)
    return None
