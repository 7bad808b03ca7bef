# expect: failed buckets "行数 [33] 的请求什么也没编译" not "桶应是"
# expect.en: "row counts [33] compiled nothing" not "buckets should be"
# 只设了 64 和 128 两个桶:33 行的请求和 1 行的请求补齐成同一个形状,没有进入新桶时该有的编译。
# 消息只说算出来的事实:哪些行数编译了、哪些该编译却没有。
PAD_TO = [64, 128]


def test_serve_compiles(call, which, cap):
    meter = CompileBudget(max_compiles=cap, name=which)
    try:
        with meter:
            got = call(ex1_batches, ex1_eps)
    except CompileBudgetExceeded:
        return False, meter.count, None
    return True, meter.count, got


def rows_unit(block, eps):
    return block / (jnp.linalg.norm(block, axis=1, keepdims=True) + eps)


rows_unit_jit = jax.jit(rows_unit)


def serve_fixed(batches: list, eps_list: list) -> list:
    replies = []
    for block, eps in zip(batches, eps_list):
        n = len(block)
        target = min(p for p in PAD_TO if p >= n)
        grown = np.zeros((target, 8), np.float32)
        grown[:n] = block
        replies.append(np.asarray(rows_unit_jit(grown, np.float32(eps)))[:n])
    return replies
