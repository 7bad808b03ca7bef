"""The worker: a fresh interpreter (started with exec, never fork) that imports jax once, waits
for one job on a private pipe, runs it and reports on another private pipe, then exits.

    python -m tutor.worker JOB_FD RESULT_FD PARENT_PID [CONTEXT_PATH]

Messages on RESULT_FD are JSON lines: ready, started, check_started, check_done, result.
The learner's stdout/stderr are the process's fds 1 and 2, which the parent reads live."""

from __future__ import annotations

import ast
import ctypes
import importlib.util
import json
import logging
import os
import resource
import signal
import sys
import time

RESULT_FD_MIN = 200        # the result pipe is moved up here, away from the fds learners touch


def _set_parent_death_signal(parent_pid: int) -> None:
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass
    if os.getppid() != parent_pid:     # the parent died before prctl took effect
        os._exit(3)


class Channel:
    def __init__(self, fd: int):
        high = fcntl_dupfd(fd, RESULT_FD_MIN)
        os.close(fd)
        self.fd = high

    def send(self, msg: dict) -> None:
        data = (json.dumps(msg, ensure_ascii=False) + "\n").encode("utf-8")
        view = memoryview(data)
        while view:
            n = os.write(self.fd, view)
            view = view[n:]


def fcntl_dupfd(fd: int, lowest: int) -> int:
    import fcntl

    return fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, lowest)


def _vm_data_kb() -> int:
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith("VmData:"):
                return int(line.split()[1])
    return 0


def _read_job(fd: int) -> dict:
    chunks = []
    while True:
        data = os.read(fd, 65536)
        if not data:
            break
        chunks.append(data)
        if data.endswith(b"\n"):
            break
    os.close(fd)
    if not chunks:
        os._exit(0)  # the parent closed the pipe: shut down quietly
    return json.loads(b"".join(chunks).decode("utf-8"))


class _HideCacheChatter(logging.Filter):
    """The persistent cache is ours, not the learner's: with jax_log_compiles on (a lesson about
    recompilation turns it on), JAX would also report every cache hit and write."""

    def filter(self, record: logging.LogRecord) -> bool:
        text = record.getMessage()
        return not ("persistent compilation cache" in text.lower() or "PERSISTENT COMPILATION CACHE" in text)


def _enable_compilation_cache(jax) -> None:
    """Compiled programs of the chapter contexts and checks are reused across workers (each
    worker is a fresh process). Compile counting is unaffected: JAX still logs "Compiling …" and
    emits its backend-compile event on a cache hit."""
    folder = os.environ.get("JAXTUTOR_XLA_CACHE")
    if not folder:
        return
    try:
        os.makedirs(folder, exist_ok=True)
        jax.config.update("jax_compilation_cache_dir", folder)
        jax.config.update("jax_persistent_cache_min_compile_time_secs", 0)
        jax.config.update("jax_persistent_cache_min_entry_size_bytes", 0)
        from importlib.util import find_spec

        if find_spec("filelock") is not None:   # JAX refuses a size cap without it
            jax.config.update("jax_compilation_cache_max_size", 512 * 1024 * 1024)
    except Exception:
        return
    for name in ("jax._src.compiler", "jax._src.compilation_cache", "jax._src.cache_key",
                 "jax._src.lru_cache"):
        logging.getLogger(name).addFilter(_HideCacheChatter())


def _warm_up() -> None:
    """Pay the import and first-dispatch costs before any job arrives."""
    import jax
    import jax.numpy as jnp
    import numpy  # noqa: F401

    import tutor.checklib  # noqa: F401

    _enable_compilation_cache(jax)

    x = jnp.arange(4.0)
    jax.jit(lambda a: (a * 2.0).sum())(x).block_until_ready()
    jax.grad(lambda a: (a ** 2).sum())(x).block_until_ready()


def _exec_file(path: str, ns: dict) -> None:
    with open(path, encoding="utf-8") as fh:
        source = fh.read()
    exec(compile(source, path, "exec"), ns)


def _stub_names(source: str, names: list[str]) -> list[str]:
    """Interface functions whose body is still a placeholder (docstring / pass / ... /
    raise NotImplementedError): the starter's skeleton counts as not attempted."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    stubs = []
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name in names:
            body = list(node.body)
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                body = body[1:]
            def is_placeholder(stmt) -> bool:
                if isinstance(stmt, ast.Pass):
                    return True
                if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) and stmt.value.value is Ellipsis:
                    return True
                if isinstance(stmt, ast.Raise) and stmt.exc is not None:
                    exc = stmt.exc.func if isinstance(stmt.exc, ast.Call) else stmt.exc
                    return isinstance(exc, ast.Name) and exc.id == "NotImplementedError"
                return False
            if all(is_placeholder(s) for s in body):
                stubs.append(node.name)
    return stubs


class ChartRecorder:
    """`chart` inside runnable lesson blocks: records series that the app draws with plotext."""

    def __init__(self):
        self.charts: list[dict] = []

    @staticmethod
    def _floats(values) -> list[float]:
        import numpy as np

        return [float(v) for v in np.asarray(values, dtype=np.float64).reshape(-1)]

    def line(self, series: dict, x=None, title: str = "", xlabel: str = "", ylabel: str = "",
             logy: bool = False, logx: bool = False) -> None:
        out = []
        for name, ys in series.items():
            ys = self._floats(ys)
            xs = self._floats(x) if x is not None else list(range(len(ys)))
            out.append({"name": str(name), "x": xs, "y": ys})
        self.charts.append({"type": "line", "title": title, "xlabel": xlabel, "ylabel": ylabel,
                            "logy": bool(logy), "logx": bool(logx), "series": out})

    def scatter(self, groups: dict, title: str = "", xlabel: str = "", ylabel: str = "") -> None:
        out = [{"name": str(name), "x": self._floats(xy[0]), "y": self._floats(xy[1])}
               for name, xy in groups.items()]
        self.charts.append({"type": "scatter", "title": title, "xlabel": xlabel,
                            "ylabel": ylabel, "series": out})

    def bar(self, labels, values, title: str = "", ylabel: str = "") -> None:
        self.charts.append({"type": "bar", "title": title, "ylabel": ylabel,
                            "labels": [str(l) for l in labels], "values": self._floats(values)})


def _memory_error(exc: BaseException) -> bool:
    if isinstance(exc, MemoryError):
        return True
    text = str(exc)
    return "RESOURCE_EXHAUSTED" in text or "Out of memory" in text or "bad_alloc" in text


def _run_exercise(job: dict, ns: dict, chan: Channel) -> dict:
    from tutor import checklib
    from tutor.tracebacks import learner_error

    learner_file = job["file"]
    result: dict = {"exercise": job["exercise"], "status": "passed", "missing": [], "checks": [],
                    "error": None}
    with open(learner_file, encoding="utf-8") as fh:
        source = fh.read()
    try:
        exec(compile(source, learner_file, "exec"), ns)
    except (SystemExit, MemoryError):
        raise
    except BaseException as e:  # includes KeyboardInterrupt raised by the learner's code
        if _memory_error(e):
            raise MemoryError(str(e)) from e
        info = learner_error(e, learner_file)
        result.update(status="error", error=info.to_dict())
        return result
    names = job["interface"]
    missing = [n for n in names if n not in ns]
    missing += [n for n in _stub_names(source, names) if n not in missing]
    if missing:
        result.update(status="not_attempted", missing=missing)
        return result
    checks_folder = os.path.dirname(job["check_module"])
    if checks_folder not in sys.path:   # so that check modules can import their shared helpers
        sys.path.append(checks_folder)
    spec = importlib.util.spec_from_file_location(f"jaxtutor_check_{job['exercise'].replace('.', '_')}",
                                                  job["check_module"])
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
        module.checks
    except Exception as e:  # a content bug, not the learner's: say so plainly
        info = learner_error(e, job["check_module"])
        info.hint = "这道练习的检查模块本身出错了:这是课程内容的问题,请报告。"
        result.update(status="error", error=info.to_dict())
        return result
    outcomes, error = checklib.run_checks(module.checks, checklib.Learner(ns), {learner_file},
                                          on_event=chan.send)
    result["checks"] = [o.to_dict() for o in outcomes]
    if error is not None:
        result.update(status="error", error=error.to_dict())
    elif any(o.status.value != "passed" for o in outcomes):
        result["status"] = "failed"
    return result


def _run_snippet(job: dict, ns: dict) -> dict:
    from tutor.tracebacks import learner_error

    recorder = ChartRecorder()
    ns["chart"] = recorder
    name = job.get("filename", "<lesson>")
    result: dict = {"exercise": job.get("exercise", "snippet"), "status": "passed", "missing": [],
                    "checks": [], "error": None}
    try:
        exec(compile(job["code"], name, "exec"), ns)
    except (SystemExit, MemoryError):
        raise
    except BaseException as e:
        if _memory_error(e):
            raise MemoryError(str(e)) from e
        result.update(status="error", error=learner_error(e, name).to_dict())
    result["charts"] = recorder.charts
    return result


def _apply_limits(job: dict) -> None:
    cpu = int(job.get("cpu_limit_s", 60))
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 5))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    mem_mb = int(job.get("memory_mb", 3072))
    limit = (_vm_data_kb() * 1024) + mem_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_DATA, (limit, limit))


def main(argv: list[str]) -> None:
    job_fd, result_fd, parent_pid = int(argv[0]), int(argv[1]), int(argv[2])
    preload = argv[3] if len(argv) > 3 and argv[3] else None
    _set_parent_death_signal(parent_pid)
    try:
        os.nice(5)   # checks yield to the app the learner is typing in
    except OSError:
        pass
    chan = Channel(result_fd)

    # Warm-up output (import warnings and the like) is not the learner's: send it to /dev/null.
    saved_out, saved_err = os.dup(1), os.dup(2)
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)
    t0 = time.perf_counter()
    _warm_up()
    ns: dict = {"__name__": "__main__", "__builtins__": __builtins__}
    preload_error = None
    if preload:
        try:
            _exec_file(preload, ns)
        except Exception as e:  # a broken context is a content bug; report it with the job
            preload_error = f"{type(e).__name__}: {e}"
    os.dup2(saved_out, 1)
    os.dup2(saved_err, 2)
    for fd in (saved_out, saved_err, devnull):
        os.close(fd)
    chan.send({"type": "ready", "pid": os.getpid(), "warm_s": round(time.perf_counter() - t0, 3),
               "vmdata_kb": _vm_data_kb(), "context": preload})

    job = _read_job(job_fd)
    _apply_limits(job)
    chan.send({"type": "started"})
    try:
        if job.get("context") != preload or preload_error:
            ns = {"__name__": "__main__", "__builtins__": __builtins__}
            if job.get("context"):
                _exec_file(job["context"], ns)
    except Exception as e:  # a content bug, not the learner's: say so plainly
        from tutor.tracebacks import learner_error

        info = learner_error(e, job["context"])
        info.hint = "章节上下文(context.py)本身出错了:这是课程内容的问题,请报告。"
        chan.send({"type": "result", "result": {"exercise": job.get("exercise", ""), "status": "error",
                                                "error": info.to_dict()}})
        os._exit(0)
    try:
        if job["kind"] == "exercise":
            result = _run_exercise(job, ns, chan)
        else:
            result = _run_snippet(job, ns)
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
        result = {"exercise": job.get("exercise", ""), "status": "exited_early", "exit_code": code}
    except MemoryError as e:
        result = {"exercise": job.get("exercise", ""), "status": "memory", "message": str(e)[:500]}
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:
            pass
    chan.send({"type": "result", "result": result})
    os._exit(0)


if __name__ == "__main__":
    main(sys.argv[1:])
