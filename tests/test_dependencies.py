"""The dependencies' bounds in pyproject.toml: each from the lowest version tested to below
its next major release (below the next minor for a 0.x one), and the minimum-versions lane
(`make test-minimum`, .ci/minimum-versions.txt) installs exactly those lowest versions, so
a `>=` promises no more than what was tested. reportlab's C accelerator stays optional."""

from __future__ import annotations

import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
# Versioned by year: a bound would refuse next year's time zones.
UNBOUNDED = {"tzdata"}


def requirements(*extras: str) -> list[Requirement]:
    listed = list(PROJECT["dependencies"])
    for extra in extras:
        listed += PROJECT["optional-dependencies"][extra]
    return [Requirement(line) for line in listed]


def minimum_pins() -> dict[str, str]:
    pins = {}
    for line in (ROOT / ".ci" / "minimum-versions.txt").read_text().splitlines():
        line = line.split("#")[0].strip()
        if line:
            name, _, version = line.partition("==")
            pins[canonicalize_name(name)] = version.strip()
    return pins


def lower_bound(requirement: Requirement) -> str | None:
    return next((s.version for s in requirement.specifier if s.operator == ">="), None)


def test_every_dependency_is_bounded_above_and_below() -> None:
    loose = [
        str(r)
        for r in requirements("test", "accel")
        if lower_bound(r) is None
        or (
            canonicalize_name(r.name) not in UNBOUNDED
            and not any(s.operator == "<" for s in r.specifier)
        )
    ]
    assert loose == []


def test_the_minimum_lane_installs_each_lowest_version_allowed() -> None:
    """Every dependency of a user's install is pinned there; a test tool that is pinned is
    pinned at its lower bound too."""
    pins = minimum_pins()
    runtime = {canonicalize_name(r.name) for r in requirements()}
    assert sorted(runtime - set(pins)) == []
    differ = []
    for r in requirements("test"):
        pinned, lowest = pins.get(canonicalize_name(r.name)), lower_bound(r)
        if pinned is not None and (lowest is None or Version(pinned) != Version(lowest)):
            differ.append(f"{r.name}: allows {lowest}, the lane installs {pinned}")
    assert differ == []


def test_the_c_accelerator_is_an_optional_extra_left_out_of_the_minimum_lane() -> None:
    names = {canonicalize_name(r.name) for r in requirements()}
    assert "rl-accel" not in names
    assert [canonicalize_name(r.name) for r in requirements("accel")][-1] == "rl-accel"
    assert "rl-accel" not in minimum_pins()
