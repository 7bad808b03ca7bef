"""A stated rule of chapter 7 about how a program is built, read from the program itself: a
per-sample computation done in chunks, `lax.map(f, xs, batch_size=k)`. lax.map with a batch size
is a scan over the chunks (one iteration per k samples, a vmap inside), so the program that
computes the per-sample values holds a scan n // k long over inputs shaped (n // k, k, …)
(⌈n / k⌉ long when the learner pads to whole chunks and reshapes them by hand, the other technique
the lessons show). Without batch_size the scan runs once per sample; a plain vmap holds no scan at
all."""

from tutor.worker.checklib import JitCalls, assert_that, fail, scan_lengths, sub_jaxprs


def _chunk_steps(jaxpr, chunk: int) -> list[int]:
    """The length of every scan of the program (sub-programs included) that steps through its
    inputs `chunk` rows at a time: one of its operands is shaped (length, chunk, …)."""
    found: list[int] = []

    def walk(j) -> None:
        for eqn in j.eqns:
            if eqn.primitive.name == "scan":
                length = int(eqn.params["length"])
                shapes = [tuple(getattr(v.aval, "shape", ())) for v in eqn.invars]
                if any(s[:2] == (length, chunk) for s in shapes):
                    found.append(length)
            for value in eqn.params.values():
                for sub in sub_jaxprs(value):
                    walk(sub)

    walk(getattr(jaxpr, "jaxpr", jaxpr))
    return found


def _what_it_does(lengths: list[int], n: int, chunk: int) -> str:
    if n in lengths:
        return (
            f"程序里的 scan 每次只处理 1 个样本、循环 {n} 次:lax.map 没有给 batch_size,完全串行。"
        )
    if not lengths:
        return "程序里没有 scan:所有样本是一次算完的(例如直接 vmap),没有分块。"
    return (
        f"程序里的 scan 长度是 {lengths},其中没有每次处理 {chunk} 个样本、"
        f"循环 {n // chunk} 次的 scan。"
    )


def _chunked(jaxpr, n: int, chunk: int) -> bool:
    return bool({n // chunk, -(-n // chunk)} & set(_chunk_steps(jaxpr, chunk)))


def assert_chunked_map(call_at, name: str, *, sizes: tuple[int, ...], chunk: int) -> None:
    """`call_at(n)` gives (fn, *args) for n samples; at each size the traced program of fn must
    loop over the samples chunk at a time (two sizes tell a batch size from a coincidence)."""
    import jax

    for n in sizes:
        fn, *args = call_at(n)
        jaxpr = jax.make_jaxpr(fn)(*args)
        lengths = scan_lengths(jaxpr)
        assert_that(
            _chunked(jaxpr, n, chunk),
            f"对 {n} 个样本调用 {name}:{_what_it_does(lengths, n, chunk)}"
            f"题目要求用 lax.map(..., batch_size={chunk}) 分块,每块 {chunk} 个样本,"
            "块内 vmap、块与块之间顺序执行,内存只随块的大小增长。",
            samples=n,
            scan_lengths=lengths,
        )


def assert_chunked_producer(jit_calls: JitCalls, value, name: str, *, n: int, chunk: int) -> None:
    """`value` (n per-sample values) must come from a jax.jit function whose program loops over
    the samples chunk at a time."""
    producer = jit_calls.producer_of(value)
    if producer is None:
        fail(
            f"{name} 不是任何一个 jax.jit 函数的返回值:题目要求写一个 jit 函数,在里面用 "
            f"lax.map(..., batch_size={chunk}) 分块计算,{name} 就是它的返回值。",
            jit_functions={c.label: c.count for c in jit_calls.calls},
        )
    lengths = scan_lengths(producer.jaxpr) if producer.jaxpr is not None else []
    assert_that(
        producer.jaxpr is not None and _chunked(producer.jaxpr, n, chunk),
        f"算出 {name} 的 jit 函数 {producer.label}:{_what_it_does(lengths, n, chunk)}"
        f"题目要求用 lax.map(..., batch_size={chunk}) 分块,每块 {chunk} 个样本。",
        scan_lengths=lengths,
    )
