"""Build or remove the optional compiled build (see ``contraband.compiled``).

python -m contraband.fast build     # compile the hot modules in place (make fast)
python -m contraband.fast clean     # remove the build (make pure)
python -m contraband.fast status    # which runs: the build or the sources
"""

from __future__ import annotations

import os
import sys

from contraband.compiled import GROUP, MODULES, ROOT, built_files, running, why_sources

#: mypy's options for the build: the modules it compiles must type-check; the ones they import
#: are read for their types only
MYPY_OPTIONS = ("--follow-imports=silent", "--ignore-missing-imports")


def build() -> None:
    """Compile MODULES in place with mypyc (needs the extra ``fast`` and a C compiler)."""
    try:
        from mypyc.build import mypycify
        from setuptools import setup
    except ImportError:
        sys.exit("the compiled build needs mypy and setuptools: pip install -e '.[fast]'")
    clean()
    os.chdir(ROOT)
    extensions = mypycify(
        [*MODULES, *MYPY_OPTIONS], opt_level="3", group_name=GROUP, target_dir="build/mypyc"
    )
    setup(
        name="contraband-compiled",
        ext_modules=extensions,
        script_args=["--quiet", "build_ext", "--inplace", "--build-temp", "build/mypyc/temp"],
    )
    for path in built_files():  # setuptools keeps an unchanged file's old time: the build is new
        os.utime(path)


def clean() -> None:
    for path in built_files():
        path.unlink()


def main(argv: list[str]) -> None:
    """The command line: build, clean or status."""
    command = argv[0] if argv else "status"
    if command == "build":
        build()
        print(f"built {len(built_files())} compiled files beside their sources")
    elif command == "clean":
        clean()
        print("removed the compiled build")
    elif command == "status":
        reason = why_sources()
        state = running()
        print(f"running: {state}" + (f" ({reason})" if reason else ""))
    else:
        sys.exit(f"unknown command {command!r}: use build, clean or status")


if __name__ == "__main__":
    main(sys.argv[1:])
