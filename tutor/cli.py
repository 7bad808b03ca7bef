"""Command line (design §5.6). Placeholder grown into the full CLI; dev commands first."""

from __future__ import annotations

import argparse
import sys


def _dev(args) -> int:
    from tutor.content import load_course
    from tutor.devcheck import check_exercise, run_blocks
    from tutor.runner import Runner
    from tutor.validate import validate_content

    if args.dev_cmd == "validate":
        problems = validate_content()
        for p in problems:
            print(p)
        print(f"{len(problems)} problem(s)")
        return 1 if problems else 0
    course = load_course()
    runner = Runner()
    failures = 0
    try:
        if args.dev_cmd == "check":
            ids = args.ids or list(course.exercises)
            for ex_id in ids:
                for v in check_exercise(course, course.exercise(ex_id), runner):
                    failures += not v.ok
                    print(("ok   " if v.ok else "FAIL ") + v.label + ": " + v.why, flush=True)
                    if not v.ok and args.verbose and v.result:
                        for c in v.result.checks:
                            print("    ", c.id, c.status.value, (c.message or "")[:300])
                        if v.result.error:
                            print(v.result.error.traceback)
                        print(v.result.stderr[-2000:])
        else:
            for v in run_blocks(course, args.ids, runner):
                failures += not v.ok
                print(("ok   " if v.ok else "FAIL ") + v.label + ": " + v.why, flush=True)
                if not v.ok and v.result:
                    if v.result.error:
                        print(v.result.error.traceback)
                    print(v.result.stdout[-1500:], v.result.stderr[-1500:])
    finally:
        runner.close()
    print(f"{failures} failure(s)")
    return 1 if failures else 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="jaxtutor")
    sub = p.add_subparsers(dest="cmd", required=True)
    dev = sub.add_parser("dev", help="content authors' tools")
    dsub = dev.add_subparsers(dest="dev_cmd", required=True)
    c = dsub.add_parser("check", help="solutions pass, starters not attempted, fixtures fail on their check")
    c.add_argument("ids", nargs="*")
    c.add_argument("-v", "--verbose", action="store_true")
    b = dsub.add_parser("blocks", help="run lessons' runnable blocks and quiz verify code")
    b.add_argument("ids", nargs="*", help="chapter ids or lesson ids")
    dsub.add_parser("validate", help="validate the content")
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.cmd == "dev":
        return _dev(args)
    return 2


if __name__ == "__main__":
    sys.exit(main())
