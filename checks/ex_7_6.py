"""练习 7.6 冻结部分层 + 捐赠状态的训练 step:freeze(mask)、frozen_mask、ex6_opt、
finetune_step(state, X, Y).

The chapter's self-check, here:
  1. an update tree with leaves a = 1 (3), b.c = 2 (2), b.d = −1 (4) and the mask a: True,
     b.c: False, b.d: True, given as a tree first and as a function if that raises: a and b.d
     become 0                                                            -> freeze_transform
  2. b.c passes through unchanged                                       -> freeze_transform
     (added: a mask given as a function is called on the params passed to update)
  3. frozen_mask on init_mlp(key(2024), (20, 64, 10)) (or the tree itself): every dense_0 leaf
     True, no dense_1 leaf True                                         -> frozen_mask
  4. TrainState with int32 step 0, those params, ex6_opt.init(params), key(1); three steps on
     512 samples under a budget of 1 compile of finetune_step: step == 3 and a finite loss
                                                                        -> train_steps
  5. dense_0 w and b bit-identical to the host copy taken before training -> frozen_bits
  6. dense_1.w changed                                                  -> frozen_bits
  7. a device reference to dense_1.w taken before training is deleted (donation) -> donation
Compiles are counted by the jitted function's own name (CompileLog, caches cleared): exactly 1 in
three steps (a count of 0 means nothing named finetune_step was compiled, which fails); the first
loss equals the float64 cross-entropy of the initial params; the 512 training samples are fresh
blobs (20 features, 10 classes) made here with NumPy.
Added: ex6_opt compared update by update (three updates: a zero gradient, then two random ones) with
a float64 NumPy AdamW (lr 0.01, decay 1e-4 on every dense_1 leaf) followed by the freeze of dense_0;
the known mistakes (no decay, freeze before adamw, a mask without dense_0.b, nothing frozen) are
simulated and named only when the updates match one -> optimizer. A failure of frozen_bits names a
cause only when the changed leaves show it."""

import _ch7_freeze as F
import numpy as np
from _ch7 import PARAMS_LIKE, np_blobs, np_log_softmax, np_mlp, np_mlp_params
from _ch7_freeze import DECAY, LR

from tutor.worker.checklib import (
    Checks,
    CompileLog,
    Mistake,
    as_array,
    as_callable,
    as_entry,
    as_scalar,
    assert_close,
    assert_compile_count,
    assert_equal,
    assert_that,
    compare,
    fail,
)

checks = Checks()


@checks.add("freeze_transform", "freeze:mask 为真的叶子更新量为 0,其余原样保留")
def _(L):
    F.freeze_transform(L)


def _mask_of(L, params):
    m = L.frozen_mask(params) if callable(L.frozen_mask) else L.frozen_mask
    return {
        layer: {
            k: bool(
                np.all(
                    as_array(
                        as_entry(
                            as_entry(m, layer, "frozen_mask 的结果", PARAMS_LIKE),
                            k,
                            f"frozen_mask 的 {layer}",
                            PARAMS_LIKE,
                        ),
                        f"frozen_mask 的 {layer}.{k}",
                    )
                )
            )
            for k in ("w", "b")
        }
        for layer in ("dense_0", "dense_1")
    }


@checks.add("frozen_mask", "frozen_mask:dense_0 下全为真,dense_1 下全为假")
def _(L):
    import jax

    flags = _mask_of(L, L.init_mlp(jax.random.key(2024), (20, 64, 10)))
    want = {"dense_0": {"w": True, "b": True}, "dense_1": {"w": False, "b": False}}
    if flags == {"dense_0": {"w": True, "b": False}, "dense_1": {"w": True, "b": False}}:
        assert_equal(
            flags,
            want,
            what="frozen_mask 的结果",
            msg="frozen_mask 冻结的是两层的 w,而不是 dense_0 这一层:按路径的第一段(层名)判断,"
            '例如 jax.tree_util.keystr(path[:1], simple=True) == "dense_0"。',
        )
    assert_that(
        flags == want,
        "frozen_mask 应冻结 dense_0 的 w 和 b,且只冻结它们。",
        expected=want,
        actual=flags,
    )


# ---------------------------------------------------------------- the optimizer, against float64


@checks.add(
    "optimizer", "ex6_opt 的每次更新量与 float64 的 AdamW(lr 0.01、衰减 1e-4)+ 冻结 dense_0 一致"
)
def _(L):
    F.freeze_pair_shaped(L)
    import jax
    import jax.numpy as jnp

    params = np_mlp_params(606, (20, 64, 10))
    gen = np.random.default_rng(607)
    grads_seq = [
        {name: {k: np.zeros_like(v) for k, v in layer.items()} for name, layer in params.items()}
    ]
    grads_seq += [
        {
            name: {k: gen.standard_normal(v.shape).astype(np.float32) for k, v in layer.items()}
            for name, layer in params.items()
        }
        for _ in range(2)
    ]

    def to_jax(tree):
        return {name: {k: jnp.asarray(v) for k, v in layer.items()} for name, layer in tree.items()}

    opt = F.as_transform(L.ex6_opt, "ex6_opt")
    state = opt.init(to_jax(params))
    update = jax.jit(opt.update)  # one compile instead of an eager compile per op
    actual = []
    for grads in grads_seq:
        delta, state = F.pair(update(to_jax(grads), state, to_jax(params)), "ex6_opt.update(...)")
        actual.append(
            {
                name: {
                    k: as_array(
                        as_entry(
                            as_entry(delta, name, "ex6_opt 的更新量", PARAMS_LIKE),
                            k,
                            f"ex6_opt 的更新量 {name}",
                            PARAMS_LIKE,
                        ),
                        f"ex6_opt 的更新量 {name}.{k}",
                    )
                    for k in ("w", "b")
                }
                for name in ("dense_0", "dense_1")
            }
        )
    expected = F.np_opt_updates(params, grads_seq)
    mistakes = [
        Mistake(
            "no_decay",
            F.np_opt_updates(params, grads_seq, decay=0.0),
            "dense_1 没有做权重衰减:你的更新量和 weight_decay = 0 的 AdamW 一致"
            "(第 1 次 update 的梯度是 0,此时 dense_1 的更新量应正好是 −0.01 × 1e-4 × θ)。"
            "adamw 要带 weight_decay=1e-4。",
        ),
        Mistake(
            "freeze_first",
            F.np_opt_updates(params, grads_seq, freeze_first=True),
            "dense_0 的更新量不是 0,而正好是权重衰减 −0.01 × 1e-4 × θ:"
            "freeze 放在了 adamw 前面,只清零了梯度,衰减照样作用在冻结层上。"
            "freeze 要放在 adamw 之后。",
        ),
        Mistake(
            "mask_without_b",
            F.np_opt_updates(params, grads_seq, frozen=("w",)),
            "dense_0.w 被冻结了,dense_0.b 却照常更新:传给 freeze 的 mask 没有覆盖 dense_0.b。",
        ),
        Mistake(
            "nothing_frozen",
            F.np_opt_updates(params, grads_seq, frozen=()),
            "dense_0 照常更新:ex6_opt 里的 freeze 没有冻结 dense_0。",
        ),
    ]
    # rtol 1e-4: float32 bias correction 1 − 0.999^t loses ~1e-5 (relative) to cancellation; the
    # zero-gradient first update isolates the decay (−0.01 × 1e-4 × θ), which atol 1e-9 resolves
    assert_close(
        actual,
        expected,
        rtol=1e-4,
        atol=1e-9,
        what="ex6_opt 三次 update 的更新量",
        mistakes=mistakes,
        msg="ex6_opt 的更新量与 float64 的 chain(adamw(0.01, weight_decay=1e-4), freeze(dense_0)) "
        "不一致(三次 update:梯度先为 0,再为两组随机数)。",
    )


# ---------------------------------------------------------------- training with finetune_step


def _fresh_state(L, seed):
    import jax
    import jax.numpy as jnp

    weights = L.init_mlp(jax.random.key(seed), (20, 64, 10))
    return L.TrainState(
        key=jax.random.key(1),
        opt_state=F.as_transform(L.ex6_opt, "ex6_opt").init(weights),
        params=weights,
        step=jnp.array(0, dtype=jnp.int32),
    )


def _host(params):
    return {
        layer: {k: np.array(v, copy=True) for k, v in leaves.items()}
        for layer, leaves in params.items()
    }


@checks.add(
    "train_steps", "在新数据上训练 3 步:finetune_step 恰好编译 1 次,step == 3,第一步的 loss 正确"
)
def _(L):
    F.freeze_pair_shaped(L)
    import jax.numpy as jnp

    X, Y = np_blobs(76, 512, 20, 10)
    Xj, Yj = jnp.asarray(X), jnp.asarray(Y)
    st = _fresh_state(L, 2024)
    host = _host(st.params)
    ref = st.params["dense_1"]["w"]  # a device reference, not a copy
    step_fn = as_callable(L.finetune_step, "finetune_step")
    losses = []
    with CompileLog() as log:
        for _ in range(3):
            st, loss = F.pair(
                step_fn(st, Xj, Yj), "finetune_step(state, X, Y) 的返回值 (新的 state, loss)"
            )
            losses.append(as_scalar(loss, "finetune_step 返回的 loss"))
    n = log.count("finetune_step")
    assert_compile_count(
        log,
        "finetune_step",
        expected=1,
        msg=(
            "3 步训练中没有看到名为 finetune_step 的 jit 编译"
            f"(这期间编译了 {sorted(set(log.names))}):"
            "finetune_step 要用 jax.jit 编译,被编译的函数本身也要叫 finetune_step。"
            if n == 0
            else f"3 步训练中 finetune_step 编译了 {n} 次(应为 1 次):每一步输入的类型签名必须相同。"
        ),
    )
    step = as_scalar(st.step, "训练后的 state.step")
    assert_that(step == 3, f"3 步后 state.step 应为 3,得到 {step:g}。", expected=3, actual=step)
    first = float(-np.mean(np_log_softmax(np_mlp(host, X))[np.arange(len(Y)), Y]))
    assert_close(
        losses[0],
        first,
        rtol=1e-5,
        atol=0,
        what="第 1 步返回的 loss",
        msg="第 1 步返回的 loss 应是训练前参数在这批数据上的平均交叉熵 loss_batch(params, X, Y)。",
    )
    assert_that(all(np.isfinite(losses)), "loss 不是有限值。", actual=losses)
    L.ns["_jaxtutor_7_6"] = (st, host, ref)


@checks.add("frozen_bits", "dense_0 与训练前的主机副本逐位相同,dense_1 已改变", needs="train_steps")
def _(L):
    st, host, _ = L.ns["_jaxtutor_7_6"]
    after = _host(st.params)
    changed = {
        k: compare(after["dense_0"][k], host["dense_0"][k], rtol=0, atol=0) is not None
        for k in ("w", "b")
    }
    if any(changed.values()):
        change = {
            k: float(np.max(np.abs(after["dense_0"][k] - host["dense_0"][k]))) for k in ("w", "b")
        }
        decayed_only = all(
            compare(
                after["dense_0"][k],
                host["dense_0"][k] * (1 - LR * DECAY) ** 3,
                rtol=5e-7,
                atol=1e-12,
            )
            is None
            for k in ("w", "b")
        )
        if decayed_only:
            why = (
                "dense_0 正好按 (1 − 0.01 × 1e-4)³ 缩小了,这是 3 步权重衰减的量:"
                "freeze 只清零了梯度,衰减仍作用在冻结层上。freeze 要放在 adamw 之后。"
            )
        elif changed["b"] and not changed["w"]:
            why = "dense_0.w 没变,dense_0.b 变了:冻结用的 mask 没有覆盖 dense_0.b。"
        elif changed["w"] and not changed["b"]:
            why = "dense_0.b 没变,dense_0.w 变了:冻结用的 mask 没有覆盖 dense_0.w。"
        else:
            why = ""
        fail(
            f"训练 3 步后 dense_0 变了(最大变化 w: {change['w']:.3g},b: {change['b']:.3g}),"
            "冻结层必须逐位不变。" + why,
            max_change=change,
        )
    moved = compare(after["dense_1"]["w"], host["dense_1"]["w"], rtol=1e-5, atol=1e-8) is not None
    assert_that(moved, "训练 3 步后 dense_1.w 没有变化:只有 dense_0 应被冻结,其余层要正常训练。")


@checks.add("donation", "state 被捐赠:训练前对 dense_1.w 的设备引用已被删除", needs="train_steps")
def _(L):
    _, _, ref = L.ns["_jaxtutor_7_6"]
    assert_that(
        ref.is_deleted(),
        "训练前保存的 dense_1.w 设备数组在 3 步之后仍然有效:state 没有被捐赠。"
        'finetune_step 要用 jax.jit(..., donate_argnames=("state",)) 编译。',
        expected=True,
        actual=False,
    )
