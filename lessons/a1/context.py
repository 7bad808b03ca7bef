# 进阶第 1 章上下文:本章正文在练习之前定义过的名字,按小节排列。
# 你的代码运行之前,这些名字都已经存在,可以直接用,也可以重新定义覆盖。
import contextlib
import functools
import io
import time

import jax
from jax import lax
import jax.numpy as jnp
import numpy as np

# 打印 jaxpr 时关掉 ANSI 颜色码,这样 str(jaxpr) 才能直接做 "scan[" in ... 这样的字符串判断。
jax.config.update(name="jax_pprint_use_color", val=False)

# 本章用来数“通过了几条断言”的小工具。
N_ASSERT = 0


def check(cond, msg=""):
    """cond 为假:抛出 AssertionError(msg);为真:N_ASSERT 加 1。"""
    global N_ASSERT
    if not cond:
        raise AssertionError(msg)
    N_ASSERT = N_ASSERT + 1


def bench(f, *args, n=20):
    """计时(毫秒,取中位数):先调用一次把编译排除在外,再重复 n 次。"""

    def once():
        return jax.block_until_ready(f(*args))

    once()
    laps = np.empty(n)
    for i in range(n):
        tic = time.perf_counter()
        once()
        laps[i] = time.perf_counter() - tic
    return float(np.median(laps)) * 1000.0


# 1.1 节的线性模型:params = (w, b),预测 w·x + b,损失是平方误差的均值。
def loss_fn(params, x, y_true):
    w, b = params
    residual = jnp.dot(w, x) + b - y_true
    return jnp.mean(residual * residual)


def predict(params,  # (w, b)
            x):
    """线性模型的预测 wᵀx + b。"""
    weight, bias = params
    return bias + jnp.dot(weight, x)


# 对 (w, b) 求导,结果也是二元组
grad_loss_fn = jax.grad(loss_fn)


def slow_f(x):
    """a1.1 节计时用的逐元素函数(x 取 [0, 1) 时处处有定义)。"""
    return jnp.log(x + 1.0) + x * jnp.sin(x)


fast_f = jax.jit(slow_f)


def simple_affine(w, b, x):
    """单个样本的仿射变换 w·x + b。"""
    return jnp.dot(w, x) + b


def mean_loss(params,  # 整批共用
              xs, ys):  # 沿第 0 轴成批
    """一批样本上 loss_fn 的平均值。"""
    each = jax.vmap(loss_fn, (None, 0, 0))
    return jnp.mean(each(params, xs, ys))


# 1.2 节:scan
def py_loop_sum(x, n):
    """Python 循环把 x 加 n 次:n 必须是 Python 整数(在 jit 里会被展开)。"""
    total = 0.0
    for _ in range(n):
        total = total + x
    return total


def cumulative_sum_step(carry,  # 截至上一步的和
                        x):
    """累加和的循环体:新 carry 同时作为本步输出。"""
    running = carry + x
    return running, running


def rnn_step(params,  # 含 W_hh、W_xh、b_h
             h_prev, x_t):
    """简单 RNN 的一步。返回 (新 carry, 本步输出)。"""
    pre = params["b_h"] + params["W_xh"] @ x_t + params["W_hh"] @ h_prev
    hidden = jnp.tanh(pre)
    return hidden, hidden


@jax.jit
def run_rnn_scan(params,  # 权重作为参数传入,不靠闭包
                 h0, xs):
    """返回 (最终隐状态, 每步隐状态)。"""
    def body(h, x):
        return rnn_step(params, h, x)

    return lax.scan(body, h0, xs)


def generate_powers_of_2(carry,  # 当前的 2 的幂
                         _):
    """xs=None 时第二个参数收到 None;输出当前值,carry 翻倍。"""
    return carry * 2, carry


# 1.3 节:cond
def lax_conditional_process(x):  # 任意形状的数组
    """sum(x) > 0 时逐元素平方,否则立方。"""
    return lax.cond(jnp.sum(x) > 0, lambda v: v * v, lambda v: v * v * v, x)


# 1.4 节:while_loop
def find_power_of_two(n):
    """不小于 n 的最小 2 的幂。"""
    return lax.while_loop(lambda p: p < n, lambda p: p * 2, 1)


def power_loop(x):
    """用 while_loop 乘 5 次得到 x⁵(只能前向求导)。"""
    def keep_going(state):
        return state[0] < 5

    def one_more(state):
        return state[0] + 1, state[1] * x

    return lax.while_loop(keep_going, one_more, (0, 1.0))[1]


def fl_static(x):
    """上下界是 Python 常量的 fori_loop:x⁵,会被改写成 scan。"""
    def times_x(_, acc):
        return acc * x

    return lax.fori_loop(0, 5, times_x, 1.0)


def fl_dynamic(x, n):
    """上下界可能是 traced 值的 fori_loop:xⁿ,那时变成 while。"""
    def times_x(_, acc):
        return acc * x

    return lax.fori_loop(0, n, times_x, 1.0)


def collatz_steps(n):
    """Collatz 序列从 n 走到 1 的步数(while_loop)。"""
    def one_step(state):
        value, count = state
        return jnp.where(value % 2 == 0, value // 2, 3 * value + 1), count + 1

    return lax.while_loop(lambda state: state[0] > 1, one_step, (n, 0))[1]


def collatz_py(n):
    """同一件事的 Python 版本,用来对拍。"""
    count = 0
    while n != 1 and n > 0:
        n = 3 * n + 1 if n % 2 else n // 2
        count += 1
    return count


# 1.5 节:控制流与变换组合
def conditional_computation(x,  # 数组
                            threshold=5.0):
    """sum(x) ≥ threshold 时乘 2,否则除以 2。"""
    return lax.cond(jnp.sum(x) >= threshold, lambda v: v * 2.0, lambda v: v / 2.0, x)


def simple_rnn_step(carry,  # 上一步的隐状态 h
                    x_t):
    """标量 RNN:h ← tanh(0.5·x + 0.8·h + 0.1)。"""
    h_new = jnp.tanh(0.5 * x_t + 0.8 * carry + 0.1)
    return h_new, h_new


def run_rnn(initial_hidden,  # h₀
            inputs):
    """所有隐状态之和(对 initial_hidden 求导就是 BPTT)。"""
    _, states = lax.scan(simple_rnn_step, initial_hidden, inputs)
    return jnp.sum(states)


grad_run_rnn = jax.grad(run_rnn)  # 对第 0 个参数 h₀ 求导


def conditional_loss(params,  # p
                     x):
    """sum(x) > 0 时损失 Σ pᵢxᵢ,否则 Σ pᵢ/(xᵢ + 1e-5);梯度只走执行的那一支。"""
    return lax.cond(jnp.sum(x) > 0,
                    lambda p: jnp.sum(p * x),
                    lambda p: jnp.sum(p / (x + 1e-5)), params)


def threshold_from_params(params,  # 阈值取它们的平均值
                          x):
    limit = jnp.mean(params)
    return conditional_computation(x, limit)


def total_output(params,  # 整批共用
                 xs):  # 沿第 0 轴成批
    """先 vmap,再归约成标量,才能求 grad。"""
    per_row = jax.vmap(threshold_from_params, (None, 0))
    return jnp.sum(per_row(params, xs))


# 1.6 节:scan 里的掩码放在 xs 里逐步读取
def masked_scan_body(hidden_state,  # carry
                     inp):  # (本步输入, 本步是否有效)
    """有效步:h ← 0.9·h + 0.1·x,输出 2h;填充步:h 不变,输出 0。"""
    x_t, valid = inp
    candidate = 0.9 * hidden_state + 0.1 * x_t
    h_new = jnp.where(valid, candidate, hidden_state)
    return h_new, jnp.where(valid, 2.0 * h_new, 0.0)


@jax.jit
def masked_run(inputs,  # (B, T)
               masks):  # (B, T) bool
    """vmap 管批维,scan 管时间维:返回 (每条的最终状态, 每步输出)。"""
    def one_sequence(seq, valid):
        return lax.scan(masked_scan_body, jnp.zeros(()), (seq, valid))

    return jax.vmap(one_sequence)(inputs, masks)


# 1.7 节:闭包与暂存
def create_multiplier(factor):
    """每次调用都得到一个新的闭包。"""
    def multiplier(x):
        return factor * x  # factor 来自外层作用域

    return multiplier


@jax.jit
def apply_scale_arg(x,  # 数组
                    factor):
    """会变的值作为参数传入:值变了不重新编译。"""
    return x * factor


def create_dense_layer(output_size):
    """闭包只承载静态配置(输出宽度);权重作为参数传入。"""
    def apply_layer(params,  # {'W', 'b'}
                    x):
        # 形状是静态的,追踪时就能检查
        assert output_size == params["W"].shape[-1]
        return jax.nn.relu(params["b"] + x @ params["W"])

    return apply_layer


# 1.8 节:简化 GRU(zₜ → 1 时取候选状态)
sigmoid = jax.nn.sigmoid  # 门用的激活
tanh = jnp.tanh  # 候选状态用的激活


def initialize_gru_params(key,  # 一把 key 拆成 6 把
                          input_dim, hidden_dim):
    """每个 W、U 一把 key,缩放 0.01;偏置为 0。"""
    keys = jax.random.split(key, num=6)
    params = {}
    for i, gate in enumerate("zrh"):
        params["W" + gate] = 0.01 * jax.random.normal(keys[2 * i], (hidden_dim, input_dim))
        params["U" + gate] = 0.01 * jax.random.normal(keys[2 * i + 1], (hidden_dim, hidden_dim))
        params["b" + gate] = jnp.zeros((hidden_dim,))
    return params


def gru_step(params,  # initialize_gru_params 的结果
             h_prev, x_t):
    """返回 (新隐状态, 新隐状态):前者是 carry,后者被收集成输出序列。"""
    z = sigmoid(params["Wz"] @ x_t + params["Uz"] @ h_prev + params["bz"])
    r = sigmoid(params["Wr"] @ x_t + params["Ur"] @ h_prev + params["br"])
    candidate = tanh(params["Wh"] @ x_t + params["Uh"] @ (r * h_prev) + params["bh"])
    h_new = (1.0 - z) * h_prev + z * candidate
    return h_new, h_new


def gru_sequence(params,  # 权重
                 initial_h, inputs):
    """整条序列:返回 (最终隐状态, 每步隐状态)。"""
    def body(h, x):
        return gru_step(params, h, x)

    return lax.scan(body, initial_h, inputs)


def gru_numpy(params, h0, xs):
    """NumPy float64 的 Python 循环参考:返回 (最终隐状态, 每步隐状态)。"""
    q = {name: np.asarray(value, np.float64) for name, value in params.items()}

    def logistic(a):
        return 1.0 / (1.0 + np.exp(-a))

    h, trail = np.array(h0, dtype=np.float64), []
    for x_t in np.array(xs, dtype=np.float64):
        z = logistic(q["Wz"] @ x_t + q["Uz"] @ h + q["bz"])
        r = logistic(q["Wr"] @ x_t + q["Ur"] @ h + q["br"])
        h = (1.0 - z) * h + z * np.tanh(q["Wh"] @ x_t + q["Uh"] @ (r * h) + q["bh"])
        trail.append(h)
    return h, np.stack(trail)


def gru_loss(params, h0, xs):
    """最终隐状态的平方和。"""
    return jnp.sum(jnp.square(gru_sequence(params, h0, xs)[0]))


# 1.8 节综合实践 A:LSTM 的初始化。四个门沿第 0 维堆叠,行块顺序是 i、f、o、g:
# W 形状 (4H, D),U 形状 (4H, H),b 形状 (4H,);遗忘门 f 那一块(第 H 到 2H 行)的偏置为 1。
def init_lstm(key, D, H):
    key_in, key_rec = jax.random.split(key)
    scale_in, scale_rec = 1.0 / np.sqrt(D), 1.0 / np.sqrt(H)
    forget_one = jnp.concatenate([jnp.zeros(H), jnp.ones(H), jnp.zeros(2 * H)])
    return {
        "W": scale_in * jax.random.normal(key_in, (4 * H, D)),
        "U": scale_rec * jax.random.normal(key_rec, (4 * H, H)),
        "b": forget_one,
    }


# 1.8 节综合实践 B 的右端函数:简谐振子 x'' = -ω² x,状态 y = (x, v),args 就是 ω。
def oscillator(t, y, omega):
    position, velocity = y[0], y[1]
    return jnp.stack([velocity, -(omega * omega) * position])


def lstm_numpy(params, xs):
    """NumPy float64 参考:一条序列(只含真实长度)跑完后的最终 h。门的顺序 i、f、o、g。"""
    q = {name: np.asarray(value, np.float64) for name, value in params.items()}

    def logistic(a):
        return 1.0 / (1.0 + np.exp(-a))

    h = np.zeros(q["U"].shape[1])
    c = np.zeros_like(h)
    for x_t in np.array(xs, dtype=np.float64):
        i, f, o, g = np.split(q["W"] @ x_t + q["U"] @ h + q["b"], 4)
        c = logistic(f) * c + logistic(i) * np.tanh(g)
        h = logistic(o) * np.tanh(c)
    return h


def rk4_numpy(y, omega, h, n):
    """NumPy float64 的 RK4 参考(简谐振子):返回 (终点状态, 每步之后的状态)。"""
    def rhs(state):
        return np.array([state[1], -omega * omega * state[0]])

    y, path = np.asarray(y, np.float64), []
    for _ in range(n):
        k1 = rhs(y)
        k2 = rhs(y + 0.5 * h * k1)
        k3 = rhs(y + 0.5 * h * k2)
        k4 = rhs(y + h * k3)
        y = y + (h / 6.0) * (k1 + 2.0 * k2 + 2.0 * k3 + k4)
        path.append(y)
    return y, np.stack(path)
