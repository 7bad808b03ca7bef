# expect: failed budget_fails "on_exceed='log'" not "warn"
# expect.en: "on_exceed='log'" not "warn"
# isolated: 用 warnings.catch_warnings 和 simplefilter 临时改了进程的警告过滤
# 错误示范:以为 on_exceed="log" 会记日志再算超支,其实上下文的 CompileBudget 对 "raise" 以外的
# 任何模式都只发警告;消息要说学员实际写的模式,不能说成 "warn"。
LADDER = [32, 64, 128]


def test_serve_compiles(runner, who, allowed):
    meter = CompileBudget(max_compiles=allowed, name=who, on_exceed="log")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        with meter:
            produced = runner(ex1_batches, ex1_eps)
    return True, meter.count, produced


@jax.jit
def _unit_rows(block, eps):
    return block / (jnp.linalg.norm(block, axis=1, keepdims=True) + eps)


def serve_fixed(batches: list, eps_list: list) -> list:
    out = []
    for block, eps in zip(batches, eps_list):
        k = len(block)
        rung = min(r for r in LADDER if r >= k)
        stacked = np.concatenate([block, np.zeros((rung - k, 8), np.float32)])
        out.append(np.asarray(_unit_rows(stacked, np.float32(eps)))[:k])
    return out
