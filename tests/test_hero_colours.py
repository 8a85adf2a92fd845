"""Marvel United's hero colours stay apart for readers with a red-green colour deficiency.

Each colour is seen as a reader with deuteranopia or protanopia would see it (the matrices of
Machado, Oliveira and Fernandes 2009, severity 1, applied to linear RGB) and compared in CIE
Lab: any two heroes must differ by a clear distance. Each colour must also read as text on the
board and carry white letters (WCAG AA, 4.5:1).
"""

from __future__ import annotations

import itertools
import math
import re
from pathlib import Path

import pytest

from umbrella_lab.games.marvel.board import HERO_COLOURS

Matrix = tuple[tuple[float, float, float], ...]

NORMAL: Matrix = ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0))
DEUTERANOPIA: Matrix = (
    (0.367322, 0.860646, -0.227968),
    (0.280085, 0.672501, 0.047413),
    (-0.011820, 0.042940, 0.968881),
)
PROTANOPIA: Matrix = (
    (0.152286, 1.052583, -0.204868),
    (0.114503, 0.786281, 0.099216),
    (-0.003882, -0.048116, 1.051998),
)
VISIONS = {"normal": NORMAL, "deuteranopia": DEUTERANOPIA, "protanopia": PROTANOPIA}

CLEARLY_APART = 10.0
"""The smallest CIE76 distance (Delta E) between two heroes' colours: about twice what a reader
tells apart at a glance on a projected board."""

TEXT_CONTRAST = 4.5
"""WCAG AA for normal text."""

BACKGROUNDS = {
    "white letters": "#ffffff",
    "the board's paper": "#fffdf8",
    "a hero row under the pointer": "#eaeff1",  # 10% of the move colour #2f6db5 in the paper
}


def _linear(hex_colour: str) -> tuple[float, ...]:
    """The colour's linear RGB, each 0 to 1."""
    channels = (int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return tuple(c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)


def _seen(hex_colour: str, vision: Matrix) -> tuple[float, float, float]:
    """The colour in CIE Lab (D65) as a reader with this vision sees it."""
    rgb = _linear(hex_colour)
    r, g, b = (
        min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb, strict=True)))) for row in vision
    )
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def _contrast(one: str, other: str) -> float:
    """The WCAG contrast ratio of two colours."""

    def luminance(colour: str) -> float:
        r, g, b = _linear(colour)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_the_simulation_finds_the_known_confusion():
    # red and green of the same lightness: apart for most readers, close under deuteranopia
    red, green = "#c8412b", "#357a33"  # Iron Man and Hulk before
    assert math.dist(_seen(red, NORMAL), _seen(green, NORMAL)) > 50
    before = {"iron-man": "#c8412b", "captain-marvel": "#946000"}
    seen = [_seen(c, DEUTERANOPIA) for c in before.values()]
    assert math.dist(*seen) < CLEARLY_APART  # the confusion the old colours had


@pytest.mark.parametrize("vision", VISIONS)
def test_every_two_heroes_stay_clearly_apart(vision):
    seen = {hero: _seen(colour, VISIONS[vision]) for hero, colour in HERO_COLOURS.items()}
    close = [
        f"{a} and {b}: {math.dist(seen[a], seen[b]):.1f}"
        for a, b in itertools.combinations(seen, 2)
        if math.dist(seen[a], seen[b]) < CLEARLY_APART
    ]
    assert not close, f"under {vision}, too close (CIE76 under {CLEARLY_APART}): {close}"


@pytest.mark.parametrize("background", BACKGROUNDS)
def test_every_hero_colour_reads_at_wcag_aa(background):
    low = {
        hero: round(_contrast(colour, BACKGROUNDS[background]), 2)
        for hero, colour in HERO_COLOURS.items()
        if _contrast(colour, BACKGROUNDS[background]) < TEXT_CONTRAST
    }
    assert not low, f"below {TEXT_CONTRAST}:1 with {background}: {low}"


BOARD_CSS = (
    Path(__file__).resolve().parents[1]
    / "umbrella_lab"
    / "games"
    / "marvel"
    / "static"
    / "board.css"
)

LETTERS_ON = {  # each colour the board draws a letter or a word on, and the letter's colour
    "--umv-thug": "#ffffff",  # a Thug token's "T"
    "--umv-civilian": "#ffffff",  # a Civilian token's "C"
    "--umv-crisis": "#ffffff",  # a Crisis token's count
    "--umv-villain-fig": "#ffffff",  # the villain's figure
    "--umv-move": "#ffffff",  # the symbols M, A, W on a card
    "--umv-attack": "#ffffff",
    "--umv-wild": "#ffffff",
    "--umv-heroic": "#15171a",  # the gold symbol H: dark letters
    "--umv-heroic-ink": "#ffffff",  # the gold notes' badges
    "--umv-villain": "#ffffff",  # the villain's name plate
}
"""The board's colours under letters, in the light theme the class table's pages use."""


def _light_colours() -> dict[str, str]:
    """The board's colour variables as its light theme (the ``.umv`` block) declares them."""
    css = BOARD_CSS.read_text(encoding="utf-8")
    block = css[css.index(".umv {") : css.index("}", css.index(".umv {"))]
    return dict(re.findall(r"(--umv-[a-z-]+):\s*(#[0-9a-fA-F]{6})", block))


@pytest.mark.parametrize("variable", LETTERS_ON)
def test_every_letter_on_the_board_reads_at_wcag_aa(variable):
    """Every colour the board (the explorer's and the class table's) puts letters on: the
    tokens, the symbols and the badges, not only the heroes (white on the gold H read 3:1,
    white on a Civilian 4.3:1)."""
    colours = _light_colours()
    ratio = _contrast(colours[variable], LETTERS_ON[variable])
    assert ratio >= TEXT_CONTRAST, f"{variable} {colours[variable]}: {ratio:.2f}:1"


def test_the_letters_colours_are_the_ones_the_board_draws():
    css = BOARD_CSS.read_text(encoding="utf-8")
    assert re.search(r"\.umv-sym\.is-heroic \{[^}]*color: #15171a", css)
    assert re.search(r"\.umv-sym \{[^}]*color: #fff;", css)  # the other symbols: white
