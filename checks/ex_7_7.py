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
      misclassified test samples all within r < 0.05 of the origin                         -> hard_samples"""


import numpy as np

from _ch7 import np_log_softmax, np_mlp, np_mlp_params, np_per_sample_grad_norm, np_spiral
from tutor.checklib import CompileLog, Checks, assert_close, assert_equal, assert_that, fail

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
    got = float(L.ce_loss(jp, jnp.asarray(X), jnp.asarray(Y)))
    assert_close(got, _np_ce(np_mlp(params, X), Y), rtol=1e-5, atol=0, what="ce_loss(params, X, Y)",
                 msg="ce_loss 与交叉熵 −mean(log_softmax(logits)[y]) 不一致:注意取的是每个样本自己的标签那一列。")
    big = {k: {n: (v * 40.0 if n == "w" else v) for n, v in layer.items()} for k, layer in params.items()}
    jbig = {k: {n: jnp.asarray(v) for n, v in layer.items()} for k, layer in big.items()}
    ref = _np_ce(np_mlp(big, X), Y)
    got_big = float(L.ce_loss(jbig, jnp.asarray(X), jnp.asarray(Y)))
    assert_that(np.isfinite(got_big),
                "logits 很大(上千)时 ce_loss 变成了 inf/NaN:softmax 里的小概率下溢成 0,再取 log 就是 −inf。"
                "用专题 2 的 log_softmax_stable(减去最大值),不要写 log(softmax(z))。", expected=ref, actual=got_big)
    assert_close(got_big, ref, rtol=1e-4, atol=0, what="大 logits 时的 ce_loss",
                 msg="logits 很大时 ce_loss 不准:用减去最大值的 log_softmax_stable。")


@checks.add("setup", "权重衰减只作用于 w;init_state 的叶子互不共用,step 是 int32")
def _(L):
    import jax

    params = L.init_mlp(jax.random.key(3), (2, 64, 64, 3))
    m = L.weight_mask(params) if callable(L.weight_mask) else L.weight_mask
    for name in params:
        assert_that(bool(m[name]["w"]) and not bool(m[name]["b"]),
                    f"weight_mask 在 {name} 上应为 w: True、b: False:只对权重做衰减,偏置不衰减。",
                    actual={"w": bool(m[name]["w"]), "b": bool(m[name]["b"])})
    st = L.init_state(jax.random.key(4), jax.random.key(5))
    leaves = jax.tree.leaves(st)
    ids = [id(x) for x in leaves]
    assert_that(len(ids) == len(set(ids)),
                "TrainState 里有同一个数组对象出现了两次(比如 mu 和 nu 共用一个 zeros):捐赠时会报"
                "“donate the same buffer twice”。每个数组都要独立创建。")
    assert_that(str(np.asarray(st.step).dtype) == "int32" and int(st.step) == 0,
                "init_state 的 step 应是 int32 的 0 数组(jnp.zeros([], jnp.int32)),类型固定才不会重新编译。",
                actual=repr(st.step))


@checks.add("compile_once", "EPOCHS 个 epoch:train_epoch 只编译 1 次,step = EPOCHS × STEPS_PER_EPOCH",
            needs="setup")
def _(L):
    import jax
    import jax.numpy as jnp

    Xtr, ytr, Xte, yte = _data()
    assert_equal(int(L.STEPS_PER_EPOCH), Xtr.shape[0] // int(L.BATCH), what="STEPS_PER_EPOCH",
                 msg="STEPS_PER_EPOCH 应为 训练样本数 // BATCH(1440 // 128 = 11)。")
    X_train, y_train = jnp.asarray(Xtr), jnp.asarray(ytr)
    state = L.init_state(jax.random.key(11), jax.random.key(12))
    first_leaf = jax.tree.leaves(state.params)[0]
    epochs = int(L.EPOCHS)
    with CompileLog() as log:
        for _ in range(epochs):
            out = L.train_epoch_jit(state, X_train, y_train)
            assert_that(isinstance(out, tuple) and len(out) == 3,
                        "train_epoch_jit 应返回 (state, losses, gnorms)。", actual=repr(type(out)))
            state = out[0]
            if log.count("train_epoch") > 1:      # over budget: stop early, like CompileBudget would
                break
        jax.block_until_ready(state)
    n = log.count("train_epoch")
    if n != 1:
        others = sorted({x for x in log.names if x != "train_epoch"})
        why = ("没有看到 train_epoch 的编译:train_epoch_jit 应是 jax.jit(train_epoch, donate_argnames=(\"state\",)),"
               "被编译的函数要叫 train_epoch。" if n == 0 else
               "每个 epoch 输入的类型签名必须完全一样:不要把学习率、epoch 序号等作为静态参数传入,"
               "step 保持 int32 数组,状态的结构和 dtype 在 epoch 前后不能变。")
        fail(f"训练中 train_epoch 编译了 {n} 次(预算是 1 次,超支后检查就停止了训练):{why}"
             + (f"\n其他被编译的函数:{others}" if others else ""), expected=1, actual=n, other_compiles=others)
    want = epochs * int(L.STEPS_PER_EPOCH)
    assert_equal(int(state.step), want, what="训练后的 step",
                 msg=f"训练后 step 应为 EPOCHS × STEPS_PER_EPOCH = {want}:每个训练 step 都要把 state.step 加 1。")
    L.ns["_jaxtutor_7_7"] = {"state": state, "first_leaf": first_leaf, "X_train": X_train,
                             "data": (Xtr, ytr, Xte, yte)}


@checks.add("donation", "state 被捐赠:初始参数的缓冲区已删除,训练数据没有被删除", needs="compile_once")
def _(L):
    run = L.ns["_jaxtutor_7_7"]
    assert_that(run["first_leaf"].is_deleted(),
                "训练前的参数缓冲区没有被删除:train_epoch_jit 要捐赠 state(donate_argnames=(\"state\",)),"
                "调用后立即用返回的新 state 覆盖旧引用。", expected=True, actual=False)
    assert_that(not run["X_train"].is_deleted(),
                "训练数据被删除了:只捐赠 state,不要捐赠 X、Y(数据每个 epoch 都要再用)。")


@checks.add("accuracy", "训练集、测试集准确率都 > 95%(NumPy float64 计算)", needs="compile_once")
def _(L):
    run = L.ns["_jaxtutor_7_7"]
    Xtr, ytr, Xte, yte = run["data"]
    P = _np_params(run["state"].params)
    acc_tr = float(np.mean(np_mlp(P, Xtr).argmax(1) == ytr))
    acc_te = float(np.mean(np_mlp(P, Xte).argmax(1) == yte))
    assert_that(acc_tr > 0.95 and acc_te > 0.95,
                f"准确率不够:训练集 {acc_tr:.4f},测试集 {acc_te:.4f}(都要 > 0.95)。检查 EPOCHS(150)、学习率调度"
                "(warmup 到 1e-2 再余弦衰减)、2 → 64 → 64 → 3 的结构,以及每一步是否真的更新了参数。",
                train_accuracy=acc_tr, test_accuracy=acc_te)


@checks.add("float64", "logits、交叉熵、准确率与独立的 NumPy float64 前向一致", needs="compile_once")
def _(L):
    import jax.numpy as jnp

    run = L.ns["_jaxtutor_7_7"]
    _, _, Xte, yte = run["data"]
    params = run["state"].params
    P = _np_params(params)
    logits_np = np_mlp(P, Xte)
    logits_jx = np.asarray(L.mlp_apply(params, jnp.asarray(Xte)))
    assert_close(logits_jx, logits_np, rtol=0, atol=1e-4, what="测试集 logits",
                 msg="mlp_apply 的 logits 与 NumPy float64 前向不一致:权重和数据应作为参数传入 jit,"
                     "不要被闭包当作常量捕获。")
    ce_np = _np_ce(logits_np, yte)
    ce_jx = float(L.ce_loss(params, jnp.asarray(Xte), jnp.asarray(yte)))
    assert_close(ce_jx, ce_np, rtol=1e-3, atol=1e-6, what="测试集交叉熵",
                 msg="ce_loss 与 NumPy float64 的交叉熵不一致。")
    acc_np = float(np.mean(logits_np.argmax(1) == yte))
    acc_jx = float(L.accuracy_fn(params, jnp.asarray(Xte), jnp.asarray(yte)))
    assert_close(acc_jx, acc_np, rtol=0, atol=1e-6, what="测试集准确率",
                 msg="accuracy_fn 与 float64 的准确率不一致:应为 mean(argmax(logits) == Y)。")


@checks.add("hard_samples", "逐样本梯度范数正确;top-5 难样本和测试集错分样本都在原点附近", needs="compile_once")
def _(L):
    import jax.numpy as jnp

    run = L.ns["_jaxtutor_7_7"]
    Xtr, ytr, Xte, yte = run["data"]
    params = run["state"].params
    P = _np_params(params)
    norms = np.asarray(L.grad_norms_all(params, jnp.asarray(Xtr), jnp.asarray(ytr)), np.float64)
    if norms.shape != (Xtr.shape[0],):
        fail(f"grad_norms_all 的形状是 {norms.shape},应为 ({Xtr.shape[0]},):每个训练样本一个梯度范数"
             "(对单样本损失求 grad,再用 lax.map(..., batch_size=256) 分块)。",
             expected=[Xtr.shape[0]], actual=list(norms.shape))
    ref = np.array([np_per_sample_grad_norm(P, Xtr[i], ytr[i]) for i in range(Xtr.shape[0])])
    ok = np.isclose(norms, ref, rtol=1e-4, atol=1e-5) | (np.abs(norms - ref) <= 2e-5)
    if not ok.all():
        assert_close(norms[~ok], ref[~ok], rtol=1e-4, atol=2e-5, what="逐样本梯度范数(不一致的样本)",
                     msg="grad_norms_all 与逐样本梯度范数的定义不符:应是单个样本交叉熵对全部参数的梯度的全局 L2 范数。")
    top_idx = np.argsort(-norms)[:5]
    logp = np_log_softmax(np_mlp(P, Xtr))
    per_loss = -logp[np.arange(len(ytr)), ytr]
    assert_that(per_loss[top_idx].mean() > 10 * per_loss.mean(),
                "梯度范数最大的 5 个样本,平均损失应远高于整体(> 10 倍):范数要基于训练标签计算。",
                top5_mean_loss=float(per_loss[top_idx].mean()), mean_loss=float(per_loss.mean()))
    r_hard = np.linalg.norm(Xtr[top_idx], axis=1)
    wrong = np_mlp(P, Xte).argmax(1) != yte
    r_wrong = np.linalg.norm(Xte[wrong], axis=1)
    assert_that(r_hard.max() < 0.05 and (r_wrong < 0.05).all(),
                "难样本(top-5 梯度范数)和测试集错分样本应都在原点附近(r < 0.05):三条螺旋臂在原点交汇,"
                "那里的歧义是唯一躲不开的误差。远处出现难样本,说明模型还没有学好螺旋的形状。",
                r_top5=r_hard, r_misclassified=r_wrong)
