# expect: failed one_compile "符合要求" "peak_step 改变了 dtype" not "初始状态的 dtype 要与更新后的一致"
# expect.en: "as asked" "peak_step changes a dtype" not "Give the initial state the dtypes of the updated state"
# 错误示范:初始状态改对了(float32、int32),可 peak_step 给计数加的是 1.0,更新后计数成了 float32。
# 错的是更新,不是初始状态:检查先看初始状态是否已是 (float32, int32),再说该改哪一边。
def initial_state():
    return (jnp.float32(-jnp.inf), jnp.int32(0))


def peak_step(state, v):
    peak, n = state
    return (jnp.maximum(peak, v), n + 1.0), peak
