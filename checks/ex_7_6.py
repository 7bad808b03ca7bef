"""练习 7.6 冻结部分层 + 捐赠状态的训练 step:freeze(mask)、frozen_mask、ex6_opt、finetune_step(state, X, Y).

The chapter's self-check, here:
  1. an update tree with leaves a = 1 (3), b.c = 2 (2), b.d = −1 (4) and the mask a: True, b.c: False,
     b.d: True, given as a tree first and as a function if that raises: a and b.d become 0   -> freeze_transform
  2. b.c passes through unchanged                                                           -> freeze_transform
  3. frozen_mask on init_mlp(key(2024), (20, 64, 10)) (or the tree itself): every dense_0 leaf
     True, no dense_1 leaf True                                                             -> frozen_mask
  4. TrainState with int32 step 0, those params, ex6_opt.init(params), key(1); three steps on 512
     samples under a budget of 1 compile of finetune_step: step == 3 and a finite loss      -> train_steps
  5. dense_0 w and b bit-identical to the host copy taken before training                   -> frozen_bits
  6. dense_1.w changed                                                                      -> frozen_bits
  7. a device reference to dense_1.w taken before training is deleted (donation)            -> donation
Compiles are counted by the jitted function's own name (CompileLog, caches cleared), at most 1;
the 512 training samples are fresh blobs (20 features, 10 classes) made here with NumPy."""


import numpy as np

from _ch7 import np_blobs
from tutor.checklib import CompileLog, Checks, assert_compile_count, assert_that, fail

checks = Checks()


@checks.add("freeze_transform", "freeze:mask 为真的叶子更新量为 0,其余原样保留")
def _(L):
    import jax.numpy as jnp

    incoming = dict(a=jnp.full((3,), 1.0), b=dict(c=jnp.full((2,), 2.0), d=jnp.full((4,), -1.0)))
    flags = dict(a=True, b=dict(c=False, d=True))

    def through(mask_arg):
        transform = L.freeze(mask_arg)
        return transform.update(incoming, transform.init(incoming), incoming)[0]

    try:
        out = through(flags)
    except Exception:  # the chapter also accepts a freeze whose mask must be a function
        out = through(lambda _params: flags)
    a, d, c = np.asarray(out["a"]), np.asarray(out["b"]["d"]), np.asarray(out["b"]["c"])
    if np.array_equal(a, np.ones(3)) and np.all(c == 0):
        fail("mask 的真假用反了:mask 为真的叶子(a、d)应被冻结(更新量为 0),为假的(c)原样保留。",
             a=a, c=c, d=d)
    assert_that(np.all(a == 0) and np.all(d == 0), "mask 为真的叶子(a、b.d)更新量应为 0:用 jnp.zeros_like(u) 替换。",
                a=a, d=d)
    assert_that(np.array_equal(c, np.full(2, 2.0)), "mask 为假的叶子(b.c)更新量应原样保留。", expected=[2.0, 2.0], actual=c)


@checks.add("frozen_mask", "frozen_mask:dense_0 下全为真,dense_1 下全为假")
def _(L):
    import jax

    weights = L.init_mlp(jax.random.key(2024), (20, 64, 10))
    m = L.frozen_mask(weights) if callable(L.frozen_mask) else L.frozen_mask
    d0 = [bool(x) for x in jax.tree.leaves(m["dense_0"])]
    d1 = [bool(x) for x in jax.tree.leaves(m["dense_1"])]
    assert_that(len(d0) == 2 and all(d0) and not any(d1),
                "frozen_mask 应冻结 dense_0 下的全部参数(w 和 b),且只冻结它们:按路径的第一段判断,"
                "例如 jax.tree_util.keystr(path[:1], simple=True) == \"dense_0\";按叶子名(\"w\")判断会冻结所有层的权重。",
                dense_0=d0, dense_1=d1)


def _fresh_state(L, seed):
    import jax
    import jax.numpy as jnp

    weights = L.init_mlp(jax.random.key(seed), (20, 64, 10))
    return L.TrainState(key=jax.random.key(1), opt_state=L.ex6_opt.init(weights), params=weights,
                        step=jnp.array(0, dtype=jnp.int32))


@checks.add("train_steps", "在新数据上训练 3 步:finetune_step 最多编译 1 次,step == 3,loss 有限")
def _(L):
    import jax
    import jax.numpy as jnp

    X, Y = np_blobs(76, 512, 20, 10)
    X, Y = jnp.asarray(X), jnp.asarray(Y)
    st = _fresh_state(L, 2024)
    host = {layer: {k: np.array(v, copy=True) for k, v in leaves.items()} for layer, leaves in st.params.items()}
    ref = st.params["dense_1"]["w"]         # a device reference, not a copy
    name = getattr(L.finetune_step, "__name__", "finetune_step")
    with CompileLog() as log:
        for _ in range(3):
            out = L.finetune_step(st, X, Y)
            assert_that(isinstance(out, tuple) and len(out) == 2,
                        "finetune_step 应返回 (新的 state, loss)。", actual=repr(type(out)))
            st, loss = out
    assert_compile_count(log, name, at_most=1,
                         msg=f"3 步训练中 {name} 编译了 {log.count(name)} 次(应 ≤ 1):每一步输入的类型签名必须相同,"
                             "step 保持 int32 数组、不要把学习率等作为静态参数传入、不要在循环里新建 jit。")
    assert_that(log.count(name) >= 1 or hasattr(L.finetune_step, "lower"),
                "finetune_step 应是 jax.jit 编译的函数(带 donate_argnames=(\"state\",))。", compiles=log.names)
    assert_that(int(st.step) == 3, f"3 步后 step 应为 3,得到 {int(st.step)}:新状态要写入 step = state.step + 1。",
                expected=3, actual=int(st.step))
    assert_that(np.isfinite(float(loss)), "loss 不是有限值。", actual=float(loss))
    L.ns["_jaxtutor_7_6"] = (st, host, ref)


@checks.add("frozen_bits", "dense_0 与训练前的主机副本逐位相同,dense_1 已改变", needs="train_steps")
def _(L):
    import jax

    st, host, _ = L.ns["_jaxtutor_7_6"]
    after = {layer: {k: np.array(v, copy=True) for k, v in leaves.items()} for layer, leaves in st.params.items()}
    first_after, first_before = after["dense_0"], host["dense_0"]
    for k in ("w", "b"):
        if not (first_after[k] == first_before[k]).all():
            diff = float(np.max(np.abs(first_after[k] - first_before[k])))
            fail(f"dense_0.{k} 在训练后变了(最大变化 {diff:.3g}):冻结层必须逐位不变。freeze 要放在 adamw **之后**"
                 "——放在前面只清零了梯度,权重衰减 λθ 照样作用在冻结层上。", max_change=diff)
    moved = not np.allclose(after["dense_1"]["w"], host["dense_1"]["w"])
    assert_that(moved,
                "dense_1.w 没有变化:只有 dense_0 应被冻结,其余层要正常训练。")


@checks.add("donation", "state 被捐赠:训练前对 dense_1.w 的设备引用已被删除", needs="train_steps")
def _(L):
    _, _, ref = L.ns["_jaxtutor_7_6"]
    assert_that(ref.is_deleted(),
                "训练前保存的 dense_1.w 设备数组没有被删除:finetune_step 应捐赠 state,"
                "即 jax.jit(..., donate_argnames=(\"state\",))。", expected=True, actual=ref.is_deleted())
