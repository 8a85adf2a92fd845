"""Binder's environment is locked (binder/requirements.txt, made by `python3 dev.py lock`) and
the lock matches pyproject.toml's dependencies: a class on Monday gets what passed the tests on
Friday, and a dependency added or changed in pyproject.toml without a new lock fails here."""

from __future__ import annotations

import hashlib
import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LOCK = ROOT / "binder" / "requirements.txt"

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

packaging = pytest.importorskip("packaging")
from packaging.requirements import Requirement  # noqa: E402
from packaging.utils import canonicalize_name  # noqa: E402

AGAIN = "the Binder lock is out of date: run `python3 dev.py lock` and commit binder/"


def _dependencies() -> list[str]:
    with (ROOT / "pyproject.toml").open("rb") as file:
        return tomllib.load(file)["project"]["dependencies"]


def _binder_python() -> str:
    runtime = (ROOT / "binder" / "runtime.txt").read_text(encoding="utf-8").strip()
    assert re.fullmatch(r"python-3\.\d+", runtime), runtime
    return runtime.removeprefix("python-")


def _lock() -> tuple[list[str], dict[str, str]]:
    """The lock's comment lines and its pins (normalized name -> version)."""
    comments, pins, other = [], {}, []
    for line in LOCK.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            comments.append(line)
        elif "==" in line:
            name, version = line.split("==")
            assert canonicalize_name(name) not in pins, f"{name} is pinned twice"
            pins[canonicalize_name(name)] = version.strip()
        elif line.strip():
            other.append(line.strip())
    assert other == ["-e ."], f"the lock holds the project and pins only, not {other}"
    return comments, pins


def test_the_lock_was_made_from_these_dependencies():
    comments, _ = _lock()
    listed = json.dumps(sorted(_dependencies())).encode()
    fingerprint = hashlib.sha256(listed).hexdigest()[:16]
    assert f"# pyproject dependencies: {fingerprint}" in comments, AGAIN
    assert any(f"for Python {_binder_python()} on Linux" in line for line in comments), AGAIN


def test_every_dependency_is_pinned_to_a_version_it_allows():
    _, pins = _lock()
    version = _binder_python()
    binder = {
        "python_version": version,
        "python_full_version": f"{version}.0",
        "sys_platform": "linux",
        "platform_system": "Linux",
        "os_name": "posix",
        "platform_machine": "x86_64",
        "implementation_name": "cpython",
        "platform_python_implementation": "CPython",
    }
    for text in _dependencies():
        wanted = Requirement(text)
        if wanted.marker is not None and not wanted.marker.evaluate(binder):
            assert canonicalize_name(wanted.name) not in pins or wanted.name == "tomli", text
            continue
        name = canonicalize_name(wanted.name)
        assert name in pins, f"{wanted.name} is not in the lock; {AGAIN}"
        assert wanted.specifier.contains(pins[name], prereleases=True), (
            f"the lock pins {wanted.name}=={pins[name]}, which {text!r} does not allow; {AGAIN}"
        )
    assert {"jupyterlab", "voila", "ipykernel", "anywidget"} <= set(pins)


def test_dev_py_has_the_lock_command():
    text = (ROOT / "dev.py").read_text(encoding="utf-8")
    assert '"lock": cmd_lock' in text and "binder/requirements.txt" in text


def test_binder_gets_a_notebook_7_made_for_the_locked_jupyterlab():
    """A Binder link to /tree or /notebooks starts Notebook 7; the image's own is made for the
    image's JupyterLab, and the lock's JupyterLab is another: the lock pins both."""
    _, pins = _lock()
    assert pins["notebook"].startswith("7.")
    lab = tuple(int(part) for part in pins["jupyterlab"].split(".")[:2])
    notebook_minor = int(pins["notebook"].split(".")[1])
    assert lab[0] == 4 and notebook_minor == lab[1]  # Notebook 7.x goes with JupyterLab 4.x
