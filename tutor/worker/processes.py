"""Process supervision (Linux only): the reaper that stands between the runner and a worker, a
worker's process tree found by ancestry, its memory, killing it, and run folders left behind.

Each worker interpreter forks, before importing anything heavy, into

    reaper (the process the runner started; a child subreaper, in its own session)
      └─ worker (its own process group; dies with the reaper)
           └─ whatever the learner's code starts (setsid, env={}, double forks …)

Orphans anywhere below the reaper are re-parented to it, so "everything below the reaper" is the
whole tree however a process detached itself. The reaper holds the read end of a lifeline pipe
whose write end only the runner holds: when the runner closes it, or dies (kill -9, SIGHUP), the
reaper kills everything below itself, removes the run folder and exits. Otherwise it waits until
nothing is left below it and exits with the worker's own exit status. psutil is imported lazily:
the app imports the runner at start-up."""

from __future__ import annotations

import ctypes
import os
import re
import select
import shutil
import signal
import sys
import tempfile
import threading
import time

TOKEN_VAR = "JAXTUTOR_RUN_TOKEN"  # a second net: every process of a run inherits it
RUN_DIR_PREFIX = "jaxtutor-run-"
_RUN_DIR_RE = re.compile(re.escape(RUN_DIR_PREFIX) + r"(\d+)-")
MAX_LOOKS = 10  # looks for processes below the reaper, until two agree
Ident = tuple[int, float]  # a process: its pid and its start time (a pid alone may be reused)
_PR_SET_PDEATHSIG = 1
_PR_SET_CHILD_SUBREAPER = 36


def unsupported_reason() -> str | None:
    """None where workers can be supervised; else the platform's name, for the message."""
    if not sys.platform.startswith("linux") or not hasattr(os, "fork"):
        return sys.platform
    return None


def _prctl(option: int, arg: int) -> bool:
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(option, arg, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


# ---------------------------------------------------------------- worker side: the reaper


def become_reaper(lifeline_fd: int, keep_fds: tuple[int, ...]) -> None:
    """Fork the worker off this fresh interpreter. Returns in the worker; the original process
    becomes the reaper and never returns. `keep_fds` are the worker's pipes: the reaper closes
    its copies so that the runner sees them close when the worker's side does."""
    _prctl(_PR_SET_CHILD_SUBREAPER, 1)
    reaper = os.getpid()
    pid = os.fork()
    if pid == 0:
        os.close(lifeline_fd)
        os.setpgid(0, 0)
        _prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
        if os.getppid() != reaper:  # the reaper died before the signal was armed
            os._exit(3)
        return
    for fd in keep_fds:
        os.close(fd)
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)
    _reap(pid, lifeline_fd, os.getcwd())


def _reap(worker: int, lifeline_fd: int, workdir: str) -> None:
    """The reaper's life. Only the main thread reaps and exits (it alone may reset a signal's
    handler to die of the worker's signal); the lifeline thread only kills and tidies up."""
    import resource

    import psutil  # noqa: F401 - imported while the worker warms up, not when the tree must die

    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    killing = threading.Lock()

    def watch_lifeline() -> None:
        while True:
            try:
                if not os.read(lifeline_fd, 64):
                    break
            except InterruptedError:
                continue
            except OSError:
                break
        with killing:  # the main thread exits once everything below is reaped
            kill_below(os.getpid())
            shutil.rmtree(workdir, ignore_errors=True)

    threading.Thread(target=watch_lifeline, daemon=True).start()
    worker_status = None
    while True:
        try:
            pid, status = os.waitpid(-1, 0)
        except ChildProcessError:
            break
        except InterruptedError:
            continue
        if pid == worker:
            worker_status = status
    with killing:
        if select.select([lifeline_fd], [], [], 0)[0]:  # the runner is gone too: tidy up for it
            shutil.rmtree(workdir, ignore_errors=True)
        _exit_like(worker_status)


def _exit_like(status: int | None) -> None:
    """End this process the way the worker ended, so that the runner reads the worker's fate
    from the reaper's exit status."""
    if status is not None and os.WIFSIGNALED(status):
        sig = os.WTERMSIG(status)
        try:
            signal.signal(sig, signal.SIG_DFL)
        except (OSError, ValueError):
            pass
        os.kill(os.getpid(), sig)
        time.sleep(1.0)
        os._exit(128 + sig)
    os._exit(os.WEXITSTATUS(status) if status is not None and os.WIFEXITED(status) else 70)


def kill_below(root: int) -> set[Ident]:
    """SIGKILL every live process below `root` until none is left (orphans of killed processes
    come back to a subreaper, so look again). Returns the processes it killed."""
    import psutil

    killed: set[Ident] = set()
    for _ in range(200):
        try:
            below = psutil.Process(root).children(recursive=True)
        except psutil.Error:
            return killed
        live = [p for p in below if _live(p)]
        for p in live:
            try:
                who = ident(p)
                p.kill()
                killed.add(who)
            except psutil.Error:
                pass
        if not live:
            break
        time.sleep(0.005)
    return killed


# ---------------------------------------------------------------- runner side


def ident(p) -> Ident:
    """Who `p` is, for counting each process once however many looks found it (raises
    psutil.Error if it is gone)."""
    return (p.pid, p.create_time())


def _live(p) -> bool:
    import psutil

    try:
        return p.status() != psutil.STATUS_ZOMBIE
    except psutil.Error:
        return False


def process(pid: int):
    """A psutil handle on a process (it notices pid reuse), or None if it is gone."""
    import psutil

    try:
        return psutil.Process(pid)
    except psutil.Error:
        return None


def alive(p) -> bool:
    """`p` (a handle from `process`) is still running, and not a zombie."""
    return p is not None and p.is_running() and _live(p)


def rss(p) -> int:
    try:
        return p.memory_info().rss
    except Exception:  # noqa: BLE001 - gone or not readable: nothing to count
        return 0


def tree_rss(root: int) -> int:
    """Resident memory of `root` and of every process below it."""
    p = process(root)
    if p is None:
        return 0
    try:
        below = p.children(recursive=True)
    except Exception:  # noqa: BLE001
        below = []
    return rss(p) + sum(rss(c) for c in below)


def live_below(root: int, exclude: int | None = None) -> set[Ident]:
    """The live processes below `root` (`exclude` aside). A look through /proc is no snapshot:
    a process whose parent exits during it (the grandchild of a double fork, moving up to the
    subreaper `root`) can be missed, so where a look finds any, look again until two looks
    agree."""
    p = process(root)
    if p is None:
        return set()
    last: set[Ident] = set()
    for _ in range(MAX_LOOKS):
        try:
            found = set()
            for c in p.children(recursive=True):
                if c.pid != exclude and _live(c):
                    try:
                        found.add(ident(c))
                    except Exception:  # noqa: BLE001 - gone since: not left running
                        pass
        except Exception:  # noqa: BLE001
            break
        if found == last:
            break
        last = found
    return last


def kill_group(pgid: int) -> None:
    try:
        os.killpg(pgid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def with_token(token: str) -> list:
    """Live processes (psutil handles) that carry a run's token in their environment (the net
    for a tree whose reaper was killed from outside)."""
    import psutil

    me, found = os.getpid(), []
    for p in psutil.process_iter():
        if p.pid == me:
            continue
        try:
            if p.environ().get(TOKEN_VAR) == token and _live(p):
                found.append(p)
        except psutil.Error:
            continue
    return found


def kill_token(token: str) -> set[Ident]:
    """SIGKILL the processes carrying `token`; returns the ones it killed."""
    import psutil

    killed: set[Ident] = set()
    for _ in range(3):
        found = with_token(token)
        if not found:
            break
        for p in found:
            try:
                who = ident(p)
                p.kill()
                killed.add(who)
            except psutil.Error:
                pass
        time.sleep(0.02)
    return killed


def make_run_dir() -> str:
    """A private folder for one worker, named after its owner so that a later start-up can tell
    whether that owner is gone."""
    return tempfile.mkdtemp(prefix=f"{RUN_DIR_PREFIX}{os.getpid()}-")


def remove_stale_run_dirs(folder: str | None = None) -> int:
    """Remove run folders whose owner process is gone (killed before it could clean up).
    Folders of another name pattern, or whose owner is alive, are left alone."""
    import psutil

    folder = folder or tempfile.gettempdir()
    removed = 0
    try:
        names = os.listdir(folder)
    except OSError:
        return 0
    for name in names:
        m = _RUN_DIR_RE.match(name)
        if not m:
            continue
        path = os.path.join(folder, name)
        try:
            st = os.stat(path, follow_symlinks=False)
            if not os.path.isdir(path) or os.path.islink(path) or st.st_uid != os.getuid():
                continue
            owner = psutil.Process(int(m.group(1)))
            if owner.create_time() <= st.st_mtime + 1.0 and _live(owner):
                continue  # the owner is alive (and older than the folder)
        except psutil.NoSuchProcess:
            pass
        except (OSError, psutil.Error):
            continue
        shutil.rmtree(path, ignore_errors=True)
        removed += 1
    return removed
