"""练习 7.7(综合项目)三臂螺旋 MLP 分类器.

Interface (names from the chapter's ★ project): BATCH, EPOCHS, STEPS_PER_EPOCH,
weight_mask(params), optimizer, init_state(k_init, k_train) -> TrainState, ce_loss(params, X, Y),
train_epoch(state, X, Y) -> (state, losses, gnorms), train_epoch_jit (jit, donates state),
accuracy_fn(params, X, Y), grad_norms_all(params, X, Y).

The project's checklist (★.4–★.6, ★.8) and where it lives; everything runs on a fresh spiral
(NumPy, seed 7707: 600 per class, noise 0.15, 360 test / 1440 train):
  ★.3 ce_loss ≈ reference CE (chapter: vs jax.nn.log_softmax, rtol 1e-6; here vs float64,
      rtol 1e-5), and finite for huge logits (log_softmax, not log(softmax))        -> ce_loss
  ★.2 weight decay only on w; no leaf object shared inside the state                -> setup
  ★.4 EPOCHS epochs: train_epoch compiled exactly once (budget 1, counted by name);
      step == EPOCHS · STEPS_PER_EPOCH                                               -> compile_once
      initial parameter buffer deleted (donation), training data not deleted         -> donation
      train and test accuracy > 0.95                                                  -> accuracy
  ★.5 logits vs NumPy float64 forward (atol 1e-4); CE (rtol 1e-3, atol 1e-6);
      accuracy_fn equals the float64 accuracy (atol 1e-6)                             -> float64
  ★.6 grad_norms_all ≈ per-sample gradient norms (rtol 1e-4, atol 1e-5; float64 reference);
      their mean loss of the top-5 > 10 × the mean loss; top-5 samples and the misclassified
      test samples all within r < 0.05 of the origin                          -> hard_samples
The parts checked on their own (optimizer against a float64 chain, the whole lr schedule, the
interface constants) are in _ch7_project_parts; one epoch from a fresh state (the key drives the
shuffle, the outputs of every step, the epoch as one scan) in _ch7_project_epoch. Added here:
accuracy_fn, grad_norms_all jitted -> jitted; grad_norms_all chunked by lax.map(batch_size=256),
read from its program at two sizes -> norms_chunked."""

import _ch7_project_epoch as epoch
import _ch7_project_parts as parts
import numpy as np
from _ch7 import grad_norms_off, np_log_softmax, np_mlp, np_per_sample_grad_norm
from _ch7_project_parts import np_ce, np_params, spiral_data
from _ch7_rules import assert_chunked_map

from tutor.worker.checklib import (
    Checks,
    CompileLog,
    as_array,
    as_callable,
    as_scalar,
    as_tuple,
    assert_close,
    assert_equal,
    assert_that,
    fail,
    fn_name,
)

checks = Checks()


@checks.add("ce_loss", "ce_loss 等于 float64 交叉熵,logits 很大时也是有限值")
def _(L):
    parts.ce_loss(L)


@checks.add("setup", "权重衰减只作用于 w;init_state 的叶子互不共用,step 是 int32")
def _(L):
    parts.setup(L)


@checks.add(
    "optimizer",
    "optimizer 的每次更新量与 float64 的“裁剪 → Adam → 只对 w 的衰减 → 学习率调度”一致",
)
def _(L):
    parts.optimizer(L)


@checks.add(
    "schedule",
    "optimizer 的学习率在整个训练(EPOCHS × STEPS_PER_EPOCH = 1650 步)里按 lr_schedule 变化",
)
def _(L):
    parts.schedule(L)


@checks.add(
    "compile_once",
    "EPOCHS 个 epoch:train_epoch 只编译 1 次,step = EPOCHS × STEPS_PER_EPOCH",
    needs="setup",
)
def _(L):
    import jax
    import jax.numpy as jnp

    Xtr, ytr, Xte, yte = spiral_data()
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
                "没有看到名为 train_epoch 的编译:train_epoch_jit 应是 "
                'jax.jit(train_epoch, donate_argnames=("state",)),'
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
                "第 1 个 epoch 前后 state 的叶子形状/dtype 变了:"
                f"{dict(list(moved.items())[:4])}(之前, 之后),"
                "下一次调用的类型签名不同,只能重新编译。"
                if moved
                else "epoch 前后 state 的结构、形状和 dtype 都没变,数据也是同一份:"
                "重新编译来自 jit 的其他输入"
                "(静态参数的新取值,或每次新建的 jit 函数)。"
            )
        assert_equal(
            n,
            1,
            what="train_epoch 的编译次数",
            msg=f"训练中 train_epoch 编译了 {n} 次(预算是 1 次,超支后检查就停止了训练):{why}"
            + (f"\n其他被编译的函数:{others}" if others else ""),
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
            "在 CPU 上数据碰巧没被删除(JAX 只发警告),"
            "在会回收捐赠缓冲区的设备上,下一个 epoch 就读不到数据了。",
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
    P = np_params(run["state"].params)
    acc_tr = float(np.mean(np_mlp(P, Xtr).argmax(1) == ytr))
    acc_te = float(np.mean(np_mlp(P, Xte).argmax(1) == yte))
    assert_that(
        acc_tr > 0.95 and acc_te > 0.95,
        f"准确率不够:训练 EPOCHS = {int(as_scalar(L.EPOCHS, 'EPOCHS'))} 个 epoch 后,"
        f"训练集 {acc_tr:.4f},"
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
    P = np_params(params)
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
    ce_np = np_ce(logits_np, yte)
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
    P = np_params(params)
    norms = as_array(
        L.grad_norms_all(params, jnp.asarray(Xtr), jnp.asarray(ytr)), "grad_norms_all(params, X, Y)"
    ).astype(np.float64)
    assert_equal(
        norms.shape,
        (Xtr.shape[0],),
        what="grad_norms_all 的形状",
        msg=f"grad_norms_all 的形状是 {norms.shape},应为 ({Xtr.shape[0]},):"
        "每个训练样本一个梯度范数(对单样本损失求 grad,再用 lax.map(..., batch_size=256) 分块)。",
    )
    ref = np.array([np_per_sample_grad_norm(P, Xtr[i], ytr[i]) for i in range(Xtr.shape[0])])
    bad = ~(
        np.abs(norms - ref) <= 2e-5 + 1e-4 * np.abs(ref)
    )  # assert_close's tolerance; NaN is bad
    near = np.flatnonzero(bad)
    bad[near] = grad_norms_off(P, Xtr, ytr, near, norms[near], rtol=1e-4, atol=2e-5)
    if bad.any():
        assert_close(
            norms[bad],
            ref[bad],
            rtol=1e-4,
            atol=2e-5,
            what="逐样本梯度范数(不一致的样本)",
            msg="grad_norms_all 与 float64 手算的逐样本梯度范数"
            "(单个样本交叉熵对全部参数的梯度的全局 L2 范数)不一致。",
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


@checks.add("shuffle", "train_epoch 推进 state.key,每个 epoch 的打乱顺序由 key 决定", needs="setup")
def _(L):
    epoch.shuffle(L)


@checks.add(
    "epoch_outputs",
    "train_epoch 返回的 losses、gnorms:每一步更新前的批损失和梯度全局范数",
    needs="setup",
)
def _(L):
    epoch.epoch_outputs(L)


@checks.add(
    "epoch_scan", "train_epoch 用一个长度为 STEPS_PER_EPOCH 的 lax.scan 逐批训练", needs="setup"
)
def _(L):
    epoch.epoch_scan(L)


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
            f"(这次调用编译了 {len(log.names)} 个单独的程序:{sorted(set(log.names))[:8]})。"
            f"用 {name} = jax.jit({name})。",
            compiles=log.names,
        )


@checks.add(
    "norms_chunked",
    "grad_norms_all 用 lax.map(..., batch_size=256) 分块:程序里的 scan 按 256 个样本一块循环",
    needs="compile_once",
)
def _(L):
    import jax.numpy as jnp

    run = L.ns["_jaxtutor_7_7"]
    Xtr, ytr, _, _ = run["data"]
    fn = as_callable(L.grad_norms_all, "grad_norms_all")
    params = run["state"].params
    assert_chunked_map(
        lambda n: (fn, params, jnp.asarray(Xtr[:n]), jnp.asarray(ytr[:n])),
        "grad_norms_all",
        sizes=(Xtr.shape[0], 512),
        chunk=256,
    )
