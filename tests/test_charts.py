"""Chart builders: every chart is drawn from a small simulated table and validates."""

import subprocess
import sys

import altair as alt
import pytest

import umbrella_lab as ul
from umbrella_lab import charts, sim


@pytest.fixture(scope="module")
def frame():
    return sim.sweep("academy", {"players": [2, 3], "strength": [7, 8]}, n=25, seed=1)


@pytest.fixture(scope="module")
def advice():
    return sim.advise(ul.load("academy", players=3).new(seed=7), rollouts=10)


@pytest.fixture(params=["plain", "themed"])
def theme(request):
    before = alt.theme.active
    if request.param == "themed":
        charts.use_theme()
    yield request.param
    alt.theme.enable(before)


def build_all(frame, advice):
    three = frame[(frame["players"] == 3)]
    a = three[three["strength"] == 7]
    b = three[three["strength"] == 8]
    return {
        "win rate by players": charts.win_rate_chart(frame, by="players"),
        "win rate overall": charts.win_rate_chart(frame, by=None, title="All games"),
        "rounds": charts.rounds_chart(frame),
        "villains beaten by players": charts.rounds_chart(frame, "villains_beaten", by="players"),
        "damage": charts.damage_by_round_chart(frame),
        "damage by strength": charts.damage_by_round_chart(frame, by="strength"),
        "advisor": charts.advisor_chart(advice),
        "comparison": charts.comparison_chart(a, b, ("strength 7", "strength 8")),
        "heat map": charts.sweep_heatmap(frame, "strength", "players"),
        "heat map fixed": charts.sweep_heatmap(frame, "strength", "players", domain=(0, 1)),
    }


def test_every_chart_validates(frame, advice, theme):
    for name, chart in build_all(frame, advice).items():
        spec = chart.to_dict()  # validates against the Vega-Lite schema
        assert spec["$schema"].startswith("https://vega.github.io/schema/vega-lite/"), name
        assert "title" in spec, name
        if theme == "themed":
            assert spec["config"]["range"]["category"] == charts.PALETTE, name


def test_charts_carry_summaries_not_every_game(frame):
    spec = charts.win_rate_chart(frame, by="players").to_dict()
    (values,) = spec["datasets"].values()
    assert [row["group"] for row in values] == ["2", "3"]
    assert sum(row["games"] for row in values) == len(frame)
    for row in values:
        assert row["low"] <= row["win_rate"] <= row["high"]


def test_plain_words_on_the_axes(frame):
    spec = charts.win_rate_chart(frame, by="players").to_dict()
    assert spec["layer"][0]["encoding"]["x"]["title"] == "Number of players"
    assert spec["layer"][0]["encoding"]["y"]["title"] == "Games won"
    assert charts.outcomes.words("opt_hand_size") == "Hand size"
    assert charts.outcomes.words("heroes_alive") == "Heroes alive at the end"


def test_advisor_chart_puts_the_best_move_first(advice):
    spec = charts.advisor_chart(advice).to_dict()
    shown = [label.replace("\n", " ") for label in spec["layer"][0]["encoding"]["y"]["sort"]]
    assert shown == advice["label"].tolist()  # (long labels wrapped onto lines)


def test_comparison_shows_the_paired_difference(frame):
    three = frame[frame["players"] == 3]
    a, b = three[three["strength"] == 7], three[three["strength"] == 8]
    result = sim.compare(a, b)
    spec = charts.comparison_chart(a, b, ("seven", "eight")).to_dict()
    assert "hconcat" in spec
    rows = [row for rows in spec["datasets"].values() for row in rows if "difference" in row]
    assert rows[0]["difference"] == pytest.approx(result.difference)
    assert rows[0]["low"] == pytest.approx(result.low)


def test_win_rate_by_seat_uses_the_winners(frame):
    spec = charts.win_rate_chart(frame, by="seat").to_dict()
    (values,) = spec["datasets"].values()
    assert [row["group"] for row in values] == ["0", "1", "2"]
    assert spec["title"]["text"] == "How often each seat wins"


def test_missing_columns_are_named(frame):
    with pytest.raises(KeyError, match="no column 'score'"):
        charts.rounds_chart(frame, "score")


def test_theme_is_registered_once_and_off_until_asked():
    assert charts.THEME in alt.theme.names()
    code = "import altair as alt, umbrella_lab.charts; print(alt.theme.active)"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "default"
    config = charts.theme_config()["config"]
    assert config["range"]["category"][:2] == ["#0072B2", "#E69F00"]  # Okabe-Ito


# --- strategy: the advisor's verdicts, tournaments ------------------------------------------------


@pytest.fixture(scope="module")
def duel():
    return sim.tournament("pig", ["random", "heuristic"], n=12, seed=2, bootstrap=30, workers=1)


@pytest.fixture(scope="module")
def team():
    return sim.tournament("academy", ["random", "heuristic"], n=20, players=2, workers=1)


def test_tournament_charts_validate(duel, team, theme):
    for chart in (
        charts.ratings_chart(duel),
        charts.ratings_chart(duel.ratings, title="Ratings"),
        charts.pairings_chart(duel),
        charts.pairings_chart(duel.table),
        charts.ladder_chart(team),
        charts.ladder_chart(team.ladder),
    ):
        spec = chart.to_dict()
        assert spec["$schema"].startswith("https://vega.github.io/schema/vega-lite/")
        assert "title" in spec


def test_ratings_are_drawn_best_first_with_their_range(duel):
    spec = charts.ratings_chart(duel).to_dict()
    assert spec["layer"][0]["encoding"]["y"]["sort"] == duel.ratings["policy"].tolist()
    rows = [row for rows in spec["datasets"].values() for row in rows if "rating" in row]
    assert rows[0]["low"] <= rows[0]["rating"] <= rows[0]["high"]


def test_the_ladder_shows_the_paired_lead(team):
    spec = charts.ladder_chart(team).to_dict()
    rows = [row for rows in spec["datasets"].values() for row in rows if "lead" in row]
    assert rows[0]["lead"].endswith(")") and rows[-1]["lead"] == ""


def test_charts_refuse_what_is_not_a_tournament():
    with pytest.raises(TypeError, match="give a tournament"):
        charts.ratings_chart([1, 2, 3])


def test_the_advisor_chart_colours_the_verdicts():
    raced = sim.advise(ul.load("academy", players=3).new(seed=7), seed=1)
    spec = charts.advisor_chart(raced).to_dict()
    colour = spec["layer"][0]["encoding"]["color"]["scale"]
    assert colour["domain"] == ["Best move", "About equal to the first", "Behind"]
    subtitle = " ".join(spec["title"]["subtitle"])  # short lines: it fits a projected notebook
    assert "play-outs each" in subtitle or "times" in subtitle


def test_the_advisor_chart_fits_a_projected_notebook_with_its_legend_and_no_card_ids():
    """Long move labels wrap, the legend sits above the bars: the picture (as an HTML export
    shows it) is at most 670 px wide, what a notebook projected at 1280x720 and 150% leaves an
    output, and the labels name cards by name only, whole."""
    import re

    import pandas as pd

    from umbrella_lab.charts import display

    labels = [
        "Captain Marvel: play Captain Marvel A + Photon Blast [captain-marvel-06]",
        "Séance: play Sibling Rivalry: remove card 4, villain attack 15 (1 damage) (you lose "
        "1 bar); leave 25 uncontested",
        "end the turn",
    ]
    advice = pd.DataFrame(
        {
            "label": labels,
            "win_rate": [0.5, 0.4, 0.2],
            "low": [0.4, 0.3, 0.1],
            "high": [0.6, 0.5, 0.3],
            "rollouts": [100] * 3,
            "verdict": ["best", "about equal", "behind"],
        }
    )
    spec = charts.advisor_chart(advice).to_dict()
    svg = display.pictures_of(spec, ["svg"])["image/svg+xml"]
    width = float(re.search(r'<svg[^>]*width="([\d.]+)"', svg).group(1))
    assert width <= 670, width
    assert "[captain-marvel-06]" not in svg and "Photon Blast" in svg
    assert "…" not in svg  # wrapped, not cut off
    assert "Best move" in svg  # the legend is drawn, inside the picture


def test_a_chart_by_seat_counts_each_game_once():
    """Every seat plays in each game: the subtitle gives the games, not the seats' sum."""
    frame = ul.sim.simulate("pig", players=2, n=60, progress=False)
    title = charts.win_rate_chart(frame, by="seat").to_dict()["title"]
    assert title["subtitle"].startswith("60 simulated games.")
