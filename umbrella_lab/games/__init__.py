"""One subpackage per game; importing this module registers them all."""

from umbrella_lab.games import academy  # noqa: F401
