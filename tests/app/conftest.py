"""Shared fixtures of the app tests: a temporary learner home, a small fixture course (built from
the real exercise 6.1 plus tiny lessons, a quiz and a cheat sheet written here, so that the tests
do not depend on content that other people are still writing), and an app factory."""

from __future__ import annotations

import os
import shutil
import textwrap
from pathlib import Path

import pytest

# no tab-underline or scroll animations: snapshots must not catch a frame mid-animation
os.environ["TEXTUAL_ANIMATIONS"] = "none"

from tutor import paths

REAL_LESSONS = paths.package_dir().parent / "lessons"
REAL_CHECKS = paths.package_dir().parent / "checks"

from answers import ERROR_6_1, SLOW_6_1, SOLUTION_6_1, STARTER_6_1, WRONG_6_1  # noqa: E402,F401

from tutor.application.session import RunLike, RunnerLike  # noqa: E402
from tutor.protocol.events import CheckDone, CheckStarted, Started  # noqa: E402
from tutor.protocol.result import CheckOutcome  # noqa: E402


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")


def build_fixture_content(root: Path) -> Path:
    lessons, checks = root / "lessons", root / "checks"
    _write(
        lessons / "course.toml",
        """
        title = "jaxtutor 测试课程"
        chapters = ["ch6", "ch9"]
        welcome = "welcome.md"
        """,
    )
    _write(
        lessons / "welcome.md",
        """
        # 欢迎使用测试课程

        这是欢迎页。按 **F1** 查看快捷键。
        """,
    )
    ch6 = lessons / "ch6"
    _write(
        ch6 / "chapter.toml",
        """
        id = "6"
        title = "入门 第 6 章 JAX 中的状态管理"
        short_title = "状态管理"
        context = "context.py"
        lessons = ["6.1", "6.2"]
        exercises = ["6.1"]
        repairs = ["6.2-fix1"]
        quiz = "quiz.toml"
        cheatsheet = "cheatsheet.md"
        """,
    )
    shutil.copy(REAL_LESSONS / "ch6" / "context.py", ch6 / "context.py")
    # a real repair exercise (its own texts and check module), linked from the fixture lesson 6.2
    shutil.copytree(REAL_LESSONS / "ch6" / "exercises" / "6.2-fix1", ch6 / "exercises" / "6.2-fix1")
    # exercise 6.1: the real check module (checks/ex_6_1.py), with texts of its own here so that
    # snapshots do not change when the real statement or starter is edited
    ex = ch6 / "exercises" / "6.1"
    _write(
        ex / "exercise.toml",
        """
        id = "6.1"
        title = "用 JIT 实现有状态计数器"
        needs = ["6.2"]
        time_limit = 20
        hints = [
          "状态只能从参数进来、从返回值出去。",
          "新计数是 count + 1;increment 原样放在第二个位置。",
          "两行:new_count = count + 1,然后 return new_count, increment。",
        ]

        [[interface]]
        name = "update_counter"
        signature = "update_counter(count, increment) -> (new_count, increment)"
        kind = "function"
        """,
    )
    _write(
        ex / "statement.md",
        """
        # 练习 6.1 有状态计数器

        写一个纯函数 `update_counter(count, increment)`,返回 `(count + 1, increment)`。

        - 计数每次固定加 1;
        - 第二个返回值原样交回 `increment`;
        - 必须能被 `jax.jit` 包装。

        相关课文:[6.2 节](lesson:6.2)。
        """,
    )
    _write(ex / "starter.py", STARTER_6_1)
    _write(ex / "solution.py", SOLUTION_6_1)
    _write(
        ex / "explanation.md",
        """
        计数活在调用者手里:旧状态进、新状态出,所以 jit 只追踪一次。
        """,
    )
    _write(
        ch6 / "lessons" / "6.1.md",
        """
        +++
        id = "6.1"
        title = "纯函数与副作用"
        level = "core"
        +++

        ## 什么是纯函数

        纯函数只依赖参数。下一课见 [6.2 节](lesson:6.2),练习见 [练习 6.1](exercise:6.1)。

        ```python run
        print("你好,纯函数")
        chart.line({"y": [1, 4, 9, 16]}, title="平方")
        ```

        ## 副作用

        ```python
        counter = 0  # 只是展示,不可运行
        ```

        测验:[第 6 章测验](quiz:6)。
        """,
    )
    _write(
        ch6 / "lessons" / "6.2.md",
        """
        +++
        id = "6.2"
        title = "显式传递状态"
        +++

        ## 状态进、状态出

        把状态作为参数传入,再作为返回值交回。

        ```python run context
        print("上下文里有 jnp:", "jnp" in globals())
        ```

        ## 先猜再跑

        ```python run
        print("长度", len([1, 2, 3]))
        ```
        ```predict
        question = "这段代码打印的长度是多少?"
        options = ["2", "3", "4"]
        answer = "B"
        shows = "长度 3"
        ```

        再猜一个数:

        ```python run
        print("和", 1.5 + 2)
        ```
        ```predict
        question = "打印出来的和是多少?"
        number = 3.5
        shows = "和 3.5"
        ```

        ## ❌ 给数组元素赋值

        ```python run
        grid = [0, 0]
        grid[1] = 2  # ❌ 在 JAX 数组上这样写会报错
        print(grid)
        ```

        [动手修复:给数组元素赋值](exercise:6.2-fix1)
        """,
    )
    _write(
        ch6 / "quiz.toml",
        """
        title = "第 6 章测验"

        [[questions]]
        id = "q1"
        kind = "choice"
        prompt = "jit 函数里修改全局变量会怎样?"
        options = ["每次调用都生效", "只在追踪时生效一次", "报错"]
        answer = "B"
        explanation = "副作用只在追踪时执行。"

        [[questions]]
        id = "q2"
        kind = "choice"
        prompt = "状态应该怎样进出函数?"
        options = ["全局变量", "参数进、返回值出"]
        answer = "B"
        explanation = "显式传递状态。"
        verify = "print('验证通过:', sum([1, 2, 3]))"

        [[questions]]
        id = "q3"
        kind = "open"
        prompt = "为什么 jit 需要纯函数?"
        model_answer = "因为追踪只执行一次 Python 代码。"
        """,
    )
    _write(
        ch6 / "cheatsheet.md",
        """
        # 第 6 章速查表

        ## 纯函数

        | 做法 | 结果 |
        |---|---|
        | 全局计数器 | 只在追踪时加一 |
        | 参数传状态 | 正确 |

        ## 随机数

        用 jax.random.split 拆分 key。
        """,
    )
    ch9 = lessons / "ch9"
    _write(
        ch9 / "chapter.toml",
        """
        id = "9"
        title = "测试第 9 章"
        short_title = "第九章"
        context = "context.py"
        lessons = ["9.1"]
        exercises = []
        """,
    )
    _write(ch9 / "context.py", "import jax.numpy as jnp\n")
    _write(
        ch9 / "lessons" / "9.1.md",
        """
        +++
        id = "9.1"
        title = "最后一课"
        +++

        ## 结尾

        没有了。
        """,
    )
    checks.mkdir(parents=True, exist_ok=True)
    for f in REAL_CHECKS.glob("*.py"):
        shutil.copy(f, checks / f.name)
    return root


@pytest.fixture(scope="session")
def fixture_content(tmp_path_factory) -> Path:
    return build_fixture_content(tmp_path_factory.mktemp("content"))


@pytest.fixture
def content(fixture_content, monkeypatch) -> Path:
    monkeypatch.setenv("JAXTUTOR_CONTENT", str(fixture_content))
    return fixture_content


@pytest.fixture
def home(tmp_path, monkeypatch) -> Path:
    h = tmp_path / "home"
    monkeypatch.setenv("JAXTUTOR_HOME", str(h))
    return h


@pytest.fixture
def make_app(content, home):
    """make_app(target=None, runner=None, warm=False) -> TutorApp on the fixture course."""
    from tutor.app.tutorapp import TutorApp

    apps = []

    def factory(target=None, runner=None, warm=False):
        app = TutorApp(home=home, target=target, runner=runner, warm=warm)
        apps.append(app)
        return app

    yield factory


class FakeRun(RunLike):
    def __init__(self, result, delay: float, on_event, on_output, events=(), output="", nonce=""):
        import threading

        self.result = None
        self._final = result
        self._cancel = threading.Event()
        self._done = threading.Event()

        def body():
            if on_event:
                on_event(Started(nonce=nonce))
            if output and on_output:
                on_output("stdout", output)
            for ev in events:
                if on_event:
                    on_event(ev)
            if self._cancel.wait(delay):
                from tutor.protocol.result import RunResult, Status

                self.result = RunResult(exercise=result.exercise, status=Status.CANCELLED)
            else:
                self.result = self._final
            self._done.set()

        threading.Thread(target=body, daemon=True).start()

    def cancel(self):
        self._cancel.set()

    def wait(self, timeout=None):
        self._done.wait(timeout)
        return self.result


class FakeRunner(RunnerLike):
    """Stands in for tutor.running.runner.Runner through the session's RunnerLike protocol (the one the
    real Runner meets, checked by test_fake_runner_has_the_runner_protocol): returns canned
    RunResults, fast and deterministic."""

    def __init__(self):
        self.results = []  # queue of (RunResult, delay_s, output)
        self.jobs = []
        self.files = []  # the text of each job's file when the run started
        self.warmed = []

    def push(self, result, delay: float = 0.0, output: str = ""):
        self.results.append((result, delay, output))

    def warm(self, context=None):
        self.warmed.append(context)

    def start(self, job, on_event=None, on_output=None):
        self.jobs.append(job)
        if getattr(job, "file", None):
            self.files.append(Path(job.file).read_text(encoding="utf-8"))
        result, delay, output = self.results.pop(0)
        events = []
        for c in result.checks:  # the events the real runner sends, through the result document
            events.append(CheckStarted(nonce=job.nonce, id=c.id, name=c.name))
            events.append(CheckDone(nonce=job.nonce, check=CheckOutcome.from_dict(c.to_dict())))
        return FakeRun(result, delay, on_event, on_output, events, output, job.nonce)

    def close(self):
        pass


@pytest.fixture
def fake_runner():
    return FakeRunner()


@pytest.fixture
def no_new_jax():
    """The app's process never imports jax or numpy: the test using this fixture must not import
    them. (Another test of the same pytest process may have imported them before; what is
    asserted is that this test added neither.)"""
    import sys

    before = {m for m in ("jax", "numpy") if m in sys.modules}
    yield
    added = {m for m in ("jax", "numpy") if m in sys.modules} - before
    assert not added, f"the app's process imported {sorted(added)}"
