# 第 7 章上下文:本章在各练习之前已经定义好的名字(名字、签名与课文一致)。
# 你的答案运行前,这些名字都已存在,可以直接使用,也可以覆盖。
# 演示数据(theta0 / coef_a / coef_c、练习 7.1 的请求、Xtr / Ytr)都是固定随机种子生成的,每次运行都一样。
from typing import NamedTuple, Callable, Any
from dataclasses import field, dataclass
import warnings, time, math, logging, functools, dataclasses

partial = functools.partial

import numpy as np
import optax
import jax
from jax import monitoring, lax
import jax.numpy as jnp
from jax.test_util import check_grads   # 2.5 节的有限差分检查(必须显式导入)

_listen = monitoring.register_event_duration_secs_listener
_unlisten = monitoring.unregister_event_duration_listener

# ============================================================== 0 公共工具


def bench(f, *args, warmup: int = 2, runs: int = 10) -> float:
    # 先调用 warmup 次(把编译排除在外),再计时 runs 次,返回中位数(毫秒)
    def call():
        out = f(*args)
        return jax.block_until_ready(out)
    for _ in range(warmup):
        call()
    elapsed = []
    for _ in range(runs):
        begin = time.perf_counter()
        call()
        elapsed.append(time.perf_counter() - begin)
    return 1000.0 * float(np.median(elapsed))


def assert_faster(fast, slow, factor: float = 1.0, tries: int = 3):
    """计时断言:fast() × factor 要小于 slow()。两个参数都是「返回耗时」的无参函数。
    机器忙时计时会抖,所以不满足时重测,最多 tries 次;返回最后一次的 (快, 慢)。"""
    for _attempt in range(tries):
        t_fast, t_slow = fast(), slow()
        if t_fast * factor < t_slow:
            return t_fast, t_slow
    raise AssertionError(f"重测 {tries} 次仍不成立:{t_fast:.3g} × {factor} ≥ {t_slow:.3g}")


def show_error(fn):
    """调用无参函数 fn。出错时只打印「异常类型: 消息第一行」并返回这个异常,没出错时打印结果、返回 None。
    第一行太长时截在最后一个完整的句子后面(或词与词之间),末尾加 …,不会停在半个词或半句代码上。"""
    try:
        value = fn()
    except Exception as err:
        lines = str(err).strip().splitlines()
        print(f"❌ {type(err).__name__}: {_shortened(lines[0] if lines else '')}")
        return err
    print("(没有报错)结果:", value)
    return None


def _shortened(line, limit=200):
    if len(line) <= limit:
        return line
    cut = line.rfind(". ", 0, limit)
    if cut > 0:
        return line[: cut + 1] + " …"
    cut = line.rfind(" ", 0, limit)
    return line[: cut if cut > 0 else limit] + " …"


_COMPILE_EVENT = "/jax/core/" + "compile/" + "backend_compile_duration"

# ---- 编译计数器


class CompileCounter(object):
    """统计 with 块里真正发生的 XLA 后端编译。

    name=None 时所有函数都算;name="f" 时只算 jit(f)。
    依据:每完成一次后端编译,jax.monitoring 都会发出 _COMPILE_EVENT 事件,
    关键字参数 fun_name 的形式是 "jit(函数名)"。
    """

    def __init__(self, name: str | None = None):
        self.events = []                      # 每次编译一项:(fun_name, 秒)
        self.name = name
        self._listener = self._record         # 注册和注销必须用同一个绑定方法对象

    def _record(self, event, duration, **info):
        if event == _COMPILE_EVENT:
            who = info.get("fun_name") or "?"
            wanted = (self.name is None) or (who == "jit(" + self.name + ")")
            if wanted:
                self.events.append((who, duration))

    # 进入 with:开始监听
    def __enter__(self):
        _listen(self._listener)
        return self

    @property
    def count(self) -> int:
        return len(self.events)

    def __exit__(self, *exc_info):
        _unlisten(self._listener)
        return False


def wpad(text, width):
    """按终端显示宽度左对齐(全角字符占两列)。"""
    from unicodedata import east_asian_width

    text = str(text)
    cols = 0
    for ch in text:
        wide = east_asian_width(ch) in ("W", "F")
        cols += 2 if wide else 1
    return text + " " * max(0, width - cols)


def to64(x):
    # 转成 NumPy float64,用来和高精度参考值比较
    return np.array(x, dtype=np.float64)


# ============================================================== 专题 1 重新编译


def count_compiles(name, calls):
    """依次调用 calls 里的无参函数(结果都等它算完),返回这期间 jit(name) 的编译次数。"""
    with CompileCounter(name=name) as tally:
        for thunk in calls:
            jax.block_until_ready(thunk())
    return tally.count


class capture_jax_logs(object):
    """with 块里把名为 "jax" 的 logger 的消息收进 self.messages,不再打印到 stderr。"""

    class _Sink(logging.Handler):
        def __init__(self, box):
            logging.Handler.__init__(self)
            self.box = box

        def emit(self, record):
            self.box.append(record.getMessage())

    def __enter__(self):
        self.messages = []
        self.logger = logging.getLogger(name="jax")
        self._sink = capture_jax_logs._Sink(self.messages)
        self._propagate = self.logger.propagate   # 退出时恢复
        self.logger.addHandler(self._sink)
        self.logger.propagate = False         # 不再往上传给根 logger(也就不打印)
        return self

    def __exit__(self, *exc_info):
        logger = self.logger
        logger.removeHandler(self._sink)
        self.logger.propagate = self._propagate
        return False


# ---- 分桶 padding + mask
BUCKETS = (64, 128, 256, 512)            # 桶的大小:编译次数最多等于桶数


def pad_to_bucket(X, y):
    """在 NumPy 里把 n 行补到不小于 n 的最小桶;返回 (X 补齐, y 补齐, mask),mask 在真实行上为 1。"""
    n, width = X.shape
    rows = min(size for size in BUCKETS if size >= n)
    X_pad = np.zeros((rows, width), np.float32)
    y_pad = np.zeros(rows, np.float32)
    mask = np.zeros(rows, np.float32)
    X_pad[:n], y_pad[:n], mask[:n] = X, y, 1.0
    return X_pad, y_pad, mask


def plain_mse(w, X, y):
    resid = X @ w - y
    return jnp.mean(resid * resid)


def masked_mse(w, X, y, mask):
    """只在 mask 为 1 的行上求均方误差:分子、分母都要乘 mask。"""
    resid = X @ w - y
    return jnp.sum(mask * jnp.square(resid)) / jnp.sum(mask)


# ---- 编译预算


class CompileBudgetExceeded(RuntimeError, object):
    """编译次数超出了预算。"""


class CompileBudget(CompileCounter):
    # 编译预算:with 块结束时,编译次数超过 max_compiles 就抛 CompileBudgetExceeded(或发警告)

    def __init__(self, max_compiles: int, name: str | None = None, on_exceed: str = "raise"):
        CompileCounter.__init__(self, name)
        self.max_compiles, self.on_exceed = max_compiles, on_exceed

    def check(self) -> None:
        if self.count <= self.max_compiles:
            return
        where = self.name if self.name else "全部函数"
        spent = "; ".join(f"{who} {1000 * secs:.0f} ms" for who, secs in self.events)
        text = f"编译预算超支:{where} 最多 {self.max_compiles} 次,实际 {self.count} 次({spent})"
        if self.on_exceed != "raise":
            warnings.warn(text, RuntimeWarning, stacklevel=3)
            return
        raise CompileBudgetExceeded(text)

    def __exit__(self, kind, err, trace):
        CompileCounter.__exit__(self, kind, err, trace)
        if kind is None:                      # with 块自己出错时不再检查预算
            self.check()
        return False


# ---- compile_budget(装饰器版本)


def compile_budget(max_compiles: int, on_exceed: str = "raise"):
    """装饰一个 jit 函数:它一生中的编译次数累计在 .budget 里,每次调用结束时检查预算。"""

    def decorate(fn_jit):
        tracker = CompileBudget(name=fn_jit.__name__, max_compiles=max_compiles, on_exceed=on_exceed)

        @functools.wraps(fn_jit)
        def guarded(*args, **kwargs):
            with tracker:                     # 同一个 tracker:事件跨调用累计
                return fn_jit(*args, **kwargs)

        guarded.budget = tracker
        return guarded

    return decorate


# ============================================================== 专题 2 数值稳定


def double_where(fn, x, ok, safe_value, fill):   # ok 为真处才真正用 x 计算 fn
    """ok 为真处返回 fn(x),否则返回 fill;fn 只在安全输入上求值,反向传播里也就没有 0·inf。"""
    x_in = jnp.where(ok, x, safe_value)       # 第 1 个 where:危险输入换成安全值
    return jnp.where(ok, fn(x_in), fill)      # 第 2 个 where:选输出


def logsumexp_stable(x, axis: int = -1, keepdims: bool = False):
    """log Σ exp(x):先减去最大值 m(m 不参与求导;整行 -inf 时 m 取 0)。"""
    top = jnp.max(x, axis, keepdims=True)
    top = jnp.where(jnp.isfinite(top), top, jnp.zeros_like(top))
    top = lax.stop_gradient(top)              # 数学上 m 的梯度贡献互相抵消
    total = jnp.log(jnp.sum(jnp.exp(x - top), axis, keepdims=True)) + top
    return total if keepdims else jnp.squeeze(total, axis)


# ---- softmax_stable
def softmax_stable(x, axis: int = -1):
    peak = lax.stop_gradient(x.max(axis=axis, keepdims=True))
    weights = jnp.exp(x - peak)
    return weights / weights.sum(axis=axis, keepdims=True)


def log_softmax_stable(x, axis: int = -1):
    """减去每行最大值(不参与求导;整行 -inf 时用 0)后再做 log-sum-exp。"""
    peak = jnp.max(x, axis, keepdims=True)
    peak = jnp.where(jnp.isfinite(peak), peak, jnp.zeros_like(peak))
    peak = lax.stop_gradient(peak)
    shifted = x - peak
    return shifted - jnp.log(jnp.sum(jnp.exp(shifted), axis, keepdims=True))




def locate_nan(fn, *args, user_funcs=()):   # user_funcs:你自己的函数名
    """在 jax.debug_nans(True) 下运行 fn(*args)。
    返回 (FloatingPointError 的第一行, 最内层属于 user_funcs 的那一帧);没有报错时返回 (None, None)。"""
    import traceback

    with jax.debug_nans(True):
        try:
            jax.block_until_ready(fn(*args))
        except FloatingPointError as err:
            first = str(err).splitlines()[0]
            mine = [fr for fr in traceback.extract_tb(err.__traceback__) if fr.name in user_funcs]
            if not mine:
                return first, "(在 JAX 生成的反向计算里)"
            return first, f"{mine[-1].name}() 第 {mine[-1].lineno} 行:{(mine[-1].line or '').strip()}"
    return None, None


# ---- round_ste
@jax.custom_jvp
def round_ste(x):
    """直通估计:前向取整,反向把导数当作 1。"""
    return jnp.round(x)


# 导数规则:把 round 当作恒等
@round_ste.defjvp
def _round_ste_rule(xs, dxs):
    (x,), (dx,) = xs, dxs
    return round_ste(x), dx                   # 切向量原样传过去


# ============================================================== 专题 3 HVP


def tanh_layer(x, A):
    # f(x) = tanh(A x),A 是 m×n:雅可比 diag(1 − tanh²(Ax))·A
    return jnp.tanh(A @ x)

LAM = 0.1


def logistic_obj(x, A):
    """f(x) = Σ softplus(A x) + ½·LAM·‖x‖²。"""
    z = jnp.matmul(A, x)
    return jax.nn.softplus(z).sum() + 0.5 * LAM * jnp.vdot(x, x)


def hvp_fwd_rev(x, v, A):
    """前向套反向:对梯度函数做一次 JVP。"""
    gradient_at = lambda point: jax.grad(logistic_obj)(point, A)
    _, tangent_out = jax.jvp(gradient_at, [x], [v])
    return tangent_out


def hvp_rev_rev(x, v, A):
    """反向套反向:∇ₓ(∇f(x)·v)。"""
    slope_at = jax.grad(logistic_obj)

    def along_v(point):
        return jnp.vdot(slope_at(point, A), v)

    return jax.grad(along_v)(x)


# ---- hvp_rev_fwd
def hvp_rev_fwd(x, v, A):
    """反向套前向:先用 JVP 得到方向导数 ∇f(x)·v,再对 x 求梯度。"""
    directional = lambda point: jax.jvp(lambda q: logistic_obj(q, A), (point,), (v,))[1]
    return jax.grad(directional)(x)


def hvp_full(x, v, A):
    """对照:先造出 n×n 的完整 Hessian,再乘 v。"""
    full = jax.hessian(logistic_obj)(x, A)    # n×n,内存 O(n²)
    return jnp.dot(full, v)


# ============================================================== 专题 4 逐样本梯度


def init_mlp(key, sizes):
    # ReLU MLP 的参数:{"dense_i": {"w": (n_in, n_out), "b": (n_out,)}},He 初始化
    n_layers = len(sizes) - 1
    layer_keys = jax.random.split(key, n_layers)
    params = {}
    for i in range(n_layers):
        fan_in, fan_out = sizes[i], sizes[i + 1]
        std = math.sqrt(2.0 / fan_in)
        params["dense_%d" % i] = dict(w=std * jax.random.normal(layer_keys[i], (fan_in, fan_out)),
                                      b=jnp.zeros((fan_out,)))
    return params


# ---- mlp_apply
def mlp_apply(params, x):
    # dense → relu → … → dense(最后一层不加激活)
    n_layers = len(params)
    for i in range(n_layers):
        layer = params["dense_%d" % i]
        x = jnp.matmul(x, layer["w"]) + layer["b"]
        if i != n_layers - 1:
            x = jnp.maximum(x, 0.0)
    return x


# ---- loss_single
def loss_single(params, x, y):
    # 一个样本(x 形状 (d,),y 为整数标签)的交叉熵
    logits = mlp_apply(params, x)
    logp = log_softmax_stable(logits)
    return -jnp.take(logp, y)


# ---- loss_batch
def loss_batch(params, X, Y):
    each = jax.vmap(loss_single, (None, 0, 0))
    return each(params, X, Y).mean()


# ---- tree_allclose
def tree_allclose(a, b, **tolerances):
    """两棵树结构相同,且每对叶子都 np.allclose(tolerances 原样传给它)。"""
    if jax.tree.structure(a) != jax.tree.structure(b):
        return False
    pairs = zip(jax.tree.leaves(a), jax.tree.leaves(b))
    return all(np.allclose(np.asarray(u), np.asarray(v), **tolerances) for u, v in pairs)


# ---- global_norm
def global_norm(tree):
    squares = [jnp.vdot(leaf, leaf) for leaf in jax.tree.leaves(tree)]
    return jnp.sqrt(functools.reduce(jnp.add, squares))


# ---- per_sample_norm
def per_sample_norm(params, x, y):
    # 单个样本梯度的全局 L2 范数
    g_one = jax.grad(loss_single)
    return global_norm(g_one(params, x, y))


D_IN, N_CLS, B = 20, 10, 256


# ---- make_blobs
def make_blobs(key, n, d, k, spread: float = 1.0):
    """k 个高斯簇:簇中心 ~ N(0, 2²),样本 = 中心 + spread·N(0, 1)。返回 (X, y)。"""
    key_mu, key_lab, key_eps = jax.random.split(key, 3)
    means = 2.0 * jax.random.normal(key_mu, (k, d))
    labels = jax.random.randint(key_lab, (n,), 0, k)
    points = means[labels] + spread * jax.random.normal(key_eps, (n, d))
    return points, labels


Xtr, Ytr = make_blobs(key=jax.random.key(20), n=4096, d=D_IN, k=N_CLS)   # 专题 4 的训练数据


# ---- accuracy
def accuracy(params, X, Y):
    predicted = mlp_apply(params, X).argmax(axis=-1)
    return (predicted == Y).mean()


# ---- DP-SGD
def clip_and_sum(params, X, Y, clip_norm):   # 逐样本梯度只在这里出现一次
    """整批:逐样本梯度按全局范数裁剪到 clip_norm 再求和。返回 (和, 每个样本裁剪前的范数)。内存 B×P。"""
    axes = (None, 0, 0)                                           # 参数共享,数据按样本映射
    grad_one = jax.grad(loss_single)
    per_example = jax.vmap(grad_one, axes)(params, X, Y)
    flat_rows = [g.reshape(g.shape[0], -1) for g in jax.tree.leaves(per_example)]
    pre_norms = jnp.sqrt(functools.reduce(jnp.add, [jnp.sum(jnp.square(r), axis=1) for r in flat_rows]))
    shrink = jnp.minimum(1.0, clip_norm / (1e-12 + pre_norms))        # 每个样本一个系数
    total = jax.tree.map(lambda g: jnp.einsum("b,b...->...", shrink, g), per_example)
    return total, pre_norms


# ---- clip_and_sum_chunked
def clip_and_sum_chunked(params: dict, X, Y, clip_norm: float, chunk: int):
    """分块版(lax.scan,每块 chunk 个样本,内存 chunk×P);要求样本数能被 chunk 整除。"""
    n_blocks = X.shape[0] // chunk
    blocks = (X.reshape(n_blocks, chunk, -1), Y.reshape(n_blocks, chunk))

    def absorb(running, block):
        part, block_norms = clip_and_sum(params, block[0], block[1], clip_norm)
        return jax.tree.map(lambda a, b: a + b, running, part), block_norms

    start = jax.tree.map(lambda leaf: jnp.zeros(leaf.shape, leaf.dtype), params)
    total, pre_norms = lax.scan(absorb, start, blocks)
    return total, jnp.ravel(pre_norms)


# ---- add_dp_noise
def add_dp_noise(summed, key, clip_norm: float, noise_mult: float, batch_size: int):
    """每片叶子加 N(0, (noise_mult·clip_norm)²) 的独立噪声(各用一个 key),再除以 batch_size。"""
    flat, spec = jax.tree.flatten(summed)
    sigma = noise_mult * clip_norm
    leaf_keys = list(jax.random.split(key, len(flat)))
    noisy = []
    for leaf, k in zip(flat, leaf_keys):
        noisy.append((leaf + sigma * jax.random.normal(k, leaf.shape)) / batch_size)
    return jax.tree.unflatten(spec, noisy)


# ---- dp_grad
def dp_grad(params, X, Y, key, clip_norm: float, noise_mult: float):
    """DP-SGD 的梯度:裁剪、求和、加噪、除以 B。返回 (梯度, 裁剪前的范数)。"""
    total, before_clip = clip_and_sum(params, X, Y, clip_norm=clip_norm)
    private = add_dp_noise(total, key, clip_norm=clip_norm, noise_mult=noise_mult, batch_size=len(X))
    return private, before_clip


# steps、batch 决定形状,jit 时要作为静态参数
def train_dp(params, X, Y, key, lr: float, clip_norm: float, noise_mult: float, steps: int, batch: int):
    """steps 步 DP-SGD,整个循环是一个 lax.scan;key 放在 carry 里,每步 split 出抽样和加噪用的 key。"""

    def one_update(carry, _unused):
        theta, k = carry
        k, k_rows, k_noise = jax.random.split(k, 3)
        picked = jax.random.choice(k_rows, len(X), shape=(batch,), replace=False)
        g_private = dp_grad(theta, X[picked], Y[picked], k_noise, noise_mult=noise_mult, clip_norm=clip_norm)[0]
        return (jax.tree.map(lambda w, d: w - lr * d, theta, g_private), k), None

    (theta, _), _ = lax.scan(one_update, (params, key), xs=None, length=steps)
    return theta


# ============================================================== 专题 5 手写优化器


# ---- GradientTransformation
class GradientTransformation(NamedTuple):
    # 一对纯函数:init 把参数变成状态;update 把 (更新量, 状态[, 参数]) 变成 (新更新量, 新状态)
    init: Callable[..., Any]
    update: Callable[..., Any]


class EmptyState(NamedTuple):
    """无状态变换的状态。"""


# ---- apply_updates
def apply_updates(params, updates):
    # 增量已经带了负号,直接相加
    return jax.tree.map(jnp.add, params, updates)


def _no_state(params):
    return EmptyState()


# ---- identity
def identity():
    # 原样放行,没有状态
    return GradientTransformation(init=_no_state, update=lambda grads, st, params=None: (grads, st))


# ---- scale
def scale(step_size):
    def step_fn(grads, st, params=None):
        scaled = jax.tree.map(lambda u: u * step_size, grads)
        return scaled, st

    return GradientTransformation(update=step_fn, init=_no_state)


# ---- ScaleByScheduleState
class ScaleByScheduleState(NamedTuple):
    # 调度器的状态
    count: Any   # int32 标量


# ---- scale_by_schedule
def scale_by_schedule(schedule):
    def init_fn(_params):
        first = ScaleByScheduleState(jnp.array(0, dtype=jnp.int32))  # 强类型 int32
        return first

    def step_fn(grads, st, params=None):
        factor = schedule(st.count)                                  # 第 1 步用 count = 0
        out = jax.tree.map(lambda u: u * factor, grads)
        return out, ScaleByScheduleState(st.count + 1)

    return GradientTransformation(update=step_fn, init=init_fn)


# ---- scale_by_learning_rate
def scale_by_learning_rate(lr):
    """乘以 -lr;lr 可以是常数,也可以是调度函数 count -> lr。"""
    if not callable(lr):
        return scale(-lr)
    negated = lambda step: -1.0 * lr(step)
    return scale_by_schedule(negated)


# ---- TraceState
class TraceState(NamedTuple):
    # 动量的状态:速度 v
    trace: Any


def trace(decay: float, nesterov: bool = False):
    """动量:v ← g + decay·v;普通动量输出 v,Nesterov 输出 g + decay·v。"""

    def init_fn(params):
        return TraceState(jax.tree.map(jnp.zeros_like, params))   # 速度从 0 开始

    def step_fn(grads, st, params=None):
        velocity = jax.tree.map(lambda g, v: g + decay * v, grads, st.trace)
        if nesterov:
            return jax.tree.map(lambda g, v: g + decay * v, grads, velocity), TraceState(velocity)
        return velocity, TraceState(velocity)

    return GradientTransformation(update=step_fn, init=init_fn)


# ---- ScaleByAdamState
class ScaleByAdamState(NamedTuple):
    # Adam 的状态
    count: Any   # int32 标量
    mu: Any      # 一阶矩
    nu: Any      # 二阶矩


def scale_by_adam(b1: float = 0.9, b2: float = 0.999, eps: float = 1e-8):
    def init_fn(params):
        zeros = lambda: jax.tree.map(lambda p: jnp.zeros_like(p), params)   # mu、nu 各自独立创建
        return ScaleByAdamState(jnp.array(0, dtype=jnp.int32), zeros(), zeros())

    def step_fn(grads, st, params=None):
        step = st.count + 1
        first = jax.tree.map(lambda old, u: b1 * old + (1.0 - b1) * u, st.mu, grads)
        second = jax.tree.map(lambda old, u: b2 * old + (1.0 - b2) * jnp.square(u), st.nu, grads)
        t = step.astype(jnp.float32)
        fix1, fix2 = 1.0 - jnp.power(b1, t), 1.0 - jnp.power(b2, t)  # 偏差修正
        out = jax.tree.map(lambda m1, m2: (m1 / fix1) / (jnp.sqrt(m2 / fix2) + eps), first, second)
        return out, ScaleByAdamState(step, first, second)

    return GradientTransformation(update=step_fn, init=init_fn)


# ---- add_decayed_weights
def add_decayed_weights(weight_decay: float, mask=None):
    """解耦权重衰减 u ← u + λθ;mask 是与参数同结构的布尔树,或由参数生成它的函数。"""

    def step_fn(grads, st, params=None):
        if mask is None:
            chosen = jax.tree.map(lambda _leaf: True, params)
        elif callable(mask):
            chosen = mask(params)
        else:
            chosen = mask
        decayed = jax.tree.map(lambda u, p, on: (u + weight_decay * p) if on else u, grads, params, chosen)
        return decayed, st

    return GradientTransformation(update=step_fn, init=_no_state)


# ---- clip_by_global_norm
def clip_by_global_norm(max_norm: float):
    def step_fn(grads, st, params=None):
        ratio = jnp.minimum(1.0, max_norm / (1e-12 + global_norm(grads)))
        return jax.tree.map(lambda u: u * ratio, grads), st

    return GradientTransformation(update=step_fn, init=_no_state)


# ---- chain
def chain(*transforms):
    # 依次应用各个变换;状态是各组件状态组成的 tuple
    def init_fn(params):
        return tuple([tr.init(params) for tr in transforms])

    def step_fn(grads, st, params=None):
        collected = []
        for tr, sub in zip(transforms, st):
            grads, sub = tr.update(grads, sub, params)
            collected.append(sub)
        return grads, tuple(collected)

    return GradientTransformation(update=step_fn, init=init_fn)


# ---- sgd
def sgd(lr, momentum=None, nesterov: bool = False):
    """momentum=None:普通 SGD;给了 momentum:trace(momentum, nesterov) 再乘 -lr。"""
    head = identity() if momentum is None else trace(decay=momentum, nesterov=nesterov)
    return chain(head, scale_by_learning_rate(lr))


# ---- adam
def adam(lr, b1: float = 0.9, b2: float = 0.999, eps: float = 1e-8):
    direction = scale_by_adam(b1=b1, b2=b2, eps=eps)
    return chain(direction, scale_by_learning_rate(lr=lr))


# ---- adamw
def adamw(lr, weight_decay: float = 1e-4, b1: float = 0.9, b2: float = 0.999, eps: float = 1e-8,
          mask=None):
    direction = scale_by_adam(b1=b1, b2=b2, eps=eps)
    decay = add_decayed_weights(mask=mask, weight_decay=weight_decay)
    return chain(direction, decay, scale_by_learning_rate(lr=lr))


# ---- warmup_cosine_decay_schedule
def warmup_cosine_decay_schedule(init_value: float, peak_value: float, warmup_steps: int,
                                 decay_steps: int, end_value: float = 0.0):
    """与 optax 同义:线性升温 warmup_steps 步到 peak,再余弦衰减,到第 decay_steps 步降到 end。"""

    def schedule(count):
        t = jnp.asarray(count).astype(jnp.float32)
        ramp = (t / warmup_steps) * (peak_value - init_value) + init_value
        span = decay_steps - warmup_steps
        frac = jnp.clip((t - warmup_steps) / span, 0.0, 1.0)
        cosine = 0.5 * (1.0 + jnp.cos(math.pi * frac))
        decayed = cosine * (peak_value - end_value) + end_value
        return jnp.where(t < warmup_steps, ramp, decayed)

    return schedule


# 5.3 的对拍工具:参数树上的二次函数 L(θ) = Σ ½·a·θ² + c·θ,梯度 a·θ + c
_gen = np.random.default_rng(30)
theta0 = dict(w=jnp.asarray(_gen.standard_normal((3, 2)), dtype=jnp.float32),
              b=jnp.asarray(_gen.standard_normal(2), dtype=jnp.float32))
coef_a = dict(w=jnp.asarray(1.0 + 4.0 * _gen.random((3, 2)), dtype=jnp.float32),
              b=jnp.array([0.5, 2.0], dtype=jnp.float32))
coef_c = dict(w=jnp.asarray(_gen.standard_normal((3, 2)), dtype=jnp.float32),
              b=jnp.array([1.0, -1.0], dtype=jnp.float32))
del _gen


def quad_loss(theta, a, c):
    total = 0.0
    for name in theta:
        total = total + jnp.sum(a[name] * theta[name] ** 2 / 2 + c[name] * theta[name])
    return total


def run_jax(opt, steps=5):
    """用优化器 opt 在二次函数上走 steps 步,返回每步参数(float64 的 dict)组成的列表。"""

    def one(params, opt_state, a, c):
        g_tree = jax.grad(quad_loss)(params, a, c)
        delta, new_opt_state = opt.update(g_tree, opt_state, params)
        moved = apply_updates(params, delta)
        return moved, new_opt_state

    one = jax.jit(one)
    params, opt_state = theta0, opt.init(theta0)
    history = []
    for _ in range(steps):
        params, opt_state = one(params, opt_state, coef_a, coef_c)
        history.append({name: to64(value) for name, value in params.items()})
    return history


def run_numpy(rule, steps: int = 5):
    """NumPy float64 的参考轨迹:rule(t, 名字, θ, g, memo) -> 新 θ,t 从 1 开始,memo 是留给规则存动量的 dict。"""
    theta = {name: to64(value) for name, value in theta0.items()}
    a = {name: to64(value) for name, value in coef_a.items()}
    c = {name: to64(value) for name, value in coef_c.items()}
    memo, history = {}, []
    for t in range(1, steps + 1):
        grads = {name: a[name] * theta[name] + c[name] for name in theta}
        theta = {name: rule(t, name, theta[name], grads[name], memo) for name in theta}
        history.append(theta)
    return history


# ---- check
def check(name, jax_traj, np_traj, rtol: float = 1e-5, atol: float = 1e-5):
    # 逐步比较两条参数轨迹(float32 对 float64),不一致时指出第几步、哪个参数
    largest = 0.0
    for step_no, (mine, ref) in enumerate(list(zip(jax_traj, np_traj)), start=1):
        for leaf in ref:
            gap = float(np.max(np.abs(np.asarray(mine[leaf]) - np.asarray(ref[leaf]))))
            if not np.allclose(mine[leaf], ref[leaf], rtol=rtol, atol=atol):
                raise AssertionError(f"{name}:第 {step_no} 步的 {leaf} 不一致,最大差 {gap:.3g}")
            largest = max(largest, gap)
    print(f"{wpad(name, 34)} {len(np_traj)} 步都一致,最大误差 {largest:.2e}")


# ============================================================== 专题 6 捐赠


class quiet_cpp_stderr(object):
    """with 块里把文件描述符 2 接到 /dev/null:XLA 报错时 C++ 层打的长日志不进输出。"""

    def __enter__(self):
        import os

        self._saved = os.dup(2)
        with open(os.devnull, "wb") as blackhole:
            os.dup2(blackhole.fileno(), 2)
        return self

    def __exit__(self, *exc_info):
        import os

        os.dup2(self._saved, 2)
        os.close(self._saved)
        return False


class TrainStateNT(NamedTuple):
    # 6.6 节训练模板的状态(专题 7 换成注册过的 dataclass)
    step: Any          # int32 标量数组
    params: Any
    opt_state: Any


# ============================================================== 专题 7 TrainState


@dataclasses.dataclass(frozen=True)
# 专题 7.5 的训练状态(冻结的 dataclass,注册成 pytree)
class TrainState:
    step: Any          # int32 标量数组
    params: Any        # 参数树
    opt_state: Any     # 优化器状态
    key: Any           # 类型化 PRNG key
    model_name: str = field(default="mlp", metadata={"static": True})   # 静态:是 treedef 的一部分


TrainState = jax.tree_util.register_dataclass(TrainState)   # 注册成 pytree(静态字段不是叶子)


def param_table(params, title: str = "参数表"):
    # 打印每个参数的路径、形状、dtype、数量和占比;返回总参数量
    entries = []
    for path, leaf in jax.tree_util.tree_flatten_with_path(params)[0]:
        label = jax.tree_util.keystr(path, separator=".", simple=True)
        entries.append((label, leaf))
    grand = sum(int(leaf.size) for _, leaf in entries)
    print(title)
    for label, leaf in entries:
        share = 100.0 * int(leaf.size) / grand
        print(f"  {wpad(label, 16)} {str(tuple(leaf.shape)):<12} {str(leaf.dtype):<8} {int(leaf.size):>8,d} {share:6.1f}%")
    print(f"  总计 {grand:,d} 个参数")
    return grand


# ============================================================== 练习 1:服务函数(题目给定)


# ---- normalize_rows
def normalize_rows(x, eps):
    # 每一行除以自己的 L2 范数(再加 eps)
    row_len = jnp.linalg.norm(x, axis=1, keepdims=True)
    return x / (row_len + eps)


# 模块级的 jit 对象
normalize_jit = jax.jit(normalize_rows)


# ---- serve


def serve(batches, eps_list):
    # 每个请求调用一次 normalize_jit,结果转回 NumPy
    answers = []
    for req, eps in zip(batches, eps_list):
        answers.append(np.asarray(normalize_jit(req, eps)))
    return answers


_gen = np.random.default_rng(70)
ex1_lengths = _gen.integers(5, 120, size=20).tolist()
ex1_batches = [np.asarray(_gen.standard_normal((rows, 8)), dtype=np.float32) for rows in ex1_lengths]
ex1_eps = [jnp.float32(1e-6) if idx % 2 == 0 else 1e-6 for idx in range(20)]   # 数组与 Python float 交替
del _gen


# ============================================================== 练习 2:单 where 版本(题目给定)


def cos_sim_where(a, b):
    len_a = jnp.linalg.norm(a)
    len_b = jnp.linalg.norm(b)
    both = jnp.logical_and(len_a > 0, len_b > 0)
    return jnp.where(both, jnp.vdot(a, b) / (len_a * len_b), 0.0)


# ============================================================== ★ 综合项目的数据


# ---- make_spiral
def make_spiral(key, n_per_class: int, n_classes: int = 3, noise: float = 0.15):
    """三臂螺旋:半径 r ~ U[0, 1],第 j 类的角度 = 4j + 4r + noise·N(0, 1)。返回 (X float32, y int32)。"""
    key_rad, key_ang = jax.random.split(key)
    shape = (n_classes, n_per_class)
    radius = jax.random.uniform(key_rad, shape)
    label = jnp.tile(jnp.arange(n_classes, dtype=jnp.int32)[:, None], (1, n_per_class))
    angle = 4.0 * (label + radius) + noise * jax.random.normal(key_ang, shape)
    coords = jnp.stack((radius * jnp.sin(angle), radius * jnp.cos(angle)), axis=2)
    return coords.reshape(n_classes * n_per_class, 2).astype(jnp.float32), label.reshape(-1)


# ============================================================== ★ 综合项目的零件(训练本身在课文里跑)

N_TRAIN = 1440                              # 1800 个螺旋样本里 1440 个训练、360 个测试
BATCH = 128
EPOCHS = 150
STEPS_PER_EPOCH = N_TRAIN // BATCH          # 11:每轮余下的 32 个样本随机轮空
TOTAL_STEPS = STEPS_PER_EPOCH * EPOCHS      # 1650
# 前 100 步从 0 线性升到 0.01,再余弦降到第 TOTAL_STEPS 步的 1e-4
lr_schedule = warmup_cosine_decay_schedule(warmup_steps=100, init_value=0.0, peak_value=0.01,
                                           end_value=1e-4, decay_steps=TOTAL_STEPS)


def weight_mask(params):
    # 路径最后一段是 "w" 的叶子做权重衰减,偏置不做
    def is_kernel(path, _leaf):
        return path[-1].key == "w"

    return jax.tree.map_with_path(is_kernel, params)


# 裁剪 → Adam 方向 → 只对 w 的解耦衰减 → 乘以 −lr(t)
optimizer = chain(                          # 四段,顺序不能换
    clip_by_global_norm(max_norm=1.0),
    scale_by_adam(b1=0.9, b2=0.999),
    add_decayed_weights(mask=weight_mask, weight_decay=1e-4),   # 偏置不衰减
    scale_by_learning_rate(lr=lr_schedule),
)


def ce_loss(params, X, Y):
    # 平均交叉熵,用稳定的 log_softmax
    logits = mlp_apply(params, X)
    logp = log_softmax_stable(logits, axis=-1)
    own = jnp.take_along_axis(logp, jnp.expand_dims(Y, -1), axis=-1)
    return -own.mean()


def train_epoch(state, X, Y):
    """一个 epoch:用 state.key 打乱,切成 (STEPS_PER_EPOCH, BATCH) 个下标,lax.scan 逐批更新。
    返回 (新 state, 每步 loss, 每步梯度范数)。"""
    carry_key, shuffle_key = jax.random.split(state.key)
    shuffled = jax.random.permutation(shuffle_key, X.shape[0])
    schedule_rows = jnp.reshape(shuffled[: BATCH * STEPS_PER_EPOCH], (STEPS_PER_EPOCH, BATCH))

    def fit_batch(cur, rows):
        value, g = jax.value_and_grad(ce_loss)(cur.params, X[rows], Y[rows])
        delta, next_opt = optimizer.update(g, cur.opt_state, cur.params)
        cur = dataclasses.replace(cur, params=apply_updates(cur.params, delta), opt_state=next_opt,
                                  step=cur.step + 1)
        return cur, (value, global_norm(g))

    final, (losses, gnorms) = lax.scan(fit_batch, dataclasses.replace(state, key=carry_key), schedule_rows)
    return final, losses, gnorms


# 只捐 state,数据不捐
def _jit_donating_state(fn):
    # state 是第 0 个参数:只捐它,数据不捐;训练循环里要立刻覆盖旧 state
    return jax.jit(fn, donate_argnums=0)


train_epoch_jit = _jit_donating_state(train_epoch)


def accuracy_fn(params, X, Y):
    guesses = mlp_apply(params, X).argmax(axis=-1)
    return (guesses == Y).astype(jnp.float32).mean()


accuracy_fn = jax.jit(accuracy_fn)


def grad_norms_all(params, X, Y):
    # 每个样本的梯度范数;lax.map 每块 256 个样本,块内就归约成标量
    def norm_of(sample):
        return per_sample_norm(params, sample[0], sample[1])

    return lax.map(norm_of, (X, Y), batch_size=256)


grad_norms_all = jax.jit(grad_norms_all)
