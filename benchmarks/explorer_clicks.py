"""How long the explorer takes to answer a click, for each game (target: under 50 ms).

Run: ``python benchmarks/explorer_clicks.py [clicks]``. Plays the first listed action again
and again through the explorer's message handler (as a click in the browser does) and prints
the median, 90th percentile and worst time in milliseconds that Python takes.

``python benchmarks/explorer_clicks.py --browser [clicks] [game]`` measures what a learner
waits for: from the click on a move in a real browser (the system's Chromium, through
Playwright) to the redrawn board on the screen, in Voila and in JupyterLab (default game:
marvel). Each round clicks the first move, then Undo, so every click starts from the same
table; only the moves are counted. It prints the explorer's own drawing time too (its
``data-draw-ms``); the run without ``--browser`` gives the Python part.
``--against DIR`` runs the same rounds, alternating click by click, on a second page whose
kernel imports the kit from DIR (another checkout, e.g. made by ``git worktree add``): a
change measured against what it replaces on a busy machine.

The browser run also measures the floor, alternating with the explorer: a minimal widget whose
button sends a message to the kernel, which answers with one changed value that is drawn.
No explorer can answer faster than that round trip on the same machine (Jupyter's server, the
kernel's messaging and the page's next frame); what the explorer adds is the difference.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

import umbrella_lab as ul
from umbrella_lab.widgets import Explorer

CASES = {"academy": 4, "umbrella": 4, "corporation": 2, "pig": 3, "marvel": 1}
SEEDS = {"marvel": 1}


def in_python(clicks: int) -> None:
    """The Python side of a click, for each game, in this process."""
    print(f"{'game':<12} {'median':>8} {'90%':>8} {'worst':>8}  (ms per click, {clicks} clicks)")
    for name, players in CASES.items():
        if name not in ul.games():
            continue
        w = Explorer(name, seed=SEEDS.get(name, 7), players=players)
        times = []
        for _ in range(clicks):
            if w.state.is_over:
                break
            start = time.perf_counter()
            w._on_frontend_msg(w, {"type": "act", "id": w.actions[0]["id"]}, [])
            times.append((time.perf_counter() - start) * 1000)
        ninety = sorted(times)[int(len(times) * 0.9)]
        print(f"{name:<12} {statistics.median(times):>8.1f} {ninety:>8.1f} {max(times):>8.1f}")


# One round in the page: click a control, wait for the board drawn for the new step (the
# explorer marks each finished board with its drawing time, data-draw-ms, whether it drew a new
# board or brought the one on the page up to date), then for the next painted frame.
CLICK = """async ([index, selector]) => {
  const root = document.querySelectorAll(".ulx")[index];
  const wrap = root.querySelector(".ulx-board-wrap");
  const step = root.querySelector(".ulx-step").textContent;
  const target = root.querySelector(selector);
  const start = performance.now();
  const done = new Promise((resolve) => {
    const seen = new MutationObserver(() => {
      if (root.querySelector(".ulx-step").textContent !== step) {
        seen.disconnect();
        requestAnimationFrame(() => setTimeout(resolve, 0));
      }
    });
    seen.observe(wrap, { attributes: true, attributeFilter: ["data-draw-ms"] });
  });
  target.click();
  await done;
  // the whole wait; the explorer's own redraw (its parts drawn at once, then the board); and
  // when the kernel's answer reached the page (the redraw began)
  const drawn = Number(root.dataset.drawMs || 0) + Number(wrap.dataset.drawMs || 0);
  return [performance.now() - start, drawn, Number(root.dataset.drawBegan) - start];
}"""


FLOOR_CELL = '''import anywidget, traitlets


class RoundTrip(anywidget.AnyWidget):
    """A button; a click asks the kernel for the next number, which is drawn anew."""

    _esm = """
    function render({ model, el }) {
      const button = Object.assign(document.createElement("button"), { textContent: "next" });
      button.className = "floor-button";
      let shown = Object.assign(document.createElement("div"), { className: "floor-count" });
      shown.textContent = String(model.get("count"));
      model.on("change:count", () => {
        const next = Object.assign(document.createElement("div"), { className: "floor-count" });
        next.textContent = String(model.get("count"));
        shown.replaceWith(next);
        shown = next;
      });
      button.addEventListener("click", () => model.send({ type: "next" }));
      el.append(button, shown);
    }
    export default { render };
    """
    count = traitlets.Int(0).tag(sync=True)

    def __init__(self):
        super().__init__()
        self.on_msg(lambda widget, content, buffers: setattr(self, "count", self.count + 1))


RoundTrip()'''
"""A notebook cell with the smallest widget round trip: the floor under any click's answer."""

FLOOR_CLICK = """async () => {
  const root = document.querySelector(".floor-button").parentElement;
  const before = root.querySelector(".floor-count").textContent;
  const start = performance.now();
  const done = new Promise((resolve) => {
    const seen = new MutationObserver(() => {
      const now = root.querySelector(".floor-count");
      if (now && now.textContent !== before) {
        seen.disconnect();
        requestAnimationFrame(() => setTimeout(resolve, 0));
      }
    });
    seen.observe(root, { childList: true, subtree: true });
  });
  root.querySelector(".floor-button").click();
  await done;
  return [performance.now() - start, 0, 0];
}"""
"""One round of the floor, measured as :data:`CLICK` measures the explorer's."""

FLOOR = "the round trip alone"


def _cell(game: str, kit: Path | None) -> str:
    head = f"import sys\n\nsys.path.insert(0, {str(kit)!r})\n" if kit else ""
    return (
        f"{head}from umbrella_lab.widgets import Explorer\n\n"
        f"Explorer({game!r}, seed={SEEDS.get(game, 7)}, players={CASES[game]})"
    )


def _open(browser, servers, where: str, notebook: str):
    """A page showing ``notebook`` in Voila or JupyterLab, its explorer drawn."""
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    if where == "voila":
        page.goto(f"{servers.voila}/voila/render/{notebook}", timeout=600_000)
    else:
        page.goto(f"{servers.lab}/lab/tree/{notebook}?reset", timeout=600_000)
        page.wait_for_selector("#jp-main-statusbar >> text=Idle", timeout=600_000)
        page.wait_for_function("() => window.jupyterapp", timeout=600_000)
        page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.locator(".ulx .ulx-action, .floor-button").first.wait_for(timeout=600_000)
    return page


def in_browser(clicks: int, game: str, against: Path | None) -> None:
    """Click to redrawn board in Voila and JupyterLab (see the module's docstring)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "ui"))
    from playwright.sync_api import sync_playwright

    from conftest import CHROMIUM, Servers, write_notebook  # the browser tests' servers

    root = Path(tempfile.mkdtemp(prefix="explorer-clicks-")) / "root"
    root.mkdir()
    kits = {"this kit": "clicks.ipynb"}
    write_notebook(root / "clicks.ipynb", [_cell(game, None)])
    if against:
        kits[f"the kit in {against.name}"] = "clicks_against.ipynb"
        write_notebook(root / "clicks_against.ipynb", [_cell(game, against)])
    kits[FLOOR] = "floor.ipynb"
    write_notebook(root / "floor.ipynb", [FLOOR_CELL])
    servers = Servers(root)
    servers.start()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=str(CHROMIUM), headless=True, args=["--no-sandbox"]
            )
            for where in ("voila", "lab"):
                pages = {kit: _open(browser, servers, where, nb) for kit, nb in kits.items()}
                times: dict[str, list[float]] = {kit: [] for kit in kits}
                drawing: dict[str, list[float]] = {kit: [] for kit in kits}
                answers: dict[str, list[float]] = {kit: [] for kit in kits}
                for round_ in range(clicks + 2):
                    for kit, page in pages.items():  # one click of each kit in turn
                        if kit == FLOOR:
                            took, drawn, answered = page.evaluate(FLOOR_CLICK)
                        else:
                            took, drawn, answered = page.evaluate(
                                CLICK, [0, ".ulx-decide .ulx-action"]
                            )
                            page.evaluate(CLICK, [0, ".ulx-tl-history .ulx-btn"])  # Undo
                        if round_ >= 2:  # the first rounds warm up
                            times[kit].append(took)
                            drawing[kit].append(drawn)
                            answers[kit].append(answered)
                for kit, got in times.items():
                    ninety = sorted(got)[int(len(got) * 0.9)]
                    drawn = (
                        ""
                        if kit == FLOOR
                        else f"; the answer reached the page after "
                        f"{statistics.median(answers[kit]):5.1f}, the explorer's drawing "
                        f"{statistics.median(drawing[kit]):5.1f}"
                    )
                    print(
                        f"{game} in {where:<6} {kit:<24} median {statistics.median(got):6.1f}"
                        f"  90% {ninety:6.1f}  worst {max(got):6.1f} ms ({len(got)} clicks)"
                        + drawn,
                        flush=True,
                    )
                floor = statistics.median(times[FLOOR])
                print(
                    f"{game} in {where:<6} the explorer adds "
                    f"{statistics.median(times['this kit']) - floor:5.1f} ms to the round trip",
                    flush=True,
                )
                for page in pages.values():
                    page.close()
            browser.close()
    finally:
        servers.stop()


def main() -> None:
    args = sys.argv[1:]
    against = None
    if "--against" in args:
        at = args.index("--against")
        against = Path(args[at + 1]).resolve()
        del args[at : at + 2]
    if args and args[0] == "--browser":
        clicks = int(args[1]) if len(args) > 1 else 20
        in_browser(clicks, args[2] if len(args) > 2 else "marvel", against)
        return
    in_python(int(args[0]) if args else 60)


if __name__ == "__main__":
    main()
