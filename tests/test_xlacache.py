"""The workers' compilation cache: uncapped inside JAX (no per-compile scan of the folder, no
lock between workers), trimmed by the tutor at most daily to its cap, oldest use first."""

import os
import subprocess
import sys
import textwrap

from tutor.worker import xlacache

KB = 1024


def _entry(folder, name, size, used_at, atime_file=False):
    path = folder / f"{name}{xlacache.ENTRY_SUFFIX}"
    path.write_bytes(b"x" * size)
    os.utime(path, (used_at, used_at))
    if atime_file:
        (folder / f"{name}-atime").write_bytes(b"12345678")
    return path


def test_a_trim_removes_the_entries_used_longest_ago_down_below_the_cap(tmp_path):
    names = [f"jit_f{i}-k{i}" for i in range(10)]
    for i, name in enumerate(names):
        _entry(tmp_path, name, 10 * KB, used_at=1_000_000 + i * 60, atime_file=True)
    (tmp_path / ".lockfile").write_bytes(b"")
    removed = xlacache.trim(tmp_path, max_bytes=80 * KB)  # 100 KB held, cap 80, keep 60
    assert removed == 40 * KB
    left = sorted(p.name for p in tmp_path.glob(f"*{xlacache.ENTRY_SUFFIX}"))
    assert left == sorted(f"{n}{xlacache.ENTRY_SUFFIX}" for n in names[4:])
    assert sorted(p.name for p in tmp_path.glob("*-atime")) == sorted(
        f"{n}-atime" for n in names[4:]
    )
    assert (tmp_path / ".lockfile").exists()  # not an entry: left alone


def test_a_recent_read_counts_as_use(tmp_path):
    old = _entry(tmp_path, "jit_old-a", 10 * KB, used_at=1_000_000)
    _entry(tmp_path, "jit_new-b", 10 * KB, used_at=2_000_000)
    os.utime(old, (3_000_000, 1_000_000))  # written first, read last
    xlacache.trim(tmp_path, max_bytes=15 * KB)
    assert old.exists() and not (tmp_path / f"jit_new-b{xlacache.ENTRY_SUFFIX}").exists()


def test_a_folder_under_its_cap_or_missing_is_left_as_it_is(tmp_path):
    for i in range(3):
        _entry(tmp_path, f"jit_g{i}-k", 10 * KB, used_at=1_000_000 + i)
    assert xlacache.trim(tmp_path, max_bytes=30 * KB) == 0
    assert len(list(tmp_path.iterdir())) == 3
    assert xlacache.trim(tmp_path / "nowhere") == 0


def test_a_trim_is_due_once_a_day(tmp_path):
    cap, now = 15 * KB, 5_000_000.0
    _entry(tmp_path, "jit_a-1", 10 * KB, used_at=now - 100)
    _entry(tmp_path, "jit_b-2", 10 * KB, used_at=now - 50)
    assert xlacache.trim_if_due(tmp_path, now=now, max_bytes=cap) == 10 * KB
    _entry(tmp_path, "jit_c-3", 10 * KB, used_at=now)
    assert (
        xlacache.trim_if_due(tmp_path, now=now + 3600, max_bytes=cap) is None
    )  # trimmed an hour ago
    assert len(list(tmp_path.glob(f"*{xlacache.ENTRY_SUFFIX}"))) == 2
    assert (
        xlacache.trim_if_due(tmp_path, now=now + xlacache.TRIM_EVERY_S + 1, max_bytes=cap)
        == 10 * KB
    )


def test_a_worker_caches_every_program_without_jax_capping_the_folder(tmp_path):
    """As a worker sets it up: the dir is set, JAX keeps no size cap (so no lock file and no
    per-entry timestamp files), and even a program that compiles in no time is cached."""
    folder = tmp_path / "cache"
    code = textwrap.dedent(f"""
        import jax, jax.numpy as jnp
        from tutor.worker import xlacache
        xlacache.enable(jax, {str(folder)!r})
        jax.jit(lambda a: a * 3.0 + 1.0)(jnp.arange(3.0)).block_until_ready()
        print(jax.config.jax_compilation_cache_max_size, jax.config.jax_compilation_cache_dir)
    """)
    env = {**os.environ, "JAX_PLATFORMS": "cpu"}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["-1", str(folder)]
    names = [p.name for p in folder.iterdir()]
    assert any(n.startswith("jit__lambda") and n.endswith(xlacache.ENTRY_SUFFIX) for n in names), (
        names
    )
    assert not any(n.endswith("-atime") or n == ".lockfile" for n in names), names
    assert ".trimmed" in names  # the first worker trimmed (nothing to do)
