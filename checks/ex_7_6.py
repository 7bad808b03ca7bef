"""练习 7.6 冻结部分层 + 捐赠状态的训练 step:freeze(mask)、frozen_mask、ex6_opt、finetune_step(state, X, Y).

The chapter's self-check, here:
  1. an update tree with leaves a = 1 (3), b.c = 2 (2), b.d = −1 (4) and the mask a: True, b.c: False,
     b.d: True, given as a tree first and as a function if that raises: a and b.d become 0   -> freeze_transform
  2. b.c passes through unchanged                                                           -> freeze_transform
     (added: a mask given as a function is called on the params passed to update)
  3. frozen_mask on init_mlp(key(2024), (20, 64, 10)) (or the tree itself): every dense_0 leaf
     True, no dense_1 leaf True                                                             -> frozen_mask
  4. TrainState with int32 step 0, those params, ex6_opt.init(params), key(1); three steps on 512
     samples under a budget of 1 compile of finetune_step: step == 3 and a finite loss      -> train_steps
  5. dense_0 w and b bit-identical to the host copy taken before training                   -> frozen_bits
  6. dense_1.w changed                                                                      -> frozen_bits
  7. a device reference to dense_1.w taken before training is deleted (donation)            -> donation
Compiles are counted by the jitted function's own name (CompileLog, caches cleared): exactly 1 in
three steps (a count of 0 means nothing named finetune_step was compiled, which fails); the first
loss equals the float64 cross-entropy of the initial params; the 512 training samples are fresh
blobs (20 features, 10 classes) made here with NumPy.
Added: ex6_opt compared update by update (three updates: a zero gradient, then two random ones) with
a float64 NumPy AdamW (lr 0.01, decay 1e-4 on every dense_1 leaf) followed by the freeze of dense_0;
the known mistakes (no decay, freeze before adamw, a mask without dense_0.b, nothing frozen) are
simulated and named only when the updates match one -> optimizer. A failure of frozen_bits names a
cause only when the changed leaves show it."""

import numpy as np
from _ch7 import np_blobs, np_log_softmax, np_mlp, np_mlp_params

from tutor.worker.checklib import (
    Checks,
    CompileLog,
    Mistake,
    as_array,
    as_callable,
    as_scalar,
    as_tuple,
    assert_close,
    assert_compile_count,
    assert_that,
    fail,
)

checks = Checks()

LR, DECAY, B1, B2, EPS = 0.01, 1e-4, 0.9, 0.999, 1e-8


def _transform(value, what):
    for part in ("init", "update"):
        as_callable(getattr(value, part, None), f"{what}.{part}")
    return value


def _pair(out, what):
    return as_tuple(out, 2, what)


def _sub(tree, key, what):
    try:
        return tree[key]
    except (KeyError, TypeError, IndexError):
        fail(
            f"{what} 里找不到 {key!r}:应与参数同结构({{'dense_0': {{'w', 'b'}}, ...}})。",
            actual=repr(tree)[:200],
        )


def _freeze_pair_shaped(L):
    """freeze(mask).update must return (updates, state) before ex6_opt's chain unpacks it."""
    import jax.numpy as jnp

    leaf = dict(w=jnp.ones(2))
    transform = _transform(as_callable(L.freeze, "freeze")(dict(w=True)), "freeze(mask)")
    _pair(
        transform.update(leaf, transform.init(leaf), leaf),
        "freeze(mask).update(...) 的返回值 (更新量, 新状态)",
    )


@checks.add("freeze_transform", "freeze:mask 为真的叶子更新量为 0,其余原样保留")
def _(L):
    import jax.numpy as jnp

    incoming = dict(a=jnp.full((3,), 1.0), b=dict(c=jnp.full((2,), 2.0), d=jnp.full((4,), -1.0)))
    flags = dict(a=True, b=dict(c=False, d=True))

    def through(mask_arg):
        transform = _transform(as_callable(L.freeze, "freeze")(mask_arg), "freeze(mask)")
        return _pair(
            transform.update(incoming, transform.init(incoming), incoming),
            "freeze(mask).update(...)",
        )[0]

    try:
        out = through(flags)
    except Exception:  # the chapter also accepts a freeze whose mask must be a function
        out = through(lambda _params: flags)
    inner = _sub(out, "b", "freeze 的输出")
    a = as_array(_sub(out, "a", "freeze 的输出"), "叶子 a 的更新量")
    c = as_array(_sub(inner, "c", "freeze 的输出"), "叶子 b.c 的更新量")
    d = as_array(_sub(inner, "d", "freeze 的输出"), "叶子 b.d 的更新量")
    if np.array_equal(a, np.ones(3)) and np.array_equal(d, -np.ones(4)) and np.all(c == 0):
        fail("mask 为真的叶子(a、b.d)原样通过,为假的(b.c)被清零:真假用反了。", a=a, c=c, d=d)
    assert_that(
        np.all(a == 0) and np.all(d == 0), "mask 为真的叶子(a、b.d)更新量应为 0。", a=a, d=d
    )
    assert_that(
        np.array_equal(c, np.full(2, 2.0)),
        "mask 为假的叶子(b.c)更新量应原样保留。",
        expected=[2.0, 2.0],
        actual=c,
    )
    # a mask given as a function of the params: it must be called on the params passed to update
    # (here their signs differ from the updates', so a mask computed from the updates differs)
    params = dict(a=jnp.full((3,), 1.0), b=dict(c=jnp.full((2,), -1.0), d=jnp.full((4,), 1.0)))
    by_value = lambda p: dict(
        a=bool(np.sum(p["a"]) > 0),
        b=dict(c=bool(np.sum(p["b"]["c"]) > 0), d=bool(np.sum(p["b"]["d"]) > 0)),
    )
    transform = _transform(L.freeze(by_value), "freeze(mask_fn)")
    out = _pair(
        transform.update(incoming, transform.init(params), params), "freeze(mask_fn).update(...)"
    )[0]
    got = {
        k: as_array(v, f"叶子 {k} 的更新量")
        for k, v in (
            ("a", _sub(out, "a", "freeze 的输出")),
            ("b.c", _sub(_sub(out, "b", "freeze 的输出"), "c", "freeze 的输出")),
            ("b.d", _sub(_sub(out, "b", "freeze 的输出"), "d", "freeze 的输出")),
        )
    }
    want = {"a": np.zeros(3), "b.c": np.full(2, 2.0), "b.d": np.zeros(4)}
    assert_that(
        all(np.array_equal(got[k], want[k]) for k in want),
        "mask 是函数时,要用传给 update 的 params 调用它:mask(params) 让 a、b.d 冻结、b.c 保留"
        "(params 的符号和更新量不同)。",
        expected=want,
        actual=got,
    )


def _mask_of(L, params):
    m = L.frozen_mask(params) if callable(L.frozen_mask) else L.frozen_mask
    return {
        layer: {
            k: bool(
                np.all(
                    as_array(
                        _sub(_sub(m, layer, "frozen_mask 的结果"), k, f"frozen_mask 的 {layer}"),
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
        fail(
            "frozen_mask 冻结的是两层的 w,而不是 dense_0 这一层:按路径的第一段(层名)判断,"
            '例如 jax.tree_util.keystr(path[:1], simple=True) == "dense_0"。',
            expected=want,
            actual=flags,
        )
    assert_that(
        flags == want,
        "frozen_mask 应冻结 dense_0 的 w 和 b,且只冻结它们。",
        expected=want,
        actual=flags,
    )


# ---------------------------------------------------------------- the optimizer, against float64


def _np_opt_updates(params, grads_seq, *, decay=DECAY, frozen=("w", "b"), freeze_first=False):
    """Updates of chain(adamw(0.01, weight_decay=decay), freeze(dense_0 leaves in `frozen`)) in
    float64; freeze_first: the freeze is applied to the gradient before adamw instead."""
    m = {(l, k): 0.0 for l in params for k in params[l]}
    v = dict(m)
    out = []
    for t, grads in enumerate(grads_seq, 1):
        step = {}
        for l in params:
            step[l] = {}
            for k in params[l]:
                p, g = np.asarray(params[l][k], np.float64), np.asarray(grads[l][k], np.float64)
                is_frozen = l == "dense_0" and k in frozen
                if freeze_first and is_frozen:
                    g = np.zeros_like(g)
                m[l, k] = B1 * m[l, k] + (1 - B1) * g
                v[l, k] = B2 * v[l, k] + (1 - B2) * g * g
                adam = (m[l, k] / (1 - B1**t)) / (np.sqrt(v[l, k] / (1 - B2**t)) + EPS)
                u = -LR * (adam + decay * p)
                step[l][k] = np.zeros_like(u) if (is_frozen and not freeze_first) else u
        out.append(step)
    return out


@checks.add(
    "optimizer", "ex6_opt 的每次更新量与 float64 的 AdamW(lr 0.01、衰减 1e-4)+ 冻结 dense_0 一致"
)
def _(L):
    _freeze_pair_shaped(L)
    import jax
    import jax.numpy as jnp

    params = np_mlp_params(606, (20, 64, 10))
    gen = np.random.default_rng(607)
    grads_seq = [
        {l: {k: np.zeros_like(v) for k, v in layer.items()} for l, layer in params.items()}
    ]
    grads_seq += [
        {
            l: {k: gen.standard_normal(v.shape).astype(np.float32) for k, v in layer.items()}
            for l, layer in params.items()
        }
        for _ in range(2)
    ]
    to_jax = lambda tree: {
        l: {k: jnp.asarray(v) for k, v in layer.items()} for l, layer in tree.items()
    }
    opt = _transform(L.ex6_opt, "ex6_opt")
    state = opt.init(to_jax(params))
    update = jax.jit(opt.update)  # one compile instead of an eager compile per op
    actual = []
    for grads in grads_seq:
        delta, state = _pair(update(to_jax(grads), state, to_jax(params)), "ex6_opt.update(...)")
        actual.append(
            {
                l: {
                    k: as_array(
                        _sub(_sub(delta, l, "ex6_opt 的更新量"), k, f"ex6_opt 的更新量 {l}"),
                        f"ex6_opt 的更新量 {l}.{k}",
                    )
                    for k in ("w", "b")
                }
                for l in ("dense_0", "dense_1")
            }
        )
    expected = _np_opt_updates(params, grads_seq)
    mistakes = [
        Mistake(
            "no_decay",
            _np_opt_updates(params, grads_seq, decay=0.0),
            "dense_1 没有做权重衰减:你的更新量和 weight_decay = 0 的 AdamW 一致(第 1 次 update 的梯度是 0,"
            "此时 dense_1 的更新量应正好是 −0.01 × 1e-4 × θ)。adamw 要带 weight_decay=1e-4。",
        ),
        Mistake(
            "freeze_first",
            _np_opt_updates(params, grads_seq, freeze_first=True),
            "dense_0 的更新量不是 0,而正好是权重衰减 −0.01 × 1e-4 × θ:freeze 放在了 adamw 前面,只清零了梯度,"
            "衰减照样作用在冻结层上。freeze 要放在 adamw 之后。",
        ),
        Mistake(
            "mask_without_b",
            _np_opt_updates(params, grads_seq, frozen=("w",)),
            "dense_0.w 被冻结了,dense_0.b 却照常更新:传给 freeze 的 mask 没有覆盖 dense_0.b。",
        ),
        Mistake(
            "nothing_frozen",
            _np_opt_updates(params, grads_seq, frozen=()),
            "dense_0 照常更新:ex6_opt 里的 freeze 没有冻结 dense_0。",
        ),
    ]
    # rtol 1e-4: float32 bias correction 1 − 0.999^t loses ~1e-5 (relative) to cancellation; the zero-gradient
    # first update isolates the decay (−0.01 × 1e-4 × θ), which atol 1e-9 resolves
    assert_close(
        actual,
        expected,
        rtol=1e-4,
        atol=1e-9,
        what="ex6_opt 三次 update 的更新量",
        mistakes=mistakes,
        msg="ex6_opt 的更新量与 float64 的 chain(adamw(0.01, weight_decay=1e-4), freeze(dense_0)) 不一致"
        "(三次 update:梯度先为 0,再为两组随机数)。",
    )


# ---------------------------------------------------------------- training with finetune_step


def _fresh_state(L, seed):
    import jax
    import jax.numpy as jnp

    weights = L.init_mlp(jax.random.key(seed), (20, 64, 10))
    return L.TrainState(
        key=jax.random.key(1),
        opt_state=_transform(L.ex6_opt, "ex6_opt").init(weights),
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
    _freeze_pair_shaped(L)
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
            st, loss = _pair(
                step_fn(st, Xj, Yj), "finetune_step(state, X, Y) 的返回值 (新的 state, loss)"
            )
            losses.append(as_scalar(loss, "finetune_step 返回的 loss"))
    n = log.count("finetune_step")
    assert_compile_count(
        log,
        "finetune_step",
        expected=1,
        msg=(
            f"3 步训练中没有看到名为 finetune_step 的 jit 编译(这期间编译了 {sorted(set(log.names))}):"
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
    changed = {k: not np.array_equal(after["dense_0"][k], host["dense_0"][k]) for k in ("w", "b")}
    if any(changed.values()):
        change = {
            k: float(np.max(np.abs(after["dense_0"][k] - host["dense_0"][k]))) for k in ("w", "b")
        }
        decayed_only = all(
            np.allclose(
                after["dense_0"][k],
                host["dense_0"][k] * (1 - LR * DECAY) ** 3,
                rtol=5e-7,
                atol=1e-12,
            )
            for k in ("w", "b")
        )
        if decayed_only:
            why = (
                "dense_0 正好按 (1 − 0.01 × 1e-4)³ 缩小了,这是 3 步权重衰减的量:freeze 只清零了梯度,衰减仍作用在"
                "冻结层上。freeze 要放在 adamw 之后。"
            )
        elif changed["b"] and not changed["w"]:
            why = "dense_0.w 没变,dense_0.b 变了:冻结用的 mask 没有覆盖 dense_0.b。"
        elif changed["w"] and not changed["b"]:
            why = "dense_0.b 没变,dense_0.w 变了:冻结用的 mask 没有覆盖 dense_0.w。"
        else:
            why = ""
        fail(
            f"训练 3 步后 dense_0 变了(最大变化 w: {change['w']:.3g},b: {change['b']:.3g}),冻结层必须逐位不变。"
            + why,
            max_change=change,
        )
    moved = not np.allclose(after["dense_1"]["w"], host["dense_1"]["w"])
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
