"""When the app's cyclic garbage collector runs (tutor/app/garbage_policy.py): off until the first
frame, then start-up's objects frozen; a full collection only when the learner is idle and no
run goes; the collector back as it was when the app ends."""

from __future__ import annotations

from apphelp import SIZE, wait_until


def test_gc_is_restored_after_the_app(make_app):
    """The app holds the cyclic GC off until its first frame, then freezes what start-up
    allocated; when it ends, the collector is back as it was."""
    import asyncio
    import gc

    assert gc.isenabled() and gc.get_freeze_count() == 0
    thresholds = gc.get_threshold()
    app = make_app(target=("exercise", "6.1"))

    async def go():
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            # after the first frame, start-up's objects are frozen and the collector is back on
            await wait_until(pilot, lambda: gc.get_freeze_count() > 0)
            assert gc.isenabled()

    asyncio.run(go())
    assert gc.isenabled() and gc.get_freeze_count() == 0
    assert gc.get_threshold() == thresholds


def test_the_collector_runs_when_the_learner_is_idle(monkeypatch):
    """A full collection happens at a quiet moment (no input for a few seconds, nothing running),
    once per quiet spell, and freezes the survivors; never while a run is going."""
    import gc

    from tutor.app import garbage_policy

    policy = garbage_policy.GarbagePolicy(gc.isenabled())
    calls = []
    monkeypatch.setattr(policy, "collect", lambda: calls.append("collect"))
    policy.frozen = True
    policy.noticed_input()
    assert not policy.collect_if_idle(busy=False)  # input just now
    policy.last_input -= garbage_policy.IDLE_SECONDS + 1
    monkeypatch.setattr(gc, "get_count", lambda: (5, 3, 1))  # something reached the old generation
    assert not policy.collect_if_idle(busy=True)  # a run is going
    assert policy.collect_if_idle(busy=False) and calls == ["collect"]
    assert not policy.collect_if_idle(busy=False)  # once per quiet spell
    policy.noticed_input()
    policy.last_input -= garbage_policy.IDLE_SECONDS + 1
    monkeypatch.setattr(gc, "get_count", lambda: (5, 3, 0))  # nothing new in the old generation
    assert not policy.collect_if_idle(busy=False)


def test_a_learner_who_never_pauses_still_gets_a_collection_between_runs(monkeypatch):
    """Typing and running without a quiet spell: once the old generation has had as many young
    collections as Python's default allows, a collection happens anyway, but never during a run
    (in tmux, Ctrl+R every second grew the app by 0.1 MB per run with no collection at all)."""
    import gc

    from tutor.app import garbage_policy

    policy = garbage_policy.GarbagePolicy(gc.isenabled())
    calls = []
    monkeypatch.setattr(policy, "collect", lambda: calls.append("collect"))
    policy.frozen = True
    policy.noticed_input()  # the learner is active
    due = garbage_policy.DUE_AFTER
    monkeypatch.setattr(gc, "get_count", lambda: (5, 3, due - 1))
    assert not policy.collect_if_idle(busy=False) and calls == []
    monkeypatch.setattr(gc, "get_count", lambda: (5, 3, due))
    assert not policy.collect_if_idle(busy=True)  # a run is going
    assert policy.collect_if_idle(busy=False) and calls == ["collect"]
