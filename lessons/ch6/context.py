# 第 6 章上下文:本章正文在练习之前定义过的名字,按小节排列。
# 你的代码运行之前,这些名字都已经存在,可以直接使用,也可以重新定义覆盖。
import sys
import warnings
from collections.abc import Mapping as _Mapping  # results 按需训练
from typing import Callable, NamedTuple  # NamedTuple:本章所有状态容器的基础
from functools import partial  # 配合 jax.jit 的 static_argnames / donate_argnums 使用
from dataclasses import field, dataclass  # 6.4 节的 register_dataclass 示例

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax


# 6.1–6.3 节:纯函数与显式状态传递
def pure_add(a, b):
    """纯函数:只看参数,只交回结果。"""
    return a + b


def update_state_pure(value,  # 状态:一个普通数组
                      increment):
    """不改任何对象,新状态从返回值里出来。"""
    return value + increment


def init_counter_state():
    return 0  # 计数器的初始状态


def increment(current_state):  # 旧状态进,新状态出
    return current_state + 1


# 6.4 节:PyTree 状态
def update_params(params,  # 参数树
                  grads,  # 与参数同结构
                  learning_rate):
    """逐叶子做一步 SGD,返回新的参数树。"""
    return jax.tree.map(lambda leaf, g: leaf - learning_rate * g, params, grads)


# 🔍 自定义状态容器:最早的 TrainState 只有两个字段。
# (练习 6.6 会重新定义一个带 ema_params 的 TrainState,覆盖这里的版本。)
class TrainState(NamedTuple):  # 6.4 节的两字段版本
    step: jax.Array  # 已训练的步数
    params: dict  # 模型参数(任意 PyTree)


# 显式列出数据字段与静态字段的冻结 dataclass
@dataclass(frozen=True)
class Linear:
    w: jax.Array  # 叶子
    b: jax.Array  # 叶子
    name: str  # 静态元数据:不是叶子


jax.tree_util.register_dataclass(Linear, data_fields=["w", "b"], meta_fields=["name"])


# 不给字段表:metadata 里标了 static 的字段被推断为静态
@dataclass(frozen=True)
class AdamConfig:
    lr: jax.Array  # 叶子
    b1: float = field(metadata={"static": True}, default=0.9)


jax.tree_util.register_dataclass(AdamConfig)


@jax.jit
def forward(layer,  # Linear 这样的容器可以直接穿过 jit
            x):
    return jnp.dot(x, layer.w) + jnp.sum(layer.b)


# 6.5 节:scan 的主体函数,carry 就是状态
def scan_body(carry_state, _):
    """计数器加 1;这一步没有要记录的输出。"""
    return carry_state + 1, None


def running_mean_body(carry, x):  # carry = {'sum', 'n'}
    total = carry["sum"] + x
    count = carry["n"] + 1
    return {"sum": total, "n": count}, total / count  # 每步输出当前平均值


# 6.6 节:f(x) = (x − 3)² 上的梯度下降;参数本身就是状态
def objective_function(x):
    return jnp.square(x - 3.0)


grad_fn = jax.grad(objective_function)  # 梯度 2(x − 3)


def sgd_update(params,  # 旧参数进,新参数出
               gradients, learning_rate):
    return params - gradients * learning_rate


# 动量法。Sutskever 写法:速度里已经乘进了学习率。
class OptimizerState(NamedTuple):  # 参数 + 速度
    params: jax.Array  # 当前参数
    velocity: jax.Array  # 当前速度


def momentum_update(state,  # 旧状态
                    gradients,  # 本步梯度
                    learning_rate, momentum):  # 两个超参数都是普通(动态)参数
    """旧优化器状态进,新优化器状态出:v ← μ·v + η·g,θ ← θ − v。"""
    v_next = state.velocity * momentum + gradients * learning_rate
    return OptimizerState(params=state.params - v_next, velocity=v_next)


def run_momentum(mu,  # 动量系数
                 lr=0.1, steps=20):
    """从 0 出发,用 momentum_update 走 steps 步,返回最终参数(Python float)。"""
    state = OptimizerState(params=jnp.zeros(()), velocity=jnp.zeros(()))
    for _ in range(steps):
        state = momentum_update(state, grad_fn(state.params), lr, mu)
    return float(state.params)


# 6.6 节 🔍 通用 PyTree 优化器(接口与 Optax 相同):
#   opt.init(参数树)                 -> 优化器状态(与参数同结构的 PyTree)
#   opt.update(梯度, 状态, params=None) -> (增量, 新状态)
#   apply_updates(params, updates)        -> 逐叶子相加;所以 updates 自己带负号
class Optimizer(NamedTuple):  # 一对纯函数
    init: Callable  # 参数树 -> 初始状态
    update: Callable  # (梯度, 状态[, 参数]) -> (增量, 新状态)


def _zeros_tree(tree):  # 与 tree 同结构的全零树(每次调用都新建数组)
    return jax.tree.map(jnp.zeros_like, tree)


def apply_updates(params,  # 参数树
                  updates):  # 与参数同结构的增量树
    return jax.tree.map(jnp.add, params, updates)  # 下降方向的负号在 updates 里


class MomentumState(NamedTuple):  # 动量 SGD 的状态
    velocity: dict  # Optax 里叫 trace


def sgd_momentum(lr,  # 学习率
                 momentum=0.9):
    """动量 SGD(Optax/PyTorch 写法):v ← μ·v + g,Δθ = −η·v。momentum=0 即普通 SGD。"""

    def init(tree):
        return MomentumState(velocity=_zeros_tree(tree))

    def update(grads, opt_state,  # params 不用,只为接口统一
               params=None):
        vel = jax.tree.map(lambda old, g: old * momentum + g, opt_state.velocity, grads)
        delta = jax.tree.map(lambda v: v * (-lr), vel)
        return delta, MomentumState(velocity=vel)

    return Optimizer(init=init, update=update)  # 两个闭包共享超参数


class AdamState(NamedTuple):  # 步数 + 两个矩
    count: jax.Array  # 已经更新的次数 t
    mu: dict  # 一阶矩
    nu: dict  # 二阶矩


def adam(lr,  # 学习率
         b1=0.9, b2=0.999, eps=1e-8):
    """带偏差修正的 Adam。"""

    def init(params):
        # mu 与 nu 各自新建一份零数组:两者共用同一缓冲区,在 donate_argnums 下会出错
        first = _zeros_tree(params)
        second = _zeros_tree(params)
        return AdamState(jnp.zeros((), jnp.int32), first, second)

    def update(grads, opt_state,  # 与动量 SGD 相同的接口
               params=None):
        t = opt_state.count + 1  # 本次是第 t 步
        m = jax.tree.map(lambda old, g: b1 * old + (1 - b1) * g, opt_state.mu, grads)
        v = jax.tree.map(lambda old, g: b2 * old + (1 - b2) * jnp.square(g), opt_state.nu, grads)
        fix1, fix2 = 1 - b1 ** t, 1 - b2 ** t  # 偏差修正的分母

        def leaf_step(m_leaf, v_leaf):
            return -lr * (m_leaf / fix1) / (jnp.sqrt(v_leaf / fix2) + eps)

        return jax.tree.map(leaf_step, m, v), AdamState(t, m, v)

    return Optimizer(init=init, update=update)  # 两个闭包共享超参数


# 用一个各坐标曲率不同的二次函数,把上面的优化器和 NumPy float64 手算逐步对拍。
A = np.asarray([1.0, 4.0, 0.25], np.float32)  # 每个坐标的曲率
C = np.asarray([3.0, -1.0, 2.0], np.float32)  # 最优点


def quad_loss(p):
    """f = ½·Σ aᵢ(xᵢ − cᵢ)²,参数树 {'x': 形状 (3,)}。"""
    return 0.5 * jnp.sum(A * jnp.square(p["x"] - C))


def numpy_adam_reference(x,  # 起点
                         steps, lr=0.1, b1=0.9, b2=0.999, eps=1e-8):
    """从起点 x 出发,NumPy float64 手算的 Adam 轨迹:每一步之后的 x 组成的列表。"""
    x = np.asarray(x, dtype=np.float64)
    a64, c64 = A.astype(np.float64), C.astype(np.float64)
    first, second, path = np.zeros_like(x), np.zeros_like(x), []
    for t in range(1, steps + 1):
        g = a64 * (x - c64)
        first = b1 * first + (1.0 - b1) * g
        second = b2 * second + (1.0 - b2) * g * g
        unbiased1 = first / (1.0 - b1 ** t)
        unbiased2 = second / (1.0 - b2 ** t)
        x = x - lr * unbiased1 / (np.sqrt(unbiased2) + eps)
        path.append(x.copy())
    return path


def numpy_momentum_reference(x,  # 起点
                             steps, lr=0.1, mu=0.9):
    """NumPy float64 手算的动量 SGD(v ← μ·v + g,x ← x − η·v)轨迹。"""
    x = np.asarray(x, dtype=np.float64)
    a64, c64 = A.astype(np.float64), C.astype(np.float64)
    vel, path = np.zeros_like(x), []
    for _ in range(steps):
        vel = mu * vel + a64 * (x - c64)
        x = x - lr * vel
        path.append(x.copy())
    return path


def run_jax_optimizer(opt, steps):
    """从 x = 0 出发在 quad_loss 上走 steps 步:返回 (每步之后的 x 列表, 最终优化器状态)。"""
    p = {"x": jnp.zeros(3)}
    opt_state = opt.init(p)
    path = []
    for _ in range(steps):
        delta, opt_state = opt.update(jax.grad(quad_loss)(p), opt_state, p)
        p = apply_updates(p, delta)
        path.append(np.asarray(p["x"]))
    return path, opt_state


# 小型 tanh MLP:参数是一个列表,每层一个 {'w', 'b'} 字典(He 风格的缩放)。
def init_mlp(key,  # 随机数 key
             sizes=(1, 32, 32, 1)):
    layer_keys = jax.random.split(key, num=len(sizes) - 1)  # 每层一把 key
    layers = []
    for i, k in enumerate(layer_keys):
        fan_in, fan_out = sizes[i], sizes[i + 1]
        w = jax.random.normal(k, (fan_in, fan_out)) * jnp.sqrt(2.0 / fan_in)
        layers.append({"w": w, "b": jnp.zeros(fan_out)})
    return layers


def mlp(params, x):
    *hidden, last = params
    h = x
    for layer in hidden:
        h = jnp.tanh(h @ layer["w"] + layer["b"])
    return h @ last["w"] + last["b"]  # 输出层不加激活


def loss_fn(params, x, y):
    """均方误差。"""
    return jnp.mean(jnp.square(mlp(params, x) - y))


# 拟合 y = sin(x) 的数据:256 个点,x 在 [-3, 3] 上均匀分布。
key, _k_points, _k_weights = jax.random.split(jax.random.key(0), 3)  # 数据一把、初始参数一把
X = jax.random.uniform(_k_points, (256, 1), jnp.float32, -3.0, 3.0)  # 形状 (256, 1)
Y = jnp.sin(X)  # 目标
params0 = init_mlp(_k_weights)  # 三种优化器共用的初始参数


def make_train(optimizer,  # 任意 Optimizer
               num_steps):  # 训练步数(静态的 Python 整数)
    """得到一个编译好的 train(params, x, y) -> (params, opt_state, losses)。
    (params, opt_state) 是 lax.scan 的 carry;losses 是每步的损失,形状 (num_steps,)。
    数据作为参数传进来,而不是被闭包捕获。"""

    loss_and_grad = jax.value_and_grad(loss_fn)

    @jax.jit
    def train(params, x, y):  # 整个训练是一个编译好的程序
        def one_step(carry, _unused):
            p, s = carry
            value, g = loss_and_grad(p, x, y)  # x、y 是 train 的参数(tracer)
            delta, s = optimizer.update(g, s, p)
            p = apply_updates(p, delta)
            return (p, s), value  # carry = 状态,输出 = 本步损失

        start = (params, optimizer.init(params))
        (p_end, s_end), trace = lax.scan(one_step, start, xs=None, length=num_steps)
        return p_end, s_end, trace

    return train


class _LazyResults(_Mapping):
    """三种优化器各训练 1000 步的逐步损失;第一次用到某一项时才训练(上下文加载得快),之后缓存。"""

    _RECIPES = {
        "SGD": lambda: sgd_momentum(0.01, 0.0),
        "SGD+动量": lambda: sgd_momentum(0.01, 0.9),
        "Adam": lambda: adam(0.01),
    }

    def __init__(self):
        self._trained = {}

    def __getitem__(self, name):
        if name not in self._trained:
            optimizer = self._RECIPES[name]()  # 名字不对:KeyError
            self._trained[name] = make_train(optimizer, 1000)(params0, X, Y)[2]
        return self._trained[name]

    def __iter__(self):
        return iter(self._RECIPES)

    def __len__(self):
        return len(self._RECIPES)

    def __repr__(self):
        return repr(dict(self.items()))


results = _LazyResults()


# 6.6 节 🔍 donate_argnums:训练步捐赠参数和优化器状态,数据不捐赠
opt = adam(0.01)  # 捐赠示例用的优化器


@partial(jax.jit, donate_argnames=("params", "opt_state"))
def train_step_donated(params, opt_state,  # 被捐赠:调用后旧引用作废
                       x, y):  # 每一步都要用的数据:不捐赠
    value, g = jax.value_and_grad(loss_fn)(params, x, y)
    delta, new_state = opt.update(g, opt_state, params)
    return apply_updates(params, delta), new_state, value


def adam_init_shared(params):
    """❌ 反例:mu 与 nu 指向同一批零数组。不捐赠时没事,一捐赠就出错。"""
    shared = _zeros_tree(params)
    return AdamState(jnp.zeros((), jnp.int32), shared, shared)  # mu is nu


# 6.7 节:状态与 jit / grad / vmap
def stateful_counter(count_state,  # {'count': 数组}
                     increment):
    """计数器状态进,新状态出。"""
    return {"count": count_state["count"] + increment}


# 线性模型 ŷ = w·x + b;参数字典就是状态
def predict_and_update(params,  # 状态
                       x):
    """返回预测值和(原样的)参数状态。"""
    return params["w"] * x + params["b"], params  # 参数不变


def loss_fn_linear(params,  # 对它求导
                   x, y_target):
    y_hat = predict_and_update(params, x)[0]
    return jnp.mean(jnp.square(y_hat - y_target))


# 三个点恰好落在 w = 2、b = 1.5 的直线上。
x_data = jnp.asarray([1.0, 2.0, 3.0])  # 输入
y_data = jnp.asarray([3.5, 5.5, 7.5])  # 目标


def training_step(params,  # 状态
                  x, y_target,  # 数据
                  learning_rate):  # 动态的学习率
    """一步梯度下降:返回 (损失, 新参数)。"""
    grad_fn = jax.value_and_grad(fun=loss_fn_linear)
    value, g = grad_fn(params, x, y_target)
    return value, jax.tree.map(lambda p, d: p - learning_rate * d, params, g)


# 对第 0 个参数(整棵参数树)求导:梯度与参数同结构
grad_fn_linear = jax.grad(loss_fn_linear)


def loss_with_stats(params,  # 被求导
                    x, y, stats):
    """返回 (损失, 新统计量 stats):配合 value_and_grad(..., has_aux=True) 使用。"""
    pred = params["w"] * x + params["b"]
    updated = {"pred_mean": 0.9 * stats["pred_mean"] + 0.1 * jnp.mean(pred),
               "calls": stats["calls"] + 1}
    return jnp.mean(jnp.square(pred - y)), updated
