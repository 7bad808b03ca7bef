# Chapter 7 context: the names this chapter defines before its exercises (names and signatures as in the lessons).
# They all exist before your answer runs: use them as they are, or override them.
# The demo data (theta0 / coef_a / coef_c, the requests of exercise 7.1, Xtr / Ytr) come from fixed random seeds and are the same on every run.
from typing import NamedTuple, Callable, Any
from dataclasses import field, dataclass
import warnings, time, math, logging, functools, dataclasses

partial = functools.partial

import numpy as np
import optax
import jax
from jax import monitoring, lax
import jax.numpy as jnp
from jax.test_util import check_grads   # the finite-difference check of section 2.5 (must be imported explicitly)

_listen = monitoring.register_event_duration_secs_listener
_unlisten = monitoring.unregister_event_duration_listener

# ============================================================== 0 shared tools


def bench(f, *args, warmup: int = 2, runs: int = 10) -> float:
    # call warmup times first (to leave compilation out), then time runs calls and return the median (milliseconds)
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
    """A timing assertion: fast() × factor must be less than slow(). Both arguments are zero-argument functions returning a time.
    Timings jitter on a busy machine, so a miss is measured again, at most tries times; returns the last (fast, slow)."""
    for _attempt in range(tries):
        t_fast, t_slow = fast(), slow()
        if t_fast * factor < t_slow:
            return t_fast, t_slow
    raise AssertionError(f"still false after {tries} tries: {t_fast:.3g} × {factor} ≥ {t_slow:.3g}")


def show_error(fn):
    """Calls the zero-argument function fn. On an error, prints only "exception type: first line of the message" and returns the exception; otherwise prints the result and returns None.
    A first line that is too long is cut after its last complete sentence (or between words) and ends in …, never in the middle of a word or of code."""
    try:
        value = fn()
    except Exception as err:
        lines = str(err).strip().splitlines()
        print(f"❌ {type(err).__name__}: {_shortened(lines[0] if lines else '')}")
        return err
    print("(no error) result:", value)
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

# ---- compile counter


class CompileCounter(object):
    """Counts the XLA backend compilations that really happen inside the with block.

    name=None counts every function; name="f" counts only jit(f).
    How: every finished backend compilation makes jax.monitoring emit the _COMPILE_EVENT event,
    whose keyword argument fun_name has the form "jit(function_name)".
    """

    def __init__(self, name: str | None = None):
        self.events = []                      # one entry per compilation: (fun_name, seconds)
        self.name = name
        self._listener = self._record         # registering and unregistering must use the same bound-method object

    def _record(self, event, duration, **info):
        if event == _COMPILE_EVENT:
            who = info.get("fun_name") or "?"
            wanted = (self.name is None) or (who == "jit(" + self.name + ")")
            if wanted:
                self.events.append((who, duration))

    # entering with: start listening
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
    """Left-aligns by terminal display width (wide characters take two columns)."""
    from unicodedata import east_asian_width

    text = str(text)
    cols = 0
    for ch in text:
        wide = east_asian_width(ch) in ("W", "F")
        cols += 2 if wide else 1
    return text + " " * max(0, width - cols)


def to64(x):
    # convert to NumPy float64, for comparisons with high-precision references
    return np.array(x, dtype=np.float64)


# ============================================================== topic 1 recompilation


def count_compiles(name, calls):
    """Calls the zero-argument functions in calls in turn (waiting for each result) and returns how many times jit(name) compiled meanwhile."""
    with CompileCounter(name=name) as tally:
        for thunk in calls:
            jax.block_until_ready(thunk())
    return tally.count


class capture_jax_logs(object):
    """Inside the with block, collects the messages of the logger named "jax" in self.messages instead of printing them to stderr."""

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
        self._propagate = self.logger.propagate   # restored on exit
        self.logger.addHandler(self._sink)
        self.logger.propagate = False         # no longer passed up to the root logger (so nothing is printed)
        return self

    def __exit__(self, *exc_info):
        logger = self.logger
        logger.removeHandler(self._sink)
        self.logger.propagate = self._propagate
        return False


# ---- bucketed padding + mask
BUCKETS = (64, 128, 256, 512)            # bucket sizes: at most as many compilations as buckets


def pad_to_bucket(X, y):
    """Pads n rows in NumPy up to the smallest bucket not below n; returns (X padded, y padded, mask), mask being 1 on the real rows."""
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
    """Mean squared error over the rows where mask is 1 only: both numerator and denominator are multiplied by mask."""
    resid = X @ w - y
    return jnp.sum(mask * jnp.square(resid)) / jnp.sum(mask)


# ---- compilation budget


class CompileBudgetExceeded(RuntimeError, object):
    """The number of compilations exceeded the budget."""


class CompileBudget(CompileCounter):
    # compilation budget: when the with block ends, more than max_compiles compilations raise CompileBudgetExceeded (or warn)

    def __init__(self, max_compiles: int, name: str | None = None, on_exceed: str = "raise"):
        CompileCounter.__init__(self, name)
        self.max_compiles, self.on_exceed = max_compiles, on_exceed

    def check(self) -> None:
        if self.count <= self.max_compiles:
            return
        where = self.name if self.name else "all functions"
        spent = "; ".join(f"{who} {1000 * secs:.0f} ms" for who, secs in self.events)
        text = f"compile budget exceeded: {where} max {self.max_compiles}, got {self.count} ({spent})"
        if self.on_exceed != "raise":
            warnings.warn(text, RuntimeWarning, stacklevel=3)
            return
        raise CompileBudgetExceeded(text)

    def __exit__(self, kind, err, trace):
        CompileCounter.__exit__(self, kind, err, trace)
        if kind is None:                      # no budget check when the with block itself raised
            self.check()
        return False


# ---- compile_budget (the decorator version)


def compile_budget(max_compiles: int, on_exceed: str = "raise"):
    """Decorates a jitted function: its compilations over its whole life add up in .budget, checked at the end of every call."""

    def decorate(fn_jit):
        tracker = CompileBudget(name=fn_jit.__name__, max_compiles=max_compiles, on_exceed=on_exceed)

        @functools.wraps(fn_jit)
        def guarded(*args, **kwargs):
            with tracker:                     # the same tracker: events add up across calls
                return fn_jit(*args, **kwargs)

        guarded.budget = tracker
        return guarded

    return decorate


# ============================================================== topic 2 numerical stability


def double_where(fn, x, ok, safe_value, fill):   # fn is really computed from x only where ok is true
    """Returns fn(x) where ok is true, fill elsewhere; fn is evaluated on safe inputs only, so backpropagation has no 0·inf either."""
    x_in = jnp.where(ok, x, safe_value)       # where no. 1: dangerous inputs replaced by a safe value
    return jnp.where(ok, fn(x_in), fill)      # where no. 2: select the output


def logsumexp_stable(x, axis: int = -1, keepdims: bool = False):
    """log Σ exp(x): subtract the maximum m first (m is not differentiated; m is 0 when a whole row is -inf)."""
    top = jnp.max(x, axis, keepdims=True)
    top = jnp.where(jnp.isfinite(top), top, jnp.zeros_like(top))
    top = lax.stop_gradient(top)              # mathematically, m's gradient contributions cancel out
    total = jnp.log(jnp.sum(jnp.exp(x - top), axis, keepdims=True)) + top
    return total if keepdims else jnp.squeeze(total, axis)


# ---- softmax_stable
def softmax_stable(x, axis: int = -1):
    peak = lax.stop_gradient(x.max(axis=axis, keepdims=True))
    weights = jnp.exp(x - peak)
    return weights / weights.sum(axis=axis, keepdims=True)


def log_softmax_stable(x, axis: int = -1):
    """Subtracts each row's maximum (not differentiated; 0 when a whole row is -inf), then does log-sum-exp."""
    peak = jnp.max(x, axis, keepdims=True)
    peak = jnp.where(jnp.isfinite(peak), peak, jnp.zeros_like(peak))
    peak = lax.stop_gradient(peak)
    shifted = x - peak
    return shifted - jnp.log(jnp.sum(jnp.exp(shifted), axis, keepdims=True))




def locate_nan(fn, *args, user_funcs=()):   # user_funcs: the names of your own functions
    """Runs fn(*args) under jax.debug_nans(True).
    Returns (first line of the FloatingPointError, innermost frame belonging to user_funcs); (None, None) when nothing is raised."""
    import traceback

    with jax.debug_nans(True):
        try:
            jax.block_until_ready(fn(*args))
        except FloatingPointError as err:
            first = str(err).splitlines()[0]
            mine = [fr for fr in traceback.extract_tb(err.__traceback__) if fr.name in user_funcs]
            if not mine:
                return first, "(inside the backward computation JAX generated)"
            return first, f"{mine[-1].name}() line {mine[-1].lineno}: {(mine[-1].line or '').strip()}"
    return None, None


# ---- round_ste
@jax.custom_jvp
def round_ste(x):
    """Straight-through estimator: round in the forward pass, derivative taken as 1 in the backward pass."""
    return jnp.round(x)


# derivative rule: treat round as the identity
@round_ste.defjvp
def _round_ste_rule(xs, dxs):
    (x,), (dx,) = xs, dxs
    return round_ste(x), dx                   # the tangent passes through unchanged


# ============================================================== topic 3 HVP


def tanh_layer(x, A):
    # f(x) = tanh(A x), A is m×n: Jacobian diag(1 − tanh²(Ax))·A
    return jnp.tanh(A @ x)

LAM = 0.1


def logistic_obj(x, A):
    """f(x) = Σ softplus(A x) + ½·LAM·‖x‖²."""
    z = jnp.matmul(A, x)
    return jax.nn.softplus(z).sum() + 0.5 * LAM * jnp.vdot(x, x)


def hvp_fwd_rev(x, v, A):
    """Forward over reverse: one JVP of the gradient function."""
    gradient_at = lambda point: jax.grad(logistic_obj)(point, A)
    _, tangent_out = jax.jvp(gradient_at, [x], [v])
    return tangent_out


def hvp_rev_rev(x, v, A):
    """Reverse over reverse: ∇ₓ(∇f(x)·v)."""
    slope_at = jax.grad(logistic_obj)

    def along_v(point):
        return jnp.vdot(slope_at(point, A), v)

    return jax.grad(along_v)(x)


# ---- hvp_rev_fwd
def hvp_rev_fwd(x, v, A):
    """Reverse over forward: the directional derivative ∇f(x)·v from a JVP first, then its gradient w.r.t. x."""
    directional = lambda point: jax.jvp(lambda q: logistic_obj(q, A), (point,), (v,))[1]
    return jax.grad(directional)(x)


def hvp_full(x, v, A):
    """The control: build the full n×n Hessian first, then multiply by v."""
    full = jax.hessian(logistic_obj)(x, A)    # n×n, O(n²) memory
    return jnp.dot(full, v)


# ============================================================== topic 4 per-example gradients


def init_mlp(key, sizes):
    # ReLU MLP parameters: {"dense_i": {"w": (n_in, n_out), "b": (n_out,)}}, He initialization
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
    # dense → relu → … → dense (no activation on the last layer)
    n_layers = len(params)
    for i in range(n_layers):
        layer = params["dense_%d" % i]
        x = jnp.matmul(x, layer["w"]) + layer["b"]
        if i != n_layers - 1:
            x = jnp.maximum(x, 0.0)
    return x


# ---- loss_single
def loss_single(params, x, y):
    # cross-entropy of one example (x of shape (d,), y an integer label)
    logits = mlp_apply(params, x)
    logp = log_softmax_stable(logits)
    return -jnp.take(logp, y)


# ---- loss_batch
def loss_batch(params, X, Y):
    each = jax.vmap(loss_single, (None, 0, 0))
    return each(params, X, Y).mean()


# ---- tree_allclose
def tree_allclose(a, b, **tolerances):
    """The two trees have the same structure and every pair of leaves is np.allclose (tolerances passed on as they are)."""
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
    # global L2 norm of one example's gradient
    g_one = jax.grad(loss_single)
    return global_norm(g_one(params, x, y))


D_IN, N_CLS, B = 20, 10, 256


# ---- make_blobs
def make_blobs(key, n, d, k, spread: float = 1.0):
    """k Gaussian clusters: centres ~ N(0, 2²), examples = centre + spread·N(0, 1). Returns (X, y)."""
    key_mu, key_lab, key_eps = jax.random.split(key, 3)
    means = 2.0 * jax.random.normal(key_mu, (k, d))
    labels = jax.random.randint(key_lab, (n,), 0, k)
    points = means[labels] + spread * jax.random.normal(key_eps, (n, d))
    return points, labels


Xtr, Ytr = make_blobs(key=jax.random.key(20), n=4096, d=D_IN, k=N_CLS)   # topic 4's training data


# ---- accuracy
def accuracy(params, X, Y):
    predicted = mlp_apply(params, X).argmax(axis=-1)
    return (predicted == Y).mean()


# ---- DP-SGD
def clip_and_sum(params, X, Y, clip_norm):   # per-example gradients appear only here
    """Whole batch: per-example gradients clipped to clip_norm by global norm, then summed. Returns (sum, each example's norm before clipping). Memory B×P."""
    axes = (None, 0, 0)                                           # parameters shared, data mapped per example
    grad_one = jax.grad(loss_single)
    per_example = jax.vmap(grad_one, axes)(params, X, Y)
    flat_rows = [g.reshape(g.shape[0], -1) for g in jax.tree.leaves(per_example)]
    pre_norms = jnp.sqrt(functools.reduce(jnp.add, [jnp.sum(jnp.square(r), axis=1) for r in flat_rows]))
    shrink = jnp.minimum(1.0, clip_norm / (1e-12 + pre_norms))        # one factor per example
    total = jax.tree.map(lambda g: jnp.einsum("b,b...->...", shrink, g), per_example)
    return total, pre_norms


# ---- clip_and_sum_chunked
def clip_and_sum_chunked(params: dict, X, Y, clip_norm: float, chunk: int):
    """Chunked version (lax.scan, chunk examples per chunk, memory chunk×P); the number of examples must be divisible by chunk."""
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
    """Adds independent N(0, (noise_mult·clip_norm)²) noise to every leaf (one key each), then divides by batch_size."""
    flat, spec = jax.tree.flatten(summed)
    sigma = noise_mult * clip_norm
    leaf_keys = list(jax.random.split(key, len(flat)))
    noisy = []
    for leaf, k in zip(flat, leaf_keys):
        noisy.append((leaf + sigma * jax.random.normal(k, leaf.shape)) / batch_size)
    return jax.tree.unflatten(spec, noisy)


# ---- dp_grad
def dp_grad(params, X, Y, key, clip_norm: float, noise_mult: float):
    """The DP-SGD gradient: clip, sum, add noise, divide by B. Returns (gradient, norms before clipping)."""
    total, before_clip = clip_and_sum(params, X, Y, clip_norm=clip_norm)
    private = add_dp_noise(total, key, clip_norm=clip_norm, noise_mult=noise_mult, batch_size=len(X))
    return private, before_clip


# steps and batch decide shapes, so under jit they must be static arguments
def train_dp(params, X, Y, key, lr: float, clip_norm: float, noise_mult: float, steps: int, batch: int):
    """steps steps of DP-SGD, the whole loop one lax.scan; the key lives in the carry, and each step splits off keys for sampling and for noise."""

    def one_update(carry, _unused):
        theta, k = carry
        k, k_rows, k_noise = jax.random.split(k, 3)
        picked = jax.random.choice(k_rows, len(X), shape=(batch,), replace=False)
        g_private = dp_grad(theta, X[picked], Y[picked], k_noise, noise_mult=noise_mult, clip_norm=clip_norm)[0]
        return (jax.tree.map(lambda w, d: w - lr * d, theta, g_private), k), None

    (theta, _), _ = lax.scan(one_update, (params, key), xs=None, length=steps)
    return theta


# ============================================================== topic 5 optimizers by hand


# ---- GradientTransformation
class GradientTransformation(NamedTuple):
    # a pair of pure functions: init turns params into a state; update turns (updates, state[, params]) into (new updates, new state)
    init: Callable[..., Any]
    update: Callable[..., Any]


class EmptyState(NamedTuple):
    """The state of a stateless transformation."""


# ---- apply_updates
def apply_updates(params, updates):
    # the updates already carry the minus sign: just add
    return jax.tree.map(jnp.add, params, updates)


def _no_state(params):
    return EmptyState()


# ---- identity
def identity():
    # lets updates through unchanged, no state
    return GradientTransformation(init=_no_state, update=lambda grads, st, params=None: (grads, st))


# ---- scale
def scale(step_size):
    def step_fn(grads, st, params=None):
        scaled = jax.tree.map(lambda u: u * step_size, grads)
        return scaled, st

    return GradientTransformation(update=step_fn, init=_no_state)


# ---- ScaleByScheduleState
class ScaleByScheduleState(NamedTuple):
    # the schedule's state
    count: Any   # int32 scalar


# ---- scale_by_schedule
def scale_by_schedule(schedule):
    def init_fn(_params):
        first = ScaleByScheduleState(jnp.array(0, dtype=jnp.int32))  # strongly typed int32
        return first

    def step_fn(grads, st, params=None):
        factor = schedule(st.count)                                  # step 1 uses count = 0
        out = jax.tree.map(lambda u: u * factor, grads)
        return out, ScaleByScheduleState(st.count + 1)

    return GradientTransformation(update=step_fn, init=init_fn)


# ---- scale_by_learning_rate
def scale_by_learning_rate(lr):
    """Multiplies by -lr; lr may be a constant or a schedule function count -> lr."""
    if not callable(lr):
        return scale(-lr)
    negated = lambda step: -1.0 * lr(step)
    return scale_by_schedule(negated)


# ---- TraceState
class TraceState(NamedTuple):
    # momentum's state: the velocity v
    trace: Any


def trace(decay: float, nesterov: bool = False):
    """Momentum: v ← g + decay·v; plain momentum outputs v, Nesterov outputs g + decay·v."""

    def init_fn(params):
        return TraceState(jax.tree.map(jnp.zeros_like, params))   # the velocity starts at 0

    def step_fn(grads, st, params=None):
        velocity = jax.tree.map(lambda g, v: g + decay * v, grads, st.trace)
        if nesterov:
            return jax.tree.map(lambda g, v: g + decay * v, grads, velocity), TraceState(velocity)
        return velocity, TraceState(velocity)

    return GradientTransformation(update=step_fn, init=init_fn)


# ---- ScaleByAdamState
class ScaleByAdamState(NamedTuple):
    # Adam's state
    count: Any   # int32 scalar
    mu: Any      # first moment
    nu: Any      # second moment


def scale_by_adam(b1: float = 0.9, b2: float = 0.999, eps: float = 1e-8):
    def init_fn(params):
        zeros = lambda: jax.tree.map(lambda p: jnp.zeros_like(p), params)   # mu and nu created separately
        return ScaleByAdamState(jnp.array(0, dtype=jnp.int32), zeros(), zeros())

    def step_fn(grads, st, params=None):
        step = st.count + 1
        first = jax.tree.map(lambda old, u: b1 * old + (1.0 - b1) * u, st.mu, grads)
        second = jax.tree.map(lambda old, u: b2 * old + (1.0 - b2) * jnp.square(u), st.nu, grads)
        t = step.astype(jnp.float32)
        fix1, fix2 = 1.0 - jnp.power(b1, t), 1.0 - jnp.power(b2, t)  # bias correction
        out = jax.tree.map(lambda m1, m2: (m1 / fix1) / (jnp.sqrt(m2 / fix2) + eps), first, second)
        return out, ScaleByAdamState(step, first, second)

    return GradientTransformation(update=step_fn, init=init_fn)


# ---- add_decayed_weights
def add_decayed_weights(weight_decay: float, mask=None):
    """Decoupled weight decay u ← u + λθ; mask is a boolean tree shaped like the params, or a function that builds it from the params."""

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
    # applies each transformation in turn; the state is a tuple of the components' states
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
    """momentum=None: plain SGD; with momentum: trace(momentum, nesterov), then times -lr."""
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
    """Same meaning as optax's: linear warm-up over warmup_steps steps to peak, then cosine decay down to end at step decay_steps."""

    def schedule(count):
        t = jnp.asarray(count).astype(jnp.float32)
        ramp = (t / warmup_steps) * (peak_value - init_value) + init_value
        span = decay_steps - warmup_steps
        frac = jnp.clip((t - warmup_steps) / span, 0.0, 1.0)
        cosine = 0.5 * (1.0 + jnp.cos(math.pi * frac))
        decayed = cosine * (peak_value - end_value) + end_value
        return jnp.where(t < warmup_steps, ramp, decayed)

    return schedule


# cross-check tools of 5.3: a quadratic over a parameter tree, L(θ) = Σ ½·a·θ² + c·θ, gradient a·θ + c
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
    """Takes steps steps on the quadratic with the optimizer opt; returns the list of the parameters after each step (dicts of float64)."""

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
    """A NumPy float64 reference trajectory: rule(t, name, θ, g, memo) -> new θ, t starting at 1, memo a dict where the rule can keep its momentum."""
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
    # compares two parameter trajectories step by step (float32 vs float64); on a mismatch, names the step and the parameter
    largest = 0.0
    for step_no, (mine, ref) in enumerate(list(zip(jax_traj, np_traj)), start=1):
        for leaf in ref:
            gap = float(np.max(np.abs(np.asarray(mine[leaf]) - np.asarray(ref[leaf]))))
            if not np.allclose(mine[leaf], ref[leaf], rtol=rtol, atol=atol):
                raise AssertionError(f"{name}: at step {step_no}, {leaf} differs, max difference {gap:.3g}")
            largest = max(largest, gap)
    print(f"{wpad(name, 34)} {len(np_traj)} steps all agree, max error {largest:.2e}")


# ============================================================== topic 6 donation


class quiet_cpp_stderr(object):
    """Inside the with block, file descriptor 2 goes to /dev/null: the long log XLA's C++ layer prints on an error stays out of the output."""

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
    # the state of section 6.6's training template (topic 7 switches to a registered dataclass)
    step: Any          # int32 scalar array
    params: Any
    opt_state: Any


# ============================================================== topic 7 TrainState


@dataclasses.dataclass(frozen=True)
# the training state of section 7.5 (a frozen dataclass registered as a pytree)
class TrainState:
    step: Any          # int32 scalar array
    params: Any        # parameter tree
    opt_state: Any     # optimizer state
    key: Any           # typed PRNG key
    model_name: str = field(default="mlp", metadata={"static": True})   # static: part of the treedef


TrainState = jax.tree_util.register_dataclass(TrainState)   # registered as a pytree (static fields are not leaves)


def param_table(params, title: str = "parameter table"):
    # prints each parameter's path, shape, dtype, count and share; returns the total parameter count
    entries = []
    for path, leaf in jax.tree_util.tree_flatten_with_path(params)[0]:
        label = jax.tree_util.keystr(path, separator=".", simple=True)
        entries.append((label, leaf))
    grand = sum(int(leaf.size) for _, leaf in entries)
    print(title)
    for label, leaf in entries:
        share = 100.0 * int(leaf.size) / grand
        print(f"  {wpad(label, 16)} {str(tuple(leaf.shape)):<12} {str(leaf.dtype):<8} {int(leaf.size):>8,d} {share:6.1f}%")
    print(f"  total {grand:,d} parameters")
    return grand


# ============================================================== exercise 1: the serving function (given by the statement)


# ---- normalize_rows
def normalize_rows(x, eps):
    # each row divided by its own L2 norm (plus eps)
    row_len = jnp.linalg.norm(x, axis=1, keepdims=True)
    return x / (row_len + eps)


# the module-level jit object
normalize_jit = jax.jit(normalize_rows)


# ---- serve


def serve(batches, eps_list):
    # calls normalize_jit once per request, results converted back to NumPy
    answers = []
    for req, eps in zip(batches, eps_list):
        answers.append(np.asarray(normalize_jit(req, eps)))
    return answers


_gen = np.random.default_rng(70)
ex1_lengths = _gen.integers(5, 120, size=20).tolist()
ex1_batches = [np.asarray(_gen.standard_normal((rows, 8)), dtype=np.float32) for rows in ex1_lengths]
ex1_eps = [jnp.float32(1e-6) if idx % 2 == 0 else 1e-6 for idx in range(20)]   # arrays alternating with Python floats
del _gen


# ============================================================== exercise 2: the single-where version (given by the statement)


def cos_sim_where(a, b):
    len_a = jnp.linalg.norm(a)
    len_b = jnp.linalg.norm(b)
    both = jnp.logical_and(len_a > 0, len_b > 0)
    return jnp.where(both, jnp.vdot(a, b) / (len_a * len_b), 0.0)


# ============================================================== ★ the capstone's data


# ---- make_spiral
def make_spiral(key, n_per_class: int, n_classes: int = 3, noise: float = 0.15):
    """Three spiral arms: radius r ~ U[0, 1], class j's angle = 4j + 4r + noise·N(0, 1). Returns (X float32, y int32)."""
    key_rad, key_ang = jax.random.split(key)
    shape = (n_classes, n_per_class)
    radius = jax.random.uniform(key_rad, shape)
    label = jnp.tile(jnp.arange(n_classes, dtype=jnp.int32)[:, None], (1, n_per_class))
    angle = 4.0 * (label + radius) + noise * jax.random.normal(key_ang, shape)
    coords = jnp.stack((radius * jnp.sin(angle), radius * jnp.cos(angle)), axis=2)
    return coords.reshape(n_classes * n_per_class, 2).astype(jnp.float32), label.reshape(-1)


# ============================================================== ★ the capstone's parts (the training itself runs in the lessons)

N_TRAIN = 1440                              # of the 1800 spiral examples, 1440 for training and 360 for testing
BATCH = 128
EPOCHS = 150
STEPS_PER_EPOCH = N_TRAIN // BATCH          # 11: the 32 examples left over each epoch sit out at random
TOTAL_STEPS = STEPS_PER_EPOCH * EPOCHS      # 1650
# linear from 0 to 0.01 over the first 100 steps, then cosine down to 1e-4 at step TOTAL_STEPS
lr_schedule = warmup_cosine_decay_schedule(warmup_steps=100, init_value=0.0, peak_value=0.01,
                                           end_value=1e-4, decay_steps=TOTAL_STEPS)


def weight_mask(params):
    # weight decay for leaves whose path ends in "w", none for biases
    def is_kernel(path, _leaf):
        return path[-1].key == "w"

    return jax.tree.map_with_path(is_kernel, params)


# clipping → Adam direction → decoupled decay of w only → times −lr(t)
optimizer = chain(                          # four parts, in this order
    clip_by_global_norm(max_norm=1.0),
    scale_by_adam(b1=0.9, b2=0.999),
    add_decayed_weights(mask=weight_mask, weight_decay=1e-4),   # biases not decayed
    scale_by_learning_rate(lr=lr_schedule),
)


def ce_loss(params, X, Y):
    # mean cross-entropy, with the stable log_softmax
    logits = mlp_apply(params, X)
    logp = log_softmax_stable(logits, axis=-1)
    own = jnp.take_along_axis(logp, jnp.expand_dims(Y, -1), axis=-1)
    return -own.mean()


def train_epoch(state, X, Y):
    """One epoch: shuffle with state.key, cut into (STEPS_PER_EPOCH, BATCH) indices, update batch by batch with lax.scan.
    Returns (new state, loss per step, gradient norm per step)."""
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


# donate only the state, not the data
def _jit_donating_state(fn):
    # state is argument 0: donate it alone, not the data; the training loop must overwrite the old state right away
    return jax.jit(fn, donate_argnums=0)


train_epoch_jit = _jit_donating_state(train_epoch)


def accuracy_fn(params, X, Y):
    guesses = mlp_apply(params, X).argmax(axis=-1)
    return (guesses == Y).astype(jnp.float32).mean()


accuracy_fn = jax.jit(accuracy_fn)


def grad_norms_all(params, X, Y):
    # each example's gradient norm; lax.map with 256 examples per chunk, reduced to scalars inside each chunk
    def norm_of(sample):
        return per_sample_norm(params, sample[0], sample[1])

    return lax.map(norm_of, (X, Y), batch_size=256)


grad_norms_all = jax.jit(grad_norms_all)
