# 第 6 章上下文:笔记本在各练习之前已经定义好的名字。
# 你的答案运行前,这些名字都已存在(与原笔记本同名同签名),可以直接使用或覆盖。
import sys
import warnings
from typing import Callable, NamedTuple  # NamedTuple:本章所有状态容器的基础
from functools import partial  # 配合 jax.jit 的 static_argnames 使用
from dataclasses import field, dataclass  # 6.4 节的 register_dataclass 示例

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax


# =============================================================================================
# 6.4 节 🔍 自定义状态容器:最早的 TrainState 只有两个字段。
# (补充练习 1 会重新定义一个带 ema_params 的 TrainState,覆盖这里的版本。)
class TrainState(NamedTuple):  # 6.4 节的两字段版本
    step: jax.Array  # 已训练的步数
    params: dict  # 模型参数(任意 PyTree)


# =============================================================================================
# 6.6 节:标量参数上的动量法。Sutskever 写法:速度里已经乘进了学习率。
class OptimizerState(NamedTuple):  # 参数 + 速度
    params: jax.Array  # 当前参数
    velocity: jax.Array  # 当前速度


def momentum_update(state,  # 旧状态
                    gradients,  # 本步梯度
                    learning_rate, momentum):  # 两个超参数都是普通(动态)参数
    """旧优化器状态进,新优化器状态出:v ← μ·v + η·g,θ ← θ − v。"""
    v_next = state.velocity * momentum + gradients * learning_rate
    return OptimizerState(params=state.params - v_next, velocity=v_next)


# =============================================================================================
# 6.6 节 🔍 通用 PyTree 优化器(接口仿照 Optax):
#   opt.init(参数树)                 -> 优化器状态(与参数同结构的 PyTree)
#   opt.update(梯度, 状态[, 参数])   -> (增量, 新状态)
#   apply_updates(params, updates)        -> 逐叶子相加;所以 updates 自己带负号
class Optimizer(NamedTuple):  # 一对纯函数
    init: Callable  # 参数树 -> 初始状态
    update: Callable  # (梯度, 状态[, 参数]) -> (增量, 新状态)


def _zeros_tree(tree):
    """与 tree 同结构的全零树(每次调用都新建数组)。"""
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
_root_key = jax.random.key(0)
key, _k_points, _k_weights = jax.random.split(_root_key, 3)
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


class _LazyResults(dict):
    """笔记本里的 results:三种优化器各训练 1000 步的逐步损失。
    为了让上下文加载得快,第一次用到某一项时才训练(之后缓存)。"""

    _RECIPES = {
        "SGD": lambda: sgd_momentum(0.01, 0.0),
        "SGD+动量": lambda: sgd_momentum(0.01, 0.9),
        "Adam": lambda: adam(0.01),
    }

    def __missing__(self, name):
        if name not in self._RECIPES:
            raise KeyError(name)
        _, _, losses = make_train(self._RECIPES[name](), 1000)(params0, X, Y)
        dict.__setitem__(self, name, losses)
        return losses

    def _fill(self):
        for name in self._RECIPES:
            self[name]

    def keys(self):
        self._fill()
        return dict.keys(self)

    def values(self):
        self._fill()
        return dict.values(self)

    def items(self):
        self._fill()
        return dict.items(self)

    def __iter__(self):
        self._fill()
        return dict.__iter__(self)

    def __len__(self):
        return len(self._RECIPES)

    def __contains__(self, name):
        return name in self._RECIPES

    def __repr__(self):
        self._fill()
        return dict.__repr__(self)


results = _LazyResults()


# =============================================================================================
# 6.7 节:线性模型 ŷ = w·x + b;参数字典就是状态
def predict_and_update(params,  # 状态
                       x):
    """返回预测值和(原样的)参数状态。"""
    return params["w"] * x + params["b"], params  # 参数不变


def loss_fn_linear(params,  # 对它求导
                   x, y_target):
    y_hat = predict_and_update(params, x)[0]
    return jnp.mean(jnp.square(y_hat - y_target))


# 三个点恰好落在 w = 2.5、b = 1.0 的直线上。
x_data = jnp.asarray([1.0, 2.0, 3.0])  # 输入
y_data = jnp.asarray([3.5, 5.5, 7.5])  # 目标


def training_step(params,  # 状态
                  x, y_target,  # 数据
                  learning_rate):  # 动态的学习率
    """一步梯度下降:返回 (损失, 新参数)。"""
    grad_fn = jax.value_and_grad(fun=loss_fn_linear)
    value, g = grad_fn(params, x, y_target)
    return value, jax.tree.map(lambda p, d: p - learning_rate * d, params, g)
