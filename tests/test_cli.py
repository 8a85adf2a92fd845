"""The umbrella-lab command, run through main([...])."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

import umbrella_lab as ul
from umbrella_lab.cli import main

TUTORIALS = Path(__file__).resolve().parents[1] / "tutorials"


def test_games_lists_the_registered_games(capsys):
    assert main(["games"]) == 0
    lines = capsys.readouterr().out.splitlines()
    academy = next(line for line in lines if line.startswith("academy "))
    assert academy.endswith("The Umbrella Academy Game (1-6 players, co-operative)")
    assert len(lines) == len(ul.engine.games())


def test_rules_prints_the_digest_or_one_rule(capsys):
    assert main(["rules", "academy"]) == 0
    digest = capsys.readouterr().out
    assert "turn.block: Block" in digest and "== 1. Aim ==" in digest
    assert main(["rules", "academy", "turn.block"]) == 0
    one = capsys.readouterr().out
    assert one.startswith("turn.block: Block\n")
    assert "attack value is exactly equal" in one


def test_simulate_prints_the_win_rate_with_its_range(capsys):
    assert main(["simulate", "academy", "--players", "3", "--games", "30", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert "The Umbrella Academy Game, 3 players, policy heuristic" in out
    assert "win rate" in out and "95% range" in out and "Wilson" in out
    assert "seeds 5 to 34" in out
    assert "mean rounds" in out and "games/s" in out


def test_simulate_json(capsys):
    args = [
        "simulate",
        "academy",
        "--players",
        "2",
        "--games",
        "20",
        "--policy",
        "random",
        "--option",
        "strength=8",
        "--option",
        "strict_heal=false",
        "--json",
    ]
    assert main(args) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 20 and report["players"] == 2 and report["policy"] == "random"
    assert report["options"] == {"strength": 8, "strict_heal": False}
    assert report["low"] <= report["win_rate"] <= report["high"]
    assert report["games_per_second"] > 0 and report["mean_rounds"] > 0


def test_json_matches_the_library(capsys):
    from umbrella_lab import sim

    assert main(["simulate", "academy", "--players", "3", "--games", "25", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    frame = sim.simulate("academy", players=3, n=25)
    assert report["wins"] == int(frame["won"].sum())
    assert report["mean_rounds"] == pytest.approx(frame["rounds"].mean())


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["simulate", "chess"], "no game named 'chess'"),
        (["simulate", "academy", "--players", "9"], "9 players is not allowed"),
        (["simulate", "academy", "--option", "strength=99"], "strength=99 is not allowed"),
        (["simulate", "academy", "--option", "speed=1"], "unknown option speed"),
        (["simulate", "academy", "--option", "strength"], "NAME=VALUE"),
        (["simulate", "academy", "--policy", "smart"], "no policy named 'smart'"),
        (["simulate", "academy", "--games", "0"], "at least 1"),
        (["rules", "chess"], "no game named 'chess'"),
        (["rules", "academy", "turn.fly"], "no rule 'turn.fly'"),
    ],
)
def test_errors_print_one_line_and_exit_2(capsys, args, words):
    assert main(args) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("umbrella-lab: error: ")
    assert words in lines[0]


def test_usage_errors_and_help_return_a_status(capsys):
    assert main(["simulate"]) == 2  # no game named
    assert "usage: umbrella-lab simulate" in capsys.readouterr().err
    assert main(["--help"]) == 0
    assert "simulate" in capsys.readouterr().out


def test_option_values_are_read_like_python():
    from umbrella_lab.cli import _value

    assert _value("9") == 9
    assert _value("TRUE") is True and _value("off") is False
    assert _value("none") is None
    assert _value("kraken,rumor") == ("kraken", "rumor")
    assert _value("team") == "team"


def test_dashboard_names_its_notebook(capsys):
    assert main(["dashboard", "--print-notebook"]) == 0
    path = capsys.readouterr().out.strip()
    assert path.replace("\\", "/").endswith("notebooks/teacher_dashboard.ipynb")


def test_an_installed_kit_writes_its_own_dashboard_notebook(monkeypatch, tmp_path):
    import json

    from umbrella_lab import cli

    monkeypatch.setattr(cli, "DASHBOARD", cli.Path("no-such-folder") / "dashboard.ipynb")
    monkeypatch.chdir(tmp_path)
    notebook = cli.dashboard_notebook()
    cell = json.loads(notebook.read_text(encoding="utf-8"))["cells"][0]["source"]
    assert "Dashboard(variants=" in cell and (tmp_path / "my_work").as_posix() in cell


def test_dashboard_help_says_what_it_is(capsys):
    assert main(["dashboard", "--help"]) == 0
    assert "teacher's dashboard in Voila" in capsys.readouterr().out


def test_no_command_prints_the_help(capsys):
    assert main([]) == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: umbrella-lab")
    for command in ("games", "rules", "simulate", "dashboard", "voila"):
        assert command in out


def test_simulate_help_lists_every_game_with_its_policies(capsys):
    from umbrella_lab.sim.policies import policy_names

    assert main(["simulate", "--help"]) == 0
    out = capsys.readouterr().out
    listed = out.split("games and their policies (--policy):\n", 1)[1].splitlines()
    rows = {line.split()[0]: line.split(None, 1)[1] for line in listed if line.strip()}
    assert sorted(rows) == ul.games()
    for game, policies in rows.items():
        assert policies == ", ".join(policy_names(game))
    assert "hold-at-20" in rows["pig"]


def test_unknown_arguments_are_refused_except_where_voila_takes_them(capsys):
    assert main(["games", "--colour"]) == 2
    assert "unrecognized arguments: --colour" in capsys.readouterr().err


def test_a_port_in_use_is_skipped_for_the_next_free_one():
    import socket

    from umbrella_lab.jupyter_settings import free_port, port_is_free

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert not port_is_free(port)
        chosen = free_port(port)
        assert chosen > port and port_is_free(chosen)
    with pytest.raises(ValueError, match="port must be a number from 1 to 65535"):
        free_port(70000)


def _serve_command(monkeypatch, capsys, args):
    """Run ``main(args)`` for a Voila command, returning the command it would start."""
    import subprocess

    from umbrella_lab import cli

    started = []

    class FakeProcess:
        def __init__(self, command, cwd, **kwargs):
            started.append(command)

        def wait(self):
            return 0

    monkeypatch.setattr(subprocess, "Popen", FakeProcess)
    monkeypatch.setattr(cli, "trust_notebooks", lambda paths: 0)
    assert main(args) == 0
    return started[0], capsys.readouterr().out


def test_dashboard_moves_to_a_free_port_and_says_so(monkeypatch, capsys):
    import socket

    pytest.importorskip("voila")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        command, out = _serve_command(
            monkeypatch, capsys, ["dashboard", "--port", str(port), "--no-browser"]
        )
    chosen = int(next(arg for arg in command if arg.startswith("--port=")).split("=")[1])
    assert chosen != port
    assert f"port {port} is in use; using {chosen}" in out
    assert f"http://localhost:{chosen}/" in out
    assert "--no-browser" in command


def test_voila_pages_cull_idle_kernels_and_pass_other_options_on(monkeypatch, capsys):
    pytest.importorskip("voila")
    command, out = _serve_command(
        monkeypatch,
        capsys,
        ["voila", str(TUTORIALS / "02_probability_with_dice.ipynb"), "--theme=dark"],
    )
    assert command[2] == "umbrella_lab.voila_server"  # shuts a page's kernel down as it closes
    assert "--MappingKernelManager.cull_idle_timeout=600" in command
    assert "--MappingKernelManager.cull_connected=False" in command
    assert command[-1] == "--theme=dark"  # the user's options come last and win
    # an option the user gives replaces the kit's (Voila takes each option once)
    shorter = "--MappingKernelManager.cull_idle_timeout=30"
    command, _ = _serve_command(monkeypatch, capsys, ["dashboard", shorter])
    assert [arg for arg in command if "cull_idle_timeout" in arg] == [shorter]
    assert "02_probability_with_dice.ipynb is at http://localhost:" in out


def test_voila_needs_an_existing_notebook(capsys):
    assert main(["voila", "tutorials/no_such.ipynb"]) == 2
    assert "no notebook 'tutorials/no_such.ipynb'" in capsys.readouterr().err


def test_simulate_reports_what_the_simulation_table_says(capsys):
    """The command counts plain rows; its figures equal those of the pandas tables."""
    assert main(["simulate", "corporation", "--games", "40", "--seed", "3", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    frame = ul.sim.simulate("corporation", n=40, seed=3, workers=1)
    assert report["wins"] == int(frame["won"].sum())
    assert report["seats"] == ul.sim.seat_win_rate(frame).to_dict("records")
    assert main(["simulate", "academy", "--players", "3", "--games", "30", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    frame = ul.sim.simulate("academy", players=3, n=30, workers=1)
    assert report["mean_rounds"] == float(frame["rounds"].mean())
    assert (report["wins"], report["seats"]) == (int(frame["won"].sum()), [])


def test_simulate_starts_without_pandas():
    """pandas takes most of a second to import; the command's simulate never needs it."""
    code = (
        "import sys\n"
        "from umbrella_lab.cli import main\n"
        "main(['simulate', 'pig', '--games', '5', '--json'])\n"
        "print(sorted(m for m in ('pandas', 'numpy', 'altair') if m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.splitlines()[-1] == "[]"


def test_the_player_count_given_as_an_option_is_named(capsys):
    args = ["simulate", "academy", "--games", "5", "--option", "players=3"]
    assert main(args) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["umbrella-lab: error: the player count is not a rule option: give --players 3"]
