"""One epoch of the 7.7 project from a fresh state, checked apart from the full training: the key
advances and drives the shuffle, the epoch's losses and gradient norms are those of each step
before its update (on 1440 copies of one sample every step is known exactly: _ch7_replay), and the
epoch is one lax.scan over its mini-batches (ex_7_7 registers these checks)."""

import numpy as np
from _ch7_project_parts import np_params, spiral_data
from _ch7_replay import np_replay

from tutor.worker.checklib import (
    as_array,
    as_callable,
    as_scalar,
    as_tuple,
    assert_close,
    assert_that,
    compare,
    scan_lengths,
)
from tutor.worker.mistakes import Known, produced


def _key_bits(key):
    import jax

    try:
        return np.asarray(jax.random.key_data(key))
    except Exception:  # a raw uint32 key
        return np.asarray(key)


def shuffle(L):
    """The key advances in an epoch, and two epochs that differ only in the key differ in their
    losses (the key decides the order of the mini-batches)."""
    import jax
    import jax.numpy as jnp

    Xtr, ytr, _, _ = spiral_data()
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
        compare(after, before, rtol=0, atol=0) is not None,
        "一个 epoch 之后 state.key 没有变:下一个 epoch 会用同一个 key 打乱,"
        "每个 epoch 的 mini-batch 顺序都一样。"
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
        compare(other_losses, first_losses, rtol=0, atol=0) is not None,
        "初始参数相同、只有 state.key 不同的两个 epoch,每一步的 loss 完全一样:"
        "mini-batch 的顺序没有随 key 变化。"
        "打乱用的下标要来自 jax.random.permutation(由 state.key 分出的 key, 样本数)。",
        losses_key_22=first_losses,
        losses_key_23=other_losses,
    )


def _late(values, first):
    """`values` one step late: what a scan gives when each step outputs the value the carry kept
    from the step before (`first` where the carry started)."""
    return np.concatenate([[first], values[:-1]])


# The mistakes the epoch's outputs invite, each computed from the float64 replay: the losses before
# each update, the gradient norms before clipping, the losses after each update, and the learner's
# own first output (which a one-step-late output takes from the carry's start).
LOSS_MISTAKES = [
    Known(
        "swapped_outputs",
        lambda before, norms, after, first: norms,
        "losses 等于重放里每一步的梯度范数:losses 和 gnorms 的位置反了,"
        "train_epoch 应返回 (state, losses, gnorms)。",
    ),
    Known(
        "loss_after_update",
        lambda before, norms, after, first: after,
        "每一步记录的是参数更新之后的损失:11 步都等于 float64 重放里更新之后的交叉熵"
        "(第一步学习率是 0,所以只有第一步对得上)。losses 应是更新前这一批的损失。",
    ),
    Known(
        "one_step_late",
        lambda before, norms, after, first: _late(before, first),
        "losses 从第 2 步起都等于 float64 重放里前一步的损失,整体晚了一步:"
        "scan 每一步输出的是 carry 里上一步留下的值。每一步要输出这一步刚算出的 loss。",
    ),
]
GNORM_MISTAKES = [
    Known(
        "swapped_outputs",
        lambda before, norms, after, first: before,
        "gnorms 等于重放里每一步的损失:losses 和 gnorms 的位置反了,"
        "train_epoch 应返回 (state, losses, gnorms)。",
    ),
    Known(
        "clipped_norm",
        lambda before, norms, after, first: np.minimum(norms, 1.0),
        "gnorms 等于裁剪之后的梯度范数 min(‖g‖, 1):"
        "要记录的是裁剪之前的梯度全局范数 global_norm(g)。",
    ),
    Known(
        "one_step_late",
        lambda before, norms, after, first: _late(norms, first),
        "gnorms 从第 2 步起都等于 float64 重放里前一步的梯度范数,整体晚了一步:scan 每一步输出的是 "
        "carry 里上一步留下的值。每一步要输出这一步刚算出的梯度范数。",
    ),
]


def epoch_outputs(L):
    """On 1440 copies of one sample, the epoch's losses and gradient norms are, step by step,
    those of a float64 replay before each update."""
    import jax
    import jax.numpy as jnp

    # 1440 copies of one sample: every mini-batch is the same whatever the shuffle, so each step's
    # loss and gradient norm are known exactly
    point, label = np.array([[0.3, -0.2]], np.float32), np.array([1], np.int32)
    X, Y = jnp.asarray(np.repeat(point, 1440, axis=0)), jnp.asarray(np.repeat(label, 1440))
    state = L.init_state(jax.random.key(31), jax.random.key(32))
    P0 = np_params(state.params)
    out = as_tuple(
        as_callable(L.train_epoch_jit, "train_epoch_jit")(state, X, Y),
        3,
        "train_epoch_jit 的返回值",
    )
    losses = as_array(out[1], "train_epoch_jit 返回的 losses", shape=(11,))
    gnorms = as_array(out[2], "train_epoch_jit 返回的 gnorms", shape=(11,))
    # the whole epoch replayed in float64: the first update has learning rate 0 and changes
    # nothing, so only the later steps tell a loss taken before the update from one taken after
    replay = np_replay(P0, point[0], label[0], 11, _total_steps(L))
    assert_close(
        losses,
        replay[0],
        rtol=1e-4,
        atol=1e-6,
        what="11 步的 loss",
        msg="所有样本都相同时,第 k 步的 loss 应等于这一步更新之前的参数在这个样本上的交叉熵"
        "(检查用 float64 重放了整个 epoch;见期望值与实际值)。",
        mistakes=produced(LOSS_MISTAKES, *replay, float(losses[0])),
    )
    assert_close(
        gnorms,
        replay[1],
        rtol=1e-4,
        atol=1e-6,
        what="11 步的梯度范数",
        msg="所有样本都相同时,第 k 步的 gnorm 应等于这一步更新之前的参数处这个样本的梯度全局 L2 "
        "范数(裁剪之前)。",
        mistakes=produced(GNORM_MISTAKES, *replay, float(gnorms[0])),
    )


def epoch_scan(L):
    """train_epoch runs its mini-batches as one lax.scan: its program holds a scan as long as
    STEPS_PER_EPOCH (a Python loop would unroll every step into the program)."""
    import jax
    import jax.numpy as jnp

    Xtr, ytr, _, _ = spiral_data()
    steps = int(as_scalar(L.STEPS_PER_EPOCH, "STEPS_PER_EPOCH"))
    state = L.init_state(jax.random.key(41), jax.random.key(42))
    fn = as_callable(L.train_epoch, "train_epoch")
    lengths = scan_lengths(jax.make_jaxpr(fn)(state, jnp.asarray(Xtr), jnp.asarray(ytr)))
    assert_that(
        steps in lengths,
        f"train_epoch 的程序里没有长度为 STEPS_PER_EPOCH = {steps} 的 scan"
        f"(程序里的 scan 长度:{lengths}):题目要求一个 epoch 的 {steps} 个 mini-batch 用 lax.scan "
        "逐批训练。Python 的 for 循环会在追踪时把每一步都展开进程序,步数越多编译越慢。",
        scan_lengths=lengths,
    )


def _total_steps(L) -> int:
    """The length of the learner's schedule: EPOCHS × STEPS_PER_EPOCH (the statement's 1650)."""
    epochs = int(as_scalar(L.EPOCHS, "EPOCHS"))
    return epochs * int(as_scalar(L.STEPS_PER_EPOCH, "STEPS_PER_EPOCH"))
