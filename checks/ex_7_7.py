"""练习 7.7(综合项目)三臂螺旋 MLP 分类器.

Interface (names from the chapter's ★ project): BATCH, EPOCHS, STEPS_PER_EPOCH, weight_mask(params),
optimizer, init_state(k_init, k_train) -> TrainState, ce_loss(params, X, Y),
train_epoch(state, X, Y) -> (state, losses, gnorms), train_epoch_jit (jit, donates state),
accuracy_fn(params, X, Y), grad_norms_all(params, X, Y).

The project's checklist (★.4–★.6, ★.8) and where it lives here; everything runs on a fresh spiral
(NumPy, seed 7707: 600 per class, noise 0.15, 360 test / 1440 train):
  ★.3 ce_loss ≈ reference CE (chapter: vs jax.nn.log_softmax, rtol 1e-6; here vs float64, rtol 1e-5),
      and finite for huge logits (log_softmax, not log(softmax))                          -> ce_loss
  ★.2 weight decay only on w; no leaf object shared inside the state                      -> setup
  ★.4 EPOCHS epochs: train_epoch compiled exactly once (budget 1, counted by name)         -> compile_once
      step == EPOCHS · STEPS_PER_EPOCH                                                     -> compile_once
      initial parameter buffer deleted (donation), training data not deleted               -> donation
      train and test accuracy > 0.95                                                        -> accuracy
  ★.5 logits vs NumPy float64 forward (atol 1e-4); CE (rtol 1e-3, atol 1e-6); accuracy_fn
      equals the float64 accuracy (atol 1e-6)                                               -> float64
  ★.6 grad_norms_all ≈ per-sample gradient norms (rtol 1e-4, atol 1e-5; float64 reference here);
      top-5 norms are the 5 largest; their mean loss > 10 × the mean loss; top-5 samples and the
      misclassified test samples all within r < 0.05 of the origin                         -> hard_samples
Added: five updates of the optimizer against a float64 NumPy chain (two zero gradients isolate the
decay, gradients of very different norms show the clipping), known mistakes named only when matched
-> optimizer; 1650 zero-gradient updates trace the whole lr schedule, interface constants -> schedule;
the key advances and drives the shuffle -> shuffle; on 1440 copies of one sample the first loss and
gradient norm are known exactly -> epoch_outputs; accuracy_fn, grad_norms_all jitted -> jitted."""

import numpy as np
from _ch7 import (
    np_log_softmax,
    np_mlp,
    np_mlp_params,
    np_per_sample_grad_norm,
    np_spiral,
    np_spiral_schedule,
    np_spiral_updates,
)
from _ch7_replay import np_replay

from tutor.worker.checklib import (
    Checks,
    CompileLog,
    Mistake,
    as_array,
    as_callable,
    as_scalar,
    as_tuple,
    assert_close,
    assert_equal,
    assert_that,
    compare,
    fail,
    fn_name,
)

checks = Checks()

SEED = 7707
N_TEST = 360


def _data():
    X, y = np_spiral(SEED, 600)
    perm = np.random.default_rng(SEED + 1).permutation(X.shape[0])
    return X[perm[N_TEST:]], y[perm[N_TEST:]], X[perm[:N_TEST]], y[perm[:N_TEST]]


def _np_params(params):
    return {k: {n: np.asarray(v) for n, v in layer.items()} for k, layer in params.items()}


def _np_ce(logits, y):
    return float(-np.mean(np_log_softmax(logits)[np.arange(len(y)), y]))


@checks.add("ce_loss", "ce_loss 等于 float64 交叉熵,logits 很大时也是有限值")
def _(L):
    import jax.numpy as jnp

    g = np.random.default_rng(71)
    params = np_mlp_params(72, (2, 64, 64, 3))
    X = g.standard_normal((50, 2)).astype(np.float32)
    Y = g.integers(0, 3, 50).astype(np.int32)
    jp = {k: {n: jnp.asarray(v) for n, v in layer.items()} for k, layer in params.items()}
    got = as_scalar(L.ce_loss(jp, jnp.asarray(X), jnp.asarray(Y)), "ce_loss(params, X, Y)")
    assert_close(
        got,
        _np_ce(np_mlp(params, X), Y),
        rtol=1e-5,
        atol=0,
        what="ce_loss(params, X, Y)",
        msg="ce_loss 与 float64 的交叉熵 −mean(log_softmax(logits)[i, Y[i]]) 不一致。",
    )
    big = {
        k: {n: (v * 40.0 if n == "w" else v) for n, v in layer.items()}
        for k, layer in params.items()
    }
    jbig = {k: {n: jnp.asarray(v) for n, v in layer.items()} for k, layer in big.items()}
    ref = _np_ce(np_mlp(big, X), Y)
    got_big = as_scalar(L.ce_loss(jbig, jnp.asarray(X), jnp.asarray(Y)), "ce_loss(params, X, Y)")
    assert_that(
        np.isfinite(got_big),
        "logits 很大(上千)时 ce_loss 变成了 inf/NaN:softmax 里的小概率下溢成 0,再取 log 就是 −inf。"
        "用专题 2 的 log_softmax_stable(减去最大值),不要写 log(softmax(z))。",
        expected=ref,
        actual=got_big,
    )
    assert_close(
        got_big,
        ref,
        rtol=1e-4,
        atol=0,
        what="大 logits 时的 ce_loss",
        msg="logits 很大时 ce_loss 不准:用减去最大值的 log_softmax_stable。",
    )


def _sub(tree, key, what):
    try:
        return tree[key]
    except (KeyError, TypeError, IndexError):
        fail(
            f"{what} 里找不到 {key!r}:应与参数同结构({{'dense_0': {{'w', 'b'}}, ...}})。",
            actual=repr(tree)[:200],
        )


@checks.add("setup", "权重衰减只作用于 w;init_state 的叶子互不共用,step 是 int32")
def _(L):
    import jax

    params = L.init_mlp(jax.random.key(3), (2, 64, 64, 3))
    m = L.weight_mask(params) if callable(L.weight_mask) else L.weight_mask
    for name in params:
        flags = {
            k: bool(
                np.all(
                    as_array(
                        _sub(_sub(m, name, "weight_mask 的结果"), k, f"weight_mask 的 {name}"),
                        f"weight_mask 的 {name}.{k}",
                    )
                )
            )
            for k in ("w", "b")
        }
        assert_that(
            flags == {"w": True, "b": False},
            f"weight_mask 在 {name} 上应为 w: True、b: False:只对权重做衰减,偏置不衰减。",
            actual=flags,
        )
    st = L.init_state(jax.random.key(4), jax.random.key(5))
    sizes = (2, 64, 64, 3)
    for i, (n_in, n_out) in enumerate(zip(sizes[:-1], sizes[1:])):
        layer = _sub(getattr(st, "params", None), f"dense_{i}", "init_state(...).params")
        as_array(
            _sub(layer, "w", f"dense_{i}"),
            f"init_state(...).params['dense_{i}']['w']",
            shape=(n_in, n_out),
        )
        as_array(
            _sub(layer, "b", f"dense_{i}"),
            f"init_state(...).params['dense_{i}']['b']",
            shape=(n_out,),
        )
    seen, shared = {}, []
    for path, leaf in jax.tree_util.tree_flatten_with_path(st)[0]:
        where = jax.tree_util.keystr(path)
        if id(leaf) in seen:
            shared.append(f"{seen[id(leaf)]} 与 {where}")
        seen.setdefault(id(leaf), where)
    assert_that(
        not shared,
        f"TrainState 里同一个数组对象出现了不止一次({shared[:3]}):捐赠时会报"
        "“donate the same buffer twice”。每个数组都要独立创建。",
        shared=shared,
    )
    step = as_array(st.step, "init_state(...).step")
    assert_that(
        str(step.dtype) == "int32" and step.shape == () and int(step) == 0,
        f"init_state 的 step 应是 int32 的 0 标量数组(jnp.zeros([], jnp.int32)),得到 {step.dtype} {step.shape}。",
        actual=repr(st.step),
    )


@checks.add(
    "optimizer", "optimizer 的每次更新量与 float64 的“裁剪 → Adam → 只对 w 的衰减 → 学习率调度”一致"
)
def _(L):
    import jax
    import jax.numpy as jnp

    params = np_mlp_params(77, (2, 64, 64, 3))
    gen = np.random.default_rng(78)
    noise = lambda size: {
        l: {k: (size * gen.standard_normal(v.shape)).astype(np.float32) for k, v in layer.items()}
        for l, layer in params.items()
    }
    # two zero gradients (the second update is the decay alone, at lr 1e-4), then norms ≫ 1, ≪ 1 and ≈ 1
    grads_seq = [noise(0.0), noise(0.0), noise(3.0), noise(0.01), noise(0.1)]
    to_jax = lambda tree: {
        l: {k: jnp.asarray(v) for k, v in layer.items()} for l, layer in tree.items()
    }
    opt = L.optimizer
    for part in ("init", "update"):
        as_callable(getattr(opt, part, None), f"optimizer.{part}")
    state = opt.init(to_jax(params))
    update = jax.jit(opt.update)  # one compile instead of an eager compile per op
    actual = []
    for grads in grads_seq:
        delta, state = as_tuple(
            update(to_jax(grads), state, to_jax(params)), 2, "optimizer.update(...) 的返回值"
        )
        actual.append(
            {
                l: {
                    k: as_array(
                        _sub(_sub(delta, l, "optimizer 的更新量"), k, f"optimizer 的更新量 {l}"),
                        f"optimizer 的更新量 {l}.{k}",
                    )
                    for k in params[l]
                }
                for l in params
            }
        )
    mistakes = [
        Mistake(
            "no_clip",
            np_spiral_updates(params, grads_seq, clip=False),
            "更新量和不做梯度裁剪的版本一致:第 3 次 update 的梯度范数远大于 1,裁剪到 1.0 以后 Adam 的动量会不同。"
            "chain 的第一段应是 clip_by_global_norm(1.0)。",
        ),
        Mistake(
            "decay_biases",
            np_spiral_updates(params, grads_seq, decay_biases=True),
            "偏置 b 也被衰减了:第 2 次 update 的梯度是 0,b 的更新量应为 0,你的是 −lr × 1e-4 × b。"
            "add_decayed_weights 要带 mask=weight_mask。",
        ),
        Mistake(
            "constant_lr",
            np_spiral_updates(params, grads_seq, constant_lr=1e-2),
            "学习率是常数 0.01:前几次 update 应处在 warmup 里(第 t 次的学习率是 1e-2 × (t − 1)/100)。"
            "最后一段应是 scale_by_learning_rate(lr_schedule)。",
        ),
    ]
    # Each update is compared at its own scale: rtol 1e-4 plus an atol of 2e-5 × the update's largest entry
    # (float32 Adam loses ~1e-5 of it where m̂ cancels, and 1 − 0.999^t cancels too). The second update is
    # the decay alone (~1e-8), so a decayed bias (~1e-9) stays far outside its atol (~1e-12).
    expected = np_spiral_updates(params, grads_seq)
    atols = [
        2e-5 * max(float(np.max(np.abs(v))) for layer in step.values() for v in layer.values())
        + 1e-15
        for step in expected
    ]

    def first_bad(values):
        return next(
            (
                t
                for t, (a, e, tol) in enumerate(zip(actual, values, atols))
                if compare(a, e, rtol=1e-4, atol=tol) is not None
            ),
            None,
        )

    t = first_bad(expected)
    if t is not None:
        found = next((m for m in mistakes if first_bad(m.value) is None), None)
        assert_close(
            actual[t],
            expected[t],
            rtol=1e-4,
            atol=atols[t],
            what=f"optimizer 第 {t + 1} 次 update 的更新量",
            mistakes=[Mistake(found.label, actual[t], found.message)] if found else (),
            msg=f"optimizer 第 {t + 1} 次 update 的更新量与 float64 的 chain(裁剪 1.0, Adam, 只对 w 的 1e-4 衰减, "
            f"学习率 lr_schedule) 不一致(前 {t} 次一致;五次 update 依次是两次零梯度,"
            "再是范数很大、很小、适中的随机梯度)。",
        )


@checks.add(
    "schedule",
    "optimizer 的学习率在整个训练(EPOCHS × STEPS_PER_EPOCH = 1650 步)里按 lr_schedule 变化",
)
def _(L):
    import jax
    import jax.numpy as jnp

    total = 150 * 11
    for name, want in (("BATCH", 128), ("EPOCHS", 150), ("STEPS_PER_EPOCH", 11)):
        got = as_scalar(L.ns.get(name), name)
        assert_equal(got, want, what=name, msg=f"{name} 应为 {want},得到 {got:g}。")
    opt = L.optimizer
    for part in ("init", "update"):
        as_callable(getattr(opt, part, None), f"optimizer.{part}")
    tiny = {"dense_0": {"w": jnp.ones((2, 2), jnp.float32), "b": jnp.ones(2, jnp.float32)}}
    zero = jax.tree.map(jnp.zeros_like, tiny)

    def body(state, _):
        # zero gradients: Adam's part is 0, so the update of w is −lr(t) × 1e-4 × 1
        delta, state = opt.update(zero, state, tiny)
        return state, delta["dense_0"]["w"][0, 0]

    _, moves = jax.jit(lambda st: jax.lax.scan(body, st, None, length=total))(opt.init(tiny))
    rates = (
        -as_array(moves, "optimizer 每一步对 w 的更新量", shape=(total,)).astype(np.float64) / 1e-4
    )
    assert_close(
        rates,
        np_spiral_schedule(total),
        rtol=1e-3,
        atol=1e-7,
        what="每一步的学习率(由零梯度时的衰减量反推)",
        msg="用零梯度连续调用 optimizer.update 1650 次,由每一步 w 的衰减量 −lr(t) × 1e-4 × w 反推出的学习率,"
        "与“100 步从 0 线性升到 1e-2、再余弦衰减,到第 1650 步降到 1e-4”不一致。",
    )


@checks.add(
    "compile_once",
    "EPOCHS 个 epoch:train_epoch 只编译 1 次,step = EPOCHS × STEPS_PER_EPOCH",
    needs="setup",
)
def _(L):
    import jax
    import jax.numpy as jnp

    Xtr, ytr, Xte, yte = _data()
    per_epoch = as_scalar(L.STEPS_PER_EPOCH, "STEPS_PER_EPOCH")
    assert_equal(
        per_epoch,
        Xtr.shape[0] // int(as_scalar(L.BATCH, "BATCH")),
        what="STEPS_PER_EPOCH",
        msg="STEPS_PER_EPOCH 应为训练样本数 // BATCH(1440 // 128 = 11)。",
    )
    X_train, y_train = jnp.asarray(Xtr), jnp.asarray(ytr)
    state = L.init_state(jax.random.key(11), jax.random.key(12))
    first_leaf = jax.tree.leaves(state.params)[0]
    epochs = int(as_scalar(L.EPOCHS, "EPOCHS"))
    epoch_fn = as_callable(L.train_epoch_jit, "train_epoch_jit")

    def signature(st):
        return {
            jax.tree_util.keystr(path): (
                tuple(np.shape(leaf)),
                str(getattr(leaf, "dtype", type(leaf).__name__)),
            )
            for path, leaf in jax.tree_util.tree_flatten_with_path(st)[0]
        }

    signatures = [signature(state)]
    with CompileLog() as log:
        for _ in range(epochs):
            state = as_tuple(
                epoch_fn(state, X_train, y_train),
                3,
                "train_epoch_jit 的返回值 (state, losses, gnorms)",
            )[0]
            if len(signatures) < 2:
                signatures.append(signature(state))
            if log.count("train_epoch") > 1:  # over budget: stop early, like CompileBudget would
                break
        jax.block_until_ready(state)
    n = log.count("train_epoch")
    if n != 1:
        others = sorted({x for x in log.names if x != "train_epoch"})
        if n == 0:
            why = (
                '没有看到名为 train_epoch 的编译:train_epoch_jit 应是 jax.jit(train_epoch, donate_argnames=("state",)),'
                "被编译的函数要叫 train_epoch。"
            )
        else:
            moved = {
                k: (signatures[0].get(k), v)
                for k, v in signatures[1].items()
                if signatures[0].get(k) != v
            }
            moved.update({k: (v, None) for k, v in signatures[0].items() if k not in signatures[1]})
            why = (
                f"第 1 个 epoch 前后 state 的叶子形状/dtype 变了:{dict(list(moved.items())[:4])}(之前, 之后),"
                "下一次调用的类型签名不同,只能重新编译。"
                if moved
                else "epoch 前后 state 的结构、形状和 dtype 都没变,数据也是同一份:重新编译来自 jit 的其他输入"
                "(静态参数的新取值,或每次新建的 jit 函数)。"
            )
        fail(
            f"训练中 train_epoch 编译了 {n} 次(预算是 1 次,超支后检查就停止了训练):{why}"
            + (f"\n其他被编译的函数:{others}" if others else ""),
            expected=1,
            actual=n,
            other_compiles=others,
        )
    want = epochs * int(per_epoch)
    got = as_scalar(state.step, "训练后的 state.step")
    assert_equal(
        got,
        want,
        what="训练后的 step",
        msg=f"训练后 step 应为 EPOCHS × STEPS_PER_EPOCH = {want},得到 {got:g}。",
    )
    L.ns["_jaxtutor_7_7"] = {
        "state": state,
        "first_leaf": first_leaf,
        "X_train": X_train,
        "y_train": y_train,
        "data": (Xtr, ytr, Xte, yte),
    }


@checks.add(
    "donation", "state 被捐赠:初始参数的缓冲区已删除,训练数据没有被删除", needs="compile_once"
)
def _(L):
    import jax

    run = L.ns["_jaxtutor_7_7"]
    assert_that(
        run["first_leaf"].is_deleted(),
        '训练前的参数缓冲区没有被删除:train_epoch_jit 要捐赠 state(donate_argnames=("state",)),'
        "调用后立即用返回的新 state 覆盖旧引用。",
        expected=True,
        actual=False,
    )
    assert_that(
        not run["X_train"].is_deleted(),
        "训练数据被删除了:只捐赠 state,不要捐赠 X、Y(数据每个 epoch 都要再用)。",
    )
    # On CPU a donated input that cannot be reused is not deleted (JAX only warns): what the jit
    # function was told to donate is read from its lowering instead.
    epoch_fn = L.train_epoch_jit
    if hasattr(epoch_fn, "lower"):
        (state_info, x_info, y_info), _ = epoch_fn.lower(
            run["state"], run["X_train"], run["y_train"]
        ).args_info
        donated = [name for name, info in (("X", x_info), ("Y", y_info)) if info.donated]
        assert_that(
            not donated,
            f"train_epoch_jit 把 {'、'.join(donated)} 也捐赠了:题目规定只捐赠 state。"
            "在 CPU 上数据碰巧没被删除(JAX 只发警告),在会回收捐赠缓冲区的设备上,下一个 epoch 就读不到数据了。",
            donated=donated,
        )
        assert_that(
            all(info.donated for info in jax.tree.leaves(state_info)),
            'train_epoch_jit 没有捐赠整个 state:要写 donate_argnames=("state",)。',
        )


@checks.add("accuracy", "训练集、测试集准确率都 > 95%(NumPy float64 计算)", needs="compile_once")
def _(L):
    run = L.ns["_jaxtutor_7_7"]
    Xtr, ytr, Xte, yte = run["data"]
    P = _np_params(run["state"].params)
    acc_tr = float(np.mean(np_mlp(P, Xtr).argmax(1) == ytr))
    acc_te = float(np.mean(np_mlp(P, Xte).argmax(1) == yte))
    assert_that(
        acc_tr > 0.95 and acc_te > 0.95,
        f"准确率不够:训练 EPOCHS = {int(as_scalar(L.EPOCHS, 'EPOCHS'))} 个 epoch 后,训练集 {acc_tr:.4f},"
        f"测试集 {acc_te:.4f}(都要 > 0.95)。",
        train_accuracy=acc_tr,
        test_accuracy=acc_te,
    )


@checks.add(
    "float64", "logits、交叉熵、准确率与独立的 NumPy float64 前向一致", needs="compile_once"
)
def _(L):
    import jax.numpy as jnp

    run = L.ns["_jaxtutor_7_7"]
    _, _, Xte, yte = run["data"]
    params = run["state"].params
    P = _np_params(params)
    logits_np = np_mlp(P, Xte)
    logits_jx = as_array(L.mlp_apply(params, jnp.asarray(Xte)), "mlp_apply(params, X_test)")
    assert_close(
        logits_jx,
        logits_np,
        rtol=0,
        atol=1e-4,
        what="测试集 logits",
        msg="训练后参数的 mlp_apply logits 与 NumPy float64 前向不一致。",
    )
    ce_np = _np_ce(logits_np, yte)
    ce_jx = as_scalar(
        L.ce_loss(params, jnp.asarray(Xte), jnp.asarray(yte)), "ce_loss(params, X_test, Y_test)"
    )
    assert_close(
        ce_jx,
        ce_np,
        rtol=1e-3,
        atol=1e-6,
        what="测试集交叉熵",
        msg="ce_loss 与 NumPy float64 的交叉熵不一致。",
    )
    acc_np = float(np.mean(logits_np.argmax(1) == yte))
    acc_jx = as_scalar(
        L.accuracy_fn(params, jnp.asarray(Xte), jnp.asarray(yte)),
        "accuracy_fn(params, X_test, Y_test)",
    )
    assert_close(
        acc_jx,
        acc_np,
        rtol=0,
        atol=1e-6,
        what="测试集准确率",
        msg="accuracy_fn 与 float64 的准确率不一致:应为 mean(argmax(logits) == Y)。",
    )


@checks.add(
    "hard_samples",
    "逐样本梯度范数正确;top-5 难样本和测试集错分样本都在原点附近",
    needs="compile_once",
)
def _(L):
    import jax.numpy as jnp

    run = L.ns["_jaxtutor_7_7"]
    Xtr, ytr, Xte, yte = run["data"]
    params = run["state"].params
    P = _np_params(params)
    norms = as_array(
        L.grad_norms_all(params, jnp.asarray(Xtr), jnp.asarray(ytr)), "grad_norms_all(params, X, Y)"
    ).astype(np.float64)
    if norms.shape != (Xtr.shape[0],):
        fail(
            f"grad_norms_all 的形状是 {norms.shape},应为 ({Xtr.shape[0]},):每个训练样本一个梯度范数"
            "(对单样本损失求 grad,再用 lax.map(..., batch_size=256) 分块)。",
            expected=[Xtr.shape[0]],
            actual=list(norms.shape),
        )
    ref = np.array([np_per_sample_grad_norm(P, Xtr[i], ytr[i]) for i in range(Xtr.shape[0])])
    ok = np.isclose(norms, ref, rtol=1e-4, atol=1e-5) | (np.abs(norms - ref) <= 2e-5)
    if not ok.all():
        assert_close(
            norms[~ok],
            ref[~ok],
            rtol=1e-4,
            atol=2e-5,
            what="逐样本梯度范数(不一致的样本)",
            msg="grad_norms_all 与 float64 手算的逐样本梯度范数(单个样本交叉熵对全部参数的梯度的全局 L2 范数)不一致。",
        )
    top_idx = np.argsort(-norms)[:5]
    logp = np_log_softmax(np_mlp(P, Xtr))
    per_loss = -logp[np.arange(len(ytr)), ytr]
    assert_that(
        per_loss[top_idx].mean() > 10 * per_loss.mean(),
        "梯度范数最大的 5 个样本,平均损失应远高于整体平均(> 10 倍)。",
        top5_mean_loss=float(per_loss[top_idx].mean()),
        mean_loss=float(per_loss.mean()),
    )
    r_hard = np.linalg.norm(Xtr[top_idx], axis=1)
    wrong = np_mlp(P, Xte).argmax(1) != yte
    r_wrong = np.linalg.norm(Xte[wrong], axis=1)
    assert_that(
        r_hard.max() < 0.05 and (r_wrong < 0.05).all(),
        "难样本(top-5 梯度范数)和测试集错分样本应都在原点附近(r < 0.05):三条螺旋臂在原点交汇,"
        "那里的歧义是唯一躲不开的误差;这里有离原点更远的样本。",
        r_top5=r_hard,
        r_misclassified=r_wrong,
    )


def _key_bits(key):
    import jax

    try:
        return np.asarray(jax.random.key_data(key))
    except Exception:  # a raw uint32 key
        return np.asarray(key)


@checks.add("shuffle", "train_epoch 推进 state.key,每个 epoch 的打乱顺序由 key 决定", needs="setup")
def _(L):
    import jax
    import jax.numpy as jnp

    Xtr, ytr, _, _ = _data()
    X, Y = jnp.asarray(Xtr), jnp.asarray(ytr)
    epoch = as_callable(L.train_epoch_jit, "train_epoch_jit")
    before = _key_bits(jax.random.key(22))
    out = as_tuple(
        epoch(L.init_state(jax.random.key(21), jax.random.key(22)), X, Y),
        3,
        "train_epoch_jit 的返回值",
    )
    after = _key_bits(out[0].key)
    assert_that(
        not np.array_equal(before, after),
        "一个 epoch 之后 state.key 没有变:下一个 epoch 会用同一个 key 打乱,每个 epoch 的 mini-batch 顺序都一样。"
        "先 jax.random.split(state.key),用其中一个打乱,把另一个写回新的 state。",
        key_before=before,
        key_after=after,
    )
    other = as_tuple(
        epoch(L.init_state(jax.random.key(21), jax.random.key(23)), X, Y),
        3,
        "train_epoch_jit 的返回值",
    )
    first_losses = as_array(out[1], "train_epoch_jit 返回的 losses")
    other_losses = as_array(other[1], "train_epoch_jit 返回的 losses")
    assert_that(
        not np.array_equal(first_losses, other_losses),
        "初始参数相同、只有 state.key 不同的两个 epoch,每一步的 loss 完全一样:mini-batch 的顺序没有随 key 变化。"
        "打乱用的下标要来自 jax.random.permutation(由 state.key 分出的 key, 样本数)。",
        losses_key_22=first_losses,
        losses_key_23=other_losses,
    )


@checks.add(
    "epoch_outputs",
    "train_epoch 返回的 losses、gnorms:每一步更新前的批损失和梯度全局范数",
    needs="setup",
)
def _(L):
    import jax
    import jax.numpy as jnp

    # 1440 copies of one sample: every mini-batch is the same whatever the shuffle, so the first step's
    # loss and gradient norm are those of that one sample at the initial params
    point, label = np.array([[0.3, -0.2]], np.float32), np.array([1], np.int32)
    X, Y = jnp.asarray(np.repeat(point, 1440, axis=0)), jnp.asarray(np.repeat(label, 1440))
    state = L.init_state(jax.random.key(31), jax.random.key(32))
    P0 = _np_params(state.params)
    out = as_tuple(
        as_callable(L.train_epoch_jit, "train_epoch_jit")(state, X, Y),
        3,
        "train_epoch_jit 的返回值",
    )
    losses = as_array(out[1], "train_epoch_jit 返回的 losses", shape=(11,))
    gnorms = as_array(out[2], "train_epoch_jit 返回的 gnorms", shape=(11,))
    # the whole epoch replayed in float64: the first update has learning rate 0 and changes
    # nothing, so only the later steps tell a loss taken before the update from one taken after
    before, norms, after = np_replay(P0, point[0], label[0], 11, _total_steps(L))
    loss0, gnorm0 = before[0], norms[0]
    if np.isclose(losses[0], gnorm0, rtol=1e-4) and np.isclose(gnorms[0], loss0, rtol=1e-4):
        fail(
            "losses 和 gnorms 的位置反了:train_epoch 应返回 (state, losses, gnorms)。",
            expected=[loss0, gnorm0],
            actual=[float(losses[0]), float(gnorms[0])],
        )
    assert_close(
        losses,
        before,
        rtol=1e-4,
        atol=1e-6,
        what="11 步的 loss",
        msg="所有样本都相同时,第 k 步的 loss 应等于这一步更新之前的参数在这个样本上的交叉熵"
        "(检查用 float64 重放了整个 epoch;见期望值与实际值)。",
        mistakes=[
            Mistake(
                "loss_after_update",
                after,
                "每一步记录的是参数更新之后的损失:11 步都等于 float64 重放里更新之后的交叉熵"
                "(第一步学习率是 0,所以只有第一步对得上)。losses 应是更新前这一批的损失。",
            )
        ],
    )
    assert_close(
        gnorms,
        norms,
        rtol=1e-4,
        atol=1e-6,
        what="11 步的梯度范数",
        msg="所有样本都相同时,第 k 步的 gnorm 应等于这一步更新之前的参数处这个样本的梯度全局 L2 范数"
        "(裁剪之前)。",
    )


def _total_steps(L) -> int:
    """The length of the learner's schedule: EPOCHS × STEPS_PER_EPOCH (the statement's 1650)."""
    epochs = int(as_scalar(L.EPOCHS, "EPOCHS"))
    return epochs * int(as_scalar(L.STEPS_PER_EPOCH, "STEPS_PER_EPOCH"))


@checks.add("jitted", "accuracy_fn 和 grad_norms_all 都用 jax.jit 编译", needs="compile_once")
def _(L):
    import jax.numpy as jnp

    run = L.ns["_jaxtutor_7_7"]
    Xtr, ytr, _, _ = run["data"]
    params = run["state"].params
    for name in ("accuracy_fn", "grad_norms_all"):
        fn = as_callable(L.ns.get(name), name)
        with CompileLog() as log:
            fn(params, jnp.asarray(Xtr[:300]), jnp.asarray(ytr[:300]))
        if hasattr(fn, "lower") or fn_name(fn) in log.names:
            continue
        fail(
            f"{name} 不是 jit 编译的函数:调用它时没有编译名为 {fn_name(fn)} 的程序,而是逐个算子执行"
            f"(这次调用编译了 {len(log.names)} 个单独的程序:{sorted(set(log.names))[:8]})。用 {name} = jax.jit({name})。",
            compiles=log.names,
        )
