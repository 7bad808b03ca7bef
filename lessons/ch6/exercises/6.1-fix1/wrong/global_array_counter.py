# expect: error pure "改动了模块级变量 calls" "calls 里留着追踪时的中间值(tracer)"
# expect.en: "changed module-level variables: calls" "a tracer from tracing is kept in calls"
# 错误示范:计数已经走参数和返回值,可函数里还把全局数组 calls 加 1。
# 追踪时 calls 被换成了一个追踪值(tracer),之后谁再用它都会出错。
calls = jnp.int32(0)


@jax.jit
def tally(count, x):
    global calls
    calls = calls + 1
    return count + 1, 2 * x
