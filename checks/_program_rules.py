"""Checks of stated rules about how the learner's program is built rather than what it computes:
weights read from the arguments, a training loop staged as one scan inside one jit, typed random
keys. The exercise modules register the checks (their ids are read from there) and call these."""

from tutor.worker.checklib import (
    JitCalls,
    LegacyKeyUses,
    argument_use,
    assert_that,
    fail,
    scan_lengths,
)


def weights_as_args(fn, params: dict, *rest) -> None:
    """fn(params, *rest) must read every weight of `params` and carry none of them as a constant."""
    names = sorted(params)  # a dict's leaves, in jax.tree order
    read, const_shapes = argument_use(lambda p, *r: fn(p, *r), params, *rest)
    unread = [k for k, used in zip(names, read[: len(names)], strict=True) if not used]
    weight_shapes = {k: tuple(params[k].shape) for k in names}
    baked = [s for s in const_shapes if s in weight_shapes.values()]
    if baked:
        fail(
            f"{fn.__name__} 的程序里带着和权重同形状的常量数组(见 constant_shapes),"
            + (f"而传入的 params 里 {'、'.join(unread)} 根本没被读到:" if unread else ":")
            + "权重是从闭包或全局变量里取来的,被当成常量烘进了程序。"
            "这样换一组参数、或对参数求梯度都不会生效;"
            "要让每一步的计算都用函数收到的 params。",
            constant_shapes=[list(s) for s in baked],
            weight_shapes={k: list(v) for k, v in weight_shapes.items()},
        )
    assert_that(
        not unread,
        f"{fn.__name__} 的程序没有读传入的 params 里的 {'、'.join(unread)}:输出与这些权重无关,"
        "每一步都要用参数里的权重来算。",
        unread=unread,
    )


def train_scan(jit_calls: JitCalls, value, name: str, steps: int) -> None:
    """`value` must come from one jax.jit call whose program holds a `steps`-long scan."""
    producer = jit_calls.producer_of(value)
    if producer is None:
        fail(
            f"{name} 不是任何一个 jax.jit 函数的返回值:训练要写成一个函数、用 jax.jit 编译,"
            f"{steps} 步都在这一次调用里完成。",
            jit_functions={c.label: c.count for c in jit_calls.calls},
        )
    lengths = scan_lengths(producer.jaxpr) if producer.jaxpr is not None else []
    if steps in lengths:
        return
    fail(
        f"算出 {name} 的 jit 函数 {producer.label} 的程序里没有长度为 {steps} 的 scan"
        + (
            f",而它被调用了 {producer.count} 次:训练循环在 Python 里,每一步单独调用一次 jit 函数。"
            if producer.count == steps
            else "。"
        )
        + f"要在一个 jit 函数里用 lax.scan 跑完 {steps} 步。",
        scan_lengths=lengths,
        calls=producer.count,
    )


def typed_keys(legacy_keys: LegacyKeyUses) -> None:
    """No jax.random call of the learner's file may have got an old-style raw uint32 key."""
    assert_that(
        legacy_keys.count == 0,
        f"运行你的文件时,jax.random 的函数有 {legacy_keys.count} 次收到的是旧式的原始 key"
        "(jax.random.PRNGKey 返回的 uint32[2] 数组),而不是 jax.random.key 造的新式 key。"
        "题目要求用 jax.random.key 初始化:把 PRNGKey(…) 换成 jax.random.key(…),split 等用法不变。",
        legacy_key_uses=legacy_keys.count,
    )
