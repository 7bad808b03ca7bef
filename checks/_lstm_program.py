"""The a1.5 rules about how lstm_masked's program is built, read off its jaxpr: the time axis is
walked by one lax.scan (not unrolled by a Python loop), and use_ckpt=True puts jax.checkpoint
around the scan's body (each step keeps only its carry), never around the whole scan, and only
when asked. ex_a1_5 registers the checks (their ids are read from there) and calls these."""

import _a1 as A1
from _lstm_inputs import T, sequence_args

from tutor.worker.checklib import assert_that, fail, primitive_counts, primitive_sites


def time_scan(L) -> None:
    """lstm_masked's program holds a scan; without one, says whether it grows with T."""
    counts = primitive_counts(lambda p, x, m: L.lstm_masked(p, x, m), *sequence_args())
    if counts["scan"]:
        return
    longer = primitive_counts(lambda p, x, m: L.lstm_masked(p, x, m), *sequence_args(t=2 * T))
    n1, n2 = sum(counts.values()), sum(longer.values())
    grows = A1.grows_with(T, 2 * T, n1, n2)
    fail(
        "lstm_masked 的程序里没有 scan:时间维要用 lax.scan 来走(循环体只追踪一次)。"
        + (
            f"方程数随 T 成比例增长(T = {T} 时 {n1} 个,T = {2 * T} 时 {n2} 个):"
            "时间步被 Python 循环逐步展开了。"
            if grows
            else ""
        ),
        primitives=A1.top_primitives(counts),
    )


def checkpoint_in_body(L) -> None:
    """use_ckpt=True: a remat inside the scan; use_ckpt=False and the default: no remat."""
    sites = primitive_sites(lambda p, x, m: L.lstm_masked(p, x, m, True), *sequence_args())
    remats = [inside for name, inside in sites if name == "remat2"]
    scans_in_remat = [inside for name, inside in sites if name == "scan" and "remat2" in inside]
    if not any("scan" in inside for inside in remats):
        if scans_in_remat:
            fail(
                "use_ckpt=True 时 jax.checkpoint 包住了整个 scan,而不是 scan 的循环体:"
                "这样反向传播时"
                "要把整条序列重算一遍,每一步的中间值又全部存下来,省不了多少内存。"
                "要写成 lax.scan(jax.checkpoint(step), ...),让每一步只保存 carry、"
                "反向时重算这一步。",
                remat_sites=[list(s) for s in remats],
            )
        fail(
            "use_ckpt=True 时程序里没有 remat2(jax.checkpoint / jax.remat 在 jaxpr 中的原语):"
            "把 scan 的循环体换成 jax.checkpoint(step) 再交给 lax.scan。",
            primitives=A1.top_primitives(
                primitive_counts(lambda p, x, m: L.lstm_masked(p, x, m, True), *sequence_args())
            ),
        )
    plain = primitive_counts(lambda p, x, m: L.lstm_masked(p, x, m, False), *sequence_args())
    assert_that(
        not plain["remat2"],
        "use_ckpt=False 时不应该使用 jax.checkpoint:这个开关要真的起作用。",
        remat_count=plain["remat2"],
    )
    default = primitive_counts(lambda p, x, m: L.lstm_masked(p, x, m), *sequence_args())
    assert_that(
        not default["remat2"],
        "不传 use_ckpt 时用了 jax.checkpoint:签名是 use_ckpt=False,默认不加 checkpoint。",
        remat_count=default["remat2"],
    )
