# Context of advanced chapter 1: the names the lessons define before the exercises, by section.
# They all exist before your code runs; use them directly, or redefine them to override.
import contextlib
import functools
import io
import time

import jax
from jax import lax
import jax.numpy as jnp
import numpy as np

# Turn off ANSI colour codes when printing jaxprs, so str(jaxpr) works with string tests like "scan[" in ....
jax.config.update(name="jax_pprint_use_color", val=False)

# A small tool this chapter uses to count how many assertions passed.
N_ASSERT = 0


def check(cond, msg=""):
    """cond false: raise AssertionError(msg); true: add 1 to N_ASSERT."""
    global N_ASSERT
    if not cond:
        raise AssertionError(msg)
    N_ASSERT = N_ASSERT + 1


def bench(f, *args, n=20):
    """Timing (milliseconds, median): call once to leave compilation out, then repeat n times."""

    def once():
        return jax.block_until_ready(f(*args))

    once()
    laps = np.empty(n)
    for i in range(n):
        tic = time.perf_counter()
        once()
        laps[i] = time.perf_counter() - tic
    return float(np.median(laps)) * 1000.0


# The linear model of section a1.1: params = (w, b), prediction w·x + b, loss is the mean squared error.
def loss_fn(params, x, y_true):
    w, b = params
    residual = jnp.dot(w, x) + b - y_true
    return jnp.mean(residual * residual)


def predict(params,  # (w, b)
            x):
    """Prediction of the linear model, wᵀx + b."""
    weight, bias = params
    return bias + jnp.dot(weight, x)


# Differentiates with respect to (w, b); the result is a pair too
grad_loss_fn = jax.grad(loss_fn)


def slow_f(x):
    """Elementwise function for the timing in section a1.1 (defined everywhere for x in [0, 1))."""
    return jnp.log(x + 1.0) + x * jnp.sin(x)


fast_f = jax.jit(slow_f)


def simple_affine(w, b, x):
    """Affine map of a single example, w·x + b."""
    return jnp.dot(w, x) + b


def mean_loss(params,  # shared by the whole batch
              xs, ys):  # batched along axis 0
    """Mean of loss_fn over a batch of examples."""
    each = jax.vmap(loss_fn, (None, 0, 0))
    return jnp.mean(each(params, xs, ys))


# Section a1.2: scan
def py_loop_sum(x, n):
    """A Python loop adding x n times: n must be a Python integer (unrolled inside jit)."""
    total = 0.0
    for _ in range(n):
        total = total + x
    return total


def cumulative_sum_step(carry,  # sum up to the previous step
                        x):
    """Body of a running sum: the new carry is also this step's output."""
    running = carry + x
    return running, running


def rnn_step(params,  # holds W_hh, W_xh, b_h
             h_prev, x_t):
    """One step of a simple RNN. Returns (new carry, this step's output)."""
    pre = params["b_h"] + params["W_xh"] @ x_t + params["W_hh"] @ h_prev
    hidden = jnp.tanh(pre)
    return hidden, hidden


@jax.jit
def run_rnn_scan(params,  # weights passed as an argument, not through a closure
                 h0, xs):
    """Returns (final hidden state, hidden state of every step)."""
    def body(h, x):
        return rnn_step(params, h, x)

    return lax.scan(body, h0, xs)


def generate_powers_of_2(carry,  # the current power of 2
                         _):
    """With xs=None the second argument receives None; outputs the current value, doubles the carry."""
    return carry * 2, carry


# Section a1.3: cond
def lax_conditional_process(x):  # an array of any shape
    """Squares elementwise when sum(x) > 0, cubes otherwise."""
    return lax.cond(jnp.sum(x) > 0, lambda v: v * v, lambda v: v * v * v, x)


# Section a1.4: while_loop
def find_power_of_two(n):
    """The smallest power of 2 not below n."""
    return lax.while_loop(lambda p: p < n, lambda p: p * 2, 1)


def power_loop(x):
    """x⁵ from multiplying 5 times in a while_loop (forward-mode differentiation only)."""
    def keep_going(state):
        return state[0] < 5

    def one_more(state):
        return state[0] + 1, state[1] * x

    return lax.while_loop(keep_going, one_more, (0, 1.0))[1]


def fl_static(x):
    """A fori_loop whose bounds are Python constants: x⁵, rewritten into a scan."""
    def times_x(_, acc):
        return acc * x

    return lax.fori_loop(0, 5, times_x, 1.0)


def fl_dynamic(x, n):
    """A fori_loop whose bounds may be traced values: xⁿ, which then becomes a while."""
    def times_x(_, acc):
        return acc * x

    return lax.fori_loop(0, n, times_x, 1.0)


def collatz_steps(n):
    """Number of steps the Collatz sequence takes from n to 1 (while_loop)."""
    def one_step(state):
        value, count = state
        return jnp.where(value % 2 == 0, value // 2, 3 * value + 1), count + 1

    return lax.while_loop(lambda state: state[0] > 1, one_step, (n, 0))[1]


def collatz_py(n):
    """The same thing in Python, for cross-checking."""
    count = 0
    while n != 1 and n > 0:
        n = 3 * n + 1 if n % 2 else n // 2
        count += 1
    return count


# Section a1.5: combining control flow and transformations
def conditional_computation(x,  # an array
                            threshold=5.0):
    """Times 2 when sum(x) ≥ threshold, divided by 2 otherwise."""
    return lax.cond(jnp.sum(x) >= threshold, lambda v: v * 2.0, lambda v: v / 2.0, x)


def simple_rnn_step(carry,  # hidden state h of the previous step
                    x_t):
    """Scalar RNN: h ← tanh(0.5·x + 0.8·h + 0.1)."""
    h_new = jnp.tanh(0.5 * x_t + 0.8 * carry + 0.1)
    return h_new, h_new


def run_rnn(initial_hidden,  # h₀
            inputs):
    """Sum of all hidden states (differentiating with respect to initial_hidden is BPTT)."""
    _, states = lax.scan(simple_rnn_step, initial_hidden, inputs)
    return jnp.sum(states)


grad_run_rnn = jax.grad(run_rnn)  # differentiates with respect to argument 0, h₀


def conditional_loss(params,  # p
                     x):
    """Loss Σ pᵢxᵢ when sum(x) > 0, otherwise Σ pᵢ/(xᵢ + 1e-5); the gradient follows only the branch that ran."""
    return lax.cond(jnp.sum(x) > 0,
                    lambda p: jnp.sum(p * x),
                    lambda p: jnp.sum(p / (x + 1e-5)), params)


def threshold_from_params(params,  # the threshold is their mean
                          x):
    limit = jnp.mean(params)
    return conditional_computation(x, limit)


def total_output(params,  # shared by the whole batch
                 xs):  # batched along axis 0
    """vmap first, then reduce to a scalar, so that grad applies."""
    per_row = jax.vmap(threshold_from_params, (None, 0))
    return jnp.sum(per_row(params, xs))


# Section a1.6: the mask of a scan goes in xs and is read step by step
def masked_scan_body(hidden_state,  # carry
                     inp):  # (this step's input, whether this step is valid)
    """Valid step: h ← 0.9·h + 0.1·x, output 2h; padding step: h unchanged, output 0."""
    x_t, valid = inp
    candidate = 0.9 * hidden_state + 0.1 * x_t
    h_new = jnp.where(valid, candidate, hidden_state)
    return h_new, jnp.where(valid, 2.0 * h_new, 0.0)


@jax.jit
def masked_run(inputs,  # (B, T)
               masks):  # (B, T) bool
    """vmap handles the batch axis, scan the time axis: returns (final state of each row, per-step outputs)."""
    def one_sequence(seq, valid):
        return lax.scan(masked_scan_body, jnp.zeros(()), (seq, valid))

    return jax.vmap(one_sequence)(inputs, masks)


# Section a1.7: closures and staging
def create_multiplier(factor):
    """Every call produces a new closure."""
    def multiplier(x):
        return factor * x  # factor comes from the enclosing scope

    return multiplier


@jax.jit
def apply_scale_arg(x,  # an array
                    factor):
    """A value that changes is passed as an argument: a new value does not recompile."""
    return x * factor


def create_dense_layer(output_size):
    """The closure carries only static configuration (the output width); weights come in as arguments."""
    def apply_layer(params,  # {'W', 'b'}
                    x):
        # shapes are static, so this can be checked at trace time
        assert output_size == params["W"].shape[-1]
        return jax.nn.relu(params["b"] + x @ params["W"])

    return apply_layer


# Section a1.8: a simplified GRU (zₜ → 1 takes the candidate state)
sigmoid = jax.nn.sigmoid  # activation of the gates
tanh = jnp.tanh  # activation of the candidate state


def initialize_gru_params(key,  # one key split into 6
                          input_dim, hidden_dim):
    """One key for each W and U, scaled by 0.01; zero biases."""
    keys = jax.random.split(key, num=6)
    params = {}
    for i, gate in enumerate("zrh"):
        params["W" + gate] = 0.01 * jax.random.normal(keys[2 * i], (hidden_dim, input_dim))
        params["U" + gate] = 0.01 * jax.random.normal(keys[2 * i + 1], (hidden_dim, hidden_dim))
        params["b" + gate] = jnp.zeros((hidden_dim,))
    return params


def gru_step(params,  # the result of initialize_gru_params
             h_prev, x_t):
    """Returns (new hidden state, new hidden state): the first is the carry, the second is collected into the output sequence."""
    z = sigmoid(params["Wz"] @ x_t + params["Uz"] @ h_prev + params["bz"])
    r = sigmoid(params["Wr"] @ x_t + params["Ur"] @ h_prev + params["br"])
    candidate = tanh(params["Wh"] @ x_t + params["Uh"] @ (r * h_prev) + params["bh"])
    h_new = (1.0 - z) * h_prev + z * candidate
    return h_new, h_new


def gru_sequence(params,  # weights
                 initial_h, inputs):
    """The whole sequence: returns (final hidden state, hidden state of every step)."""
    def body(h, x):
        return gru_step(params, h, x)

    return lax.scan(body, initial_h, inputs)


def gru_numpy(params, h0, xs):
    """NumPy float64 Python-loop reference: returns (final hidden state, hidden state of every step)."""
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
    """Sum of squares of the final hidden state."""
    return jnp.sum(jnp.square(gru_sequence(params, h0, xs)[0]))


# Section a1.8, combined practice A: LSTM initialization. The four gates are stacked along axis 0,
# row blocks in the order i, f, o, g: W has shape (4H, D), U (4H, H), b (4H,); the bias of the
# forget gate block f (rows H to 2H) is 1.
def init_lstm(key, D, H):
    key_in, key_rec = jax.random.split(key)
    scale_in, scale_rec = 1.0 / np.sqrt(D), 1.0 / np.sqrt(H)
    forget_one = jnp.concatenate([jnp.zeros(H), jnp.ones(H), jnp.zeros(2 * H)])
    return {
        "W": scale_in * jax.random.normal(key_in, (4 * H, D)),
        "U": scale_rec * jax.random.normal(key_rec, (4 * H, H)),
        "b": forget_one,
    }


# Right-hand side for section a1.8, combined practice B: harmonic oscillator x'' = -ω² x, state y = (x, v), args is ω.
def oscillator(t, y, omega):
    position, velocity = y[0], y[1]
    return jnp.stack([velocity, -(omega * omega) * position])


def lstm_numpy(params, xs):
    """NumPy float64 reference: the final h after one sequence (real length only). Gate order i, f, o, g."""
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
    """NumPy float64 RK4 reference (harmonic oscillator): returns (final state, state after every step)."""
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
