"""A class table played to the end in Chromium: the teacher's page and every seat's page.

The table's server runs in a thread of this process on 127.0.0.1; each seat's page is opened
from its link, and the game is played by clicking the moves' buttons on the page of the seat
whose turn it is, to the end. Every page then shows the summary with its turning point;
screenshots of a seat's page at phone size (390x844) and laptop size (1366x768), at the start
and at the end, and of the teacher's page projected (1280x720 at 150%) go to the shots folder;
axe-core finds no serious or critical violation on the pages; no frame a page received names
the seed before the end. A table's notebook output, rendered, shows a seat's code only where
the embedded teacher's view does.

Run with ``pytest -m ui tests/ui/test_table_browser.py`` (a slow test: the full run).
"""

from __future__ import annotations

import random
import re
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.ui

SEED = 90817
WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
PHONE = ({"width": 390, "height": 844}, 2)
LAPTOP = ({"width": 1366, "height": 768}, 1)
PROJECTED = ({"width": 1280, "height": 720}, 1.5)


def _serious(page) -> list[str]:
    """Serious and critical violations on the page outside the board itself.

    The board is the explorer's renderer, which the explorer's own accessibility tests check
    (tests/ui/test_accessibility_browser.py); this test checks what the table adds around it.
    """
    axe_module = pytest.importorskip(
        "axe_playwright_python.sync_playwright", reason="axe-playwright-python is not installed"
    )
    options = {"runOnly": {"type": "tag", "values": WCAG}, "resultTypes": ["violations"]}
    context = {"exclude": [[".ulx-board"]]}
    found = axe_module.Axe().run(page, context=context, options=options).response["violations"]
    return [
        f"{v['impact']} {v['id']}: {v['help']} ({len(v['nodes'])}): "
        + "; ".join(
            f"{n.get('target')} {str(n.get('failureSummary', ''))[:160]}" for n in v["nodes"][:3]
        )
        for v in found
        if v["impact"] in ("serious", "critical")
    ]


def _moved(table, before: int, wait: float = 30.0) -> bool:
    """Wait until the table has changed since change ``before`` (or is over); whether it did."""
    end = time.monotonic() + wait
    while table.serial == before and not table.over:
        if time.monotonic() > end:
            return False
        time.sleep(0.01)
    return True


def _play_at_seat(table, page, moves: int) -> None:
    """Up to ``moves`` moves: the page clicks a random move at its turns, bots play theirs."""
    rng = random.Random(1)
    for _ in range(moves):
        if table.over:
            break
        before = table.serial
        if not table.bot_due():
            # (a bot may move between reading the change and asking whose turn it is, and the
            # page may show that change only for a moment: wait for it or a later one)
            page.wait_for_function(f"() => Number(document.body.dataset.at) >= {before}")
            if table.serial != before:
                continue
            buttons = page.locator(".ult-move")
            buttons.nth(rng.randrange(buttons.count())).click()
        assert _moved(table, before), f"no move at change {before}"
    page.wait_for_function(f"() => Number(document.body.dataset.at) >= {table.serial}")


@pytest.mark.parametrize(
    ("game", "players", "bots"), [("marvel", 4, {3: "heuristic"}), ("academy", 3, {})]
)
def test_a_whole_game_through_the_pages(browser, shots: Path, tmp_path: Path, game, players, bots):
    import umbrella_lab as ul

    shown = ul.table(
        game,
        players=players,
        seed=SEED,
        bots=bots,
        host="127.0.0.1",
        store=tmp_path,
        bot_delay=0.05,
    )
    table, links = shown.table, shown.links
    first = next(s for s in range(players) if s not in bots)

    # at the start: a seat on a phone (a page the seat's laptop page below takes over)
    phone = browser.new_page(viewport=PHONE[0], device_scale_factor=PHONE[1])
    phone.goto(links["seats"][first]["link"])
    phone.wait_for_selector(".ult-board .ulx-board", timeout=30_000)
    phone.screenshot(path=str(shots / f"table-{game}-seat-phone.png"))
    assert _serious(phone) == []

    frames: list[str] = []
    pages = []
    context = browser.new_context(viewport=LAPTOP[0])
    for seat in range(players):
        page = context.new_page()
        page.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(f)))
        page.goto(links["seats"][seat]["link"])
        pages.append(page)
    phone.wait_for_selector("#ult-notice:not([hidden])", timeout=30_000)
    assert "another device" in phone.inner_text("#ult-notice")
    phone.close()
    teacher = browser.new_page(viewport=PROJECTED[0], device_scale_factor=PROJECTED[1])
    teacher.goto(links["teacher"])
    teacher.wait_for_selector(".ult-seat .ult-show-code", timeout=30_000)
    # every seat joined (or a bot's): no seat's secret on the projected page
    assert teacher.locator(".ult-qr svg").count() == 0
    assert not any(seat["code"] in teacher.inner_text(".ult-seats") for seat in links["seats"])
    teacher.screenshot(path=str(shots / f"table-{game}-teacher-projected.png"))
    pages[first].wait_for_selector(".ult-board .ulx-board", timeout=30_000)
    pages[first].screenshot(path=str(shots / f"table-{game}-seat-laptop.png"))
    assert _serious(teacher) == []
    assert _serious(pages[first]) == []

    rng = random.Random(2)
    for _ in range(900):
        if table.over:
            break
        before = table.serial
        if table.bot_due():
            assert _moved(table, before), f"no bot moved at change {before}"
            continue
        actor = next(s for s in range(players) if table.may_act(s))
        page = pages[actor]
        page.wait_for_function(f"() => Number(document.body.dataset.at) >= {before}")
        if table.serial != before:  # a bot moved meanwhile
            continue
        buttons = page.locator(".ult-move")
        buttons.nth(rng.randrange(buttons.count())).click()
        if not _moved(table, before):
            notice = page.inner_text("#ult-notice") if page.is_visible("#ult-notice") else ""
            raise AssertionError(f"the click made no move at change {before}: {notice}")
    assert table.over

    worked_out = "() => !document.querySelector('.ult-turning').innerText.includes('being worked')"
    for page in [*pages, teacher]:
        page.wait_for_selector(".ult-summary:not([hidden]) h2", timeout=30_000)
        page.wait_for_function(worked_out, timeout=30_000)  # the turning point, found off the loop
    pages[first].screenshot(path=str(shots / f"table-{game}-seat-laptop-end.png"))
    teacher.screenshot(path=str(shots / f"table-{game}-teacher-projected-end.png"))
    assert "Download the record" in teacher.inner_text(".ult-summary")
    assert "turning point" in teacher.inner_text(".ult-turning").lower()
    phone = browser.new_page(viewport=PHONE[0], device_scale_factor=PHONE[1])
    phone.goto(links["seats"][first]["link"])  # (takes the seat over: the game is over)
    phone.wait_for_selector(".ult-summary:not([hidden]) h2", timeout=30_000)
    phone.wait_for_function(worked_out, timeout=30_000)
    phone.screenshot(path=str(shots / f"table-{game}-seat-phone-end.png"))
    assert _serious(phone) == []
    phone.close()
    assert _serious(teacher) == []
    over = [i for i, text in enumerate(frames) if '"summary":{' in text]
    assert over, "the pages got the summary"
    assert all(str(SEED) not in text for text in frames[: over[0]])
    context.close()
    teacher.close()


LOW_CONTRAST_JS = """(root) => {
  const parse = (c) => { const m = c.match(/rgba?\\(([^)]+)\\)/); if (!m) return null;
    const p = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
  const lum = (rgb) => { const f = (v) => { v /= 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(rgb[0]) + 0.7152 * f(rgb[1]) + 0.0722 * f(rgb[2]); };
  const over = (top, under) => [0, 1, 2].map((i) => top[i] * top[3] + under[i] * (1 - top[3]));
  const background = (el) => { const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c && c[3] > 0) { layers.push(c); if (c[3] >= 1) break; } }
    let bg = [255, 255, 255]; for (const c of layers.reverse()) bg = over(c, bg); return bg; };
  const found = [];
  for (const el of root.querySelectorAll("*")) {
    const own = [...el.childNodes].filter((n) => n.nodeType === 3 && n.textContent.trim())
      .map((n) => n.textContent.trim()).join(" ");
    if (!own || el.closest("[aria-hidden=true]")) continue;
    const box = el.getBoundingClientRect(); const style = getComputedStyle(el);
    if (box.width <= 1 || box.height <= 1 || style.visibility === "hidden") continue;
    const bg = background(el); const fg = over(parse(style.color), bg);
    const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x); const ratio = (a + 0.05) / (b + 0.05);
    const size = parseFloat(style.fontSize); const bold = Number(style.fontWeight) >= 700;
    const needed = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
    if (ratio < needed - 0.005) found.push(`${ratio.toFixed(2)}:1 "${own.slice(0, 40)}" `
      + `(${el.className || el.tagName}: ${style.color} on rgb(${bg.map(Math.round).join(", ")}))`);
  }
  return [...new Set(found)];
}"""
"""Every visible text on the page, and its contrast with what it is drawn on (WCAG AA).

axe-core leaves out text of one letter (a token's "C", a symbol's "H"), which the board is full
of; this reads every one, as a reader would."""


@pytest.mark.parametrize(
    "heroes",
    [("iron-man", "captain-america", "black-widow", "hulk"), ("captain-marvel", "ant-man", "wasp")],
    ids=["heroes-1-4", "heroes-5-7"],
)
def test_a_seat_page_mid_game_reads_at_wcag_aa_with_every_hero(browser, shots, tmp_path, heroes):
    """A seat's page of Marvel United after a dozen moves, board included: axe-core finds no
    serious violation and every text, a token's letter too, reads at 4.5:1 (a symbol's white H
    on the gold read 3:1 here). The two tables seat all seven heroes of the box."""
    import umbrella_lab as ul

    shown = ul.table(
        "marvel",
        players=len(heroes),
        seed=5,
        heroes=heroes,
        bots=dict.fromkeys(range(1, len(heroes)), "heuristic"),
        host="127.0.0.1",
        store=tmp_path,
        bot_delay=0.02,
    )
    table = shown.table
    page = browser.new_page(viewport=LAPTOP[0], device_scale_factor=LAPTOP[1])
    page.goto(shown.links["seats"][0]["link"])
    page.wait_for_selector(".ult-board .ulx-board", timeout=30_000)
    _play_at_seat(table, page, 40)
    page.screenshot(path=str(shots / f"table-marvel-{'-'.join(heroes)}-mid-game.png"))
    text = page.inner_text(".ult-board")
    for hero in heroes:  # every hero is drawn: its chip, its panel, its cards
        assert hero.replace("-", " ") in text.lower().replace("-", " "), hero
    low = page.evaluate(LOW_CONTRAST_JS, page.query_selector("body"))
    axe_module = pytest.importorskip("axe_playwright_python.sync_playwright")
    options = {"runOnly": {"type": "tag", "values": WCAG}, "resultTypes": ["violations"]}
    found = axe_module.Axe().run(page, options=options).response["violations"]
    serious = [
        f"{v['id']} ({len(v['nodes'])})" for v in found if v["impact"] in ("serious", "critical")
    ]
    page.close()
    assert low == [], low
    assert serious == [], serious


def test_an_academy_seat_page_mid_game_reads_at_wcag_aa(browser, shots, tmp_path):
    """The academy's board at a table seat, after a dozen moves: every text reads at 4.5:1."""
    import umbrella_lab as ul

    shown = ul.table(
        "academy",
        players=3,
        seed=5,
        bots=dict.fromkeys((1, 2), "heuristic"),
        host="127.0.0.1",
        store=tmp_path,
        bot_delay=0.02,
    )
    table = shown.table
    page = browser.new_page(viewport=LAPTOP[0], device_scale_factor=LAPTOP[1])
    page.goto(shown.links["seats"][0]["link"])
    page.wait_for_selector(".ult-board .ulx-board", timeout=30_000)
    _play_at_seat(table, page, 30)
    page.screenshot(path=str(shots / "table-academy-mid-game.png"))
    low = page.evaluate(LOW_CONTRAST_JS, page.query_selector("body"))
    page.close()
    assert low == [], low


def test_the_teachers_page_names_bots_in_words_and_a_dropped_page_rejoins(browser, shots, tmp_path):
    """The teacher's page, projected: every menu names its bots in the kit's words ("hold at
    20", never "hold-at-20"), each with the line on how it plays; a seat a bot plays says so
    under its menu. A page whose connection drops on a laptop's table joins again."""
    import umbrella_lab as ul

    shown = ul.table(
        "pig", players=2, seed=4, bots={1: "hold-at-20"}, host="127.0.0.1", store=tmp_path
    )
    table, server = shown.table, shown.server
    teacher = browser.new_page(viewport=PROJECTED[0], device_scale_factor=PROJECTED[1])
    teacher.goto(shown.links["teacher"])
    teacher.wait_for_selector(".ult-bot-how", timeout=30_000)
    teacher.screenshot(path=str(shots / "table-pig-teacher-bots-projected.png"))
    options = teacher.eval_on_selector_all(
        ".ult-seat select option", "(os) => os.map((o) => [o.value, o.textContent, o.title])"
    )
    assert ["hold-at-20", "bot: hold at 20"] in [o[:2] for o in options]
    menus = teacher.eval_on_selector_all(".ult-seat select", "(ss) => ss.map((s) => s.title)")
    shown_text = [text for o in options for text in o[1:]] + menus
    shown_text += [teacher.inner_text(".ult-seats"), teacher.inner_text(".ult-controls")]
    assert "Roll until the turn total reaches 20" in teacher.inner_text(".ult-bot-how")
    assert all(o[2] for o in options if o[0]), "every bot has its line as a tooltip"
    for text in shown_text:
        for name in ("hold-at-20", "mcts"):  # the names of pig's players that read as code
            assert not re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text), (name, text)
    assert _serious(teacher) == []

    # a dropped connection on a laptop's table: the page joins again, as before
    before = server.sockets[table.id] and len(server.sockets[table.id])
    server.loop.call_soon_threadsafe(  # type: ignore[attr-defined]
        lambda: [s.close(1001, "a network drop") for s in list(server.sockets[table.id])]
    )
    teacher.wait_for_selector("text=Connection lost", timeout=10_000)
    end = time.monotonic() + 30
    while time.monotonic() < end and len(server.sockets.get(table.id, ())) < before:
        time.sleep(0.1)
    assert len(server.sockets[table.id]) == before, "the teacher's page joined again"
    assert teacher.is_hidden("#ult-notice")
    teacher.close()


def test_a_class_joins_by_code_late_reloads_and_takes_a_seat_back(browser, shots, tmp_path):
    """A class's flow: one student joins by typing the code, another only after moves were
    made (the log from the deal), one reloads mid-game (the same seat back), and a page whose
    seat another device took stops offering moves, says so in its header, and takes the seat
    back with one button. The projected teacher's page shows a seat's QR code and code only
    until its student has joined: anyone in the room could scan it and open that hand."""
    import umbrella_lab as ul

    shown = ul.table(
        "academy", players=3, seed=SEED, host="127.0.0.1", store=tmp_path, bot_delay=0.05
    )
    table, links = shown.table, shown.links
    context = browser.new_context(viewport=PHONE[0], device_scale_factor=PHONE[1])
    pages = {0: context.new_page(), 1: context.new_page()}
    pages[0].goto(links["seats"][0]["link"])
    pages[1].goto(links["front"])
    pages[1].fill("input[name=code]", links["seats"][1]["code"].lower().replace("-", " "))
    pages[1].keyboard.press("Enter")
    for page in pages.values():
        page.wait_for_selector(".ult-board .ulx-board", timeout=30_000)
    assert pages[1].title().startswith(f"{table.names[1]} ·")
    teacher = browser.new_page(viewport=PROJECTED[0], device_scale_factor=PROJECTED[1])
    teacher.goto(links["teacher"])
    teacher.wait_for_selector(".ult-qr svg", timeout=30_000)
    codes = [seat["code"] for seat in links["seats"]]
    seats_text = teacher.inner_text(".ult-seats")
    assert codes[0] not in seats_text and codes[1] not in seats_text and codes[2] in seats_text
    assert teacher.locator(".ult-qr svg").count() == 1  # the seat nobody has joined yet
    teacher.screenshot(path=str(shots / "table-academy-teacher-two-joined-projected.png"))

    # a double tap plays once, and no "not done: your page showed the table as it was" follows
    actor = next(s for s in range(3) if table.may_act(s) and table.offered(s))
    assert actor in pages and not table.bot_due()
    step = table.step
    before = table.serial
    pages[actor].wait_for_selector(f'body[data-at="{before}"]', timeout=30_000)
    pages[actor].locator(".ult-move").first.dblclick()
    assert _moved(table, before)
    for page in pages.values():
        page.wait_for_selector(f'body[data-at="{table.serial}"]', timeout=30_000)
    time.sleep(0.3)  # a second move, had it been sent, is answered by now
    assert table.step == step + 1
    assert pages[actor].is_hidden("#ult-notice"), pages[actor].inner_text("#ult-notice")

    rng = random.Random(3)
    while not table.over and table.step < 12:  # until the late student's seat is to act
        before = table.serial
        if table.bot_due():
            assert _moved(table, before)
            continue
        actor = next(s for s in range(3) if table.may_act(s) and table.offered(s))
        if actor not in pages:
            break
        page = pages[actor]
        page.wait_for_selector(f'body[data-at="{before}"]', timeout=30_000)
        buttons = page.locator(".ult-move")
        buttons.nth(rng.randrange(buttons.count())).click()
        assert _moved(table, before)
    assert table.step > 0

    late = context.new_page()
    late.goto(links["seats"][2]["link"])
    late.wait_for_selector(f'body[data-at="{table.serial}"]', timeout=30_000)
    assert late.locator(".ult-log > li").count() == table.step + 1  # the log from the deal
    assert table.names[2] in late.inner_text("#ult-title")
    teacher.wait_for_function("() => !document.querySelector('.ult-qr svg')", timeout=30_000)
    assert not any(code in teacher.inner_text(".ult-seats") for code in codes)
    teacher.click(f"[aria-label='Show the join code of {table.names[2]}']")  # a lost phone
    assert codes[2] in teacher.inner_text(".ult-seats")
    assert teacher.locator(".ult-qr svg").count() == 1
    assert _serious(teacher) == []
    asked: list[str] = []
    teacher.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    step = table.step
    teacher.click("text=Undo a move")
    assert asked and "comes again the same way" in asked[0]  # the luck seen stays seen
    assert table.step == step  # dismissed: nothing taken back
    teacher.close()

    for seat in (0, 1):  # a reload keeps the seat: its link (or the code's) holds the secret
        pages[seat].reload()
        pages[seat].wait_for_selector(f'body[data-at="{table.serial}"]', timeout=30_000)
        assert pages[seat].title().startswith(f"{table.names[seat]} ·")
        assert (table.id, seat) in shown.server.seated

    actor = next(s for s in range(3) if table.may_act(s))
    taken = {0: pages[0], 1: pages[1], 2: late}[actor]
    assert taken.locator(".ult-move").count() > 0
    laptop = browser.new_page(viewport=LAPTOP[0])
    laptop.goto(links["seats"][actor]["link"])
    laptop.wait_for_selector(".ult-move", timeout=30_000)
    taken.wait_for_selector("#ult-notice:not([hidden])", timeout=30_000)
    taken.screenshot(path=str(shots / "table-academy-seat-taken-over.png"))
    assert taken.locator(".ult-move").count() == 0, "no button that would go nowhere"
    assert "another device" in taken.inner_text("#ult-turn")
    assert "another device" in taken.inner_text("#ult-notice")
    taken.click("button.ult-reload")
    taken.wait_for_selector(".ult-move", timeout=30_000)
    laptop.wait_for_selector("#ult-notice:not([hidden])", timeout=30_000)
    assert laptop.locator(".ult-move").count() == 0
    laptop.close()
    context.close()


def test_the_notebook_output_shows_the_seats_codes_only_as_the_teachers_view_does(
    browser, shots, tmp_path
):
    """A table's notebook output, rendered (projected size): the embedded teacher's view shows
    a seat's code until its student joins; the output's own copy of the codes stays closed."""
    import umbrella_lab as ul

    shown = ul.table("pig", players=2, host="127.0.0.1", store=tmp_path, bot_delay=0.0)
    codes = [seat["code"] for seat in shown.links["seats"]]
    student = browser.new_page(viewport=PHONE[0], device_scale_factor=PHONE[1])
    student.goto(shown.links["seats"][0]["link"])
    student.wait_for_selector(".ult-move", timeout=30_000)
    page = browser.new_page(viewport=PROJECTED[0], device_scale_factor=PROJECTED[1])
    page.goto(shown.address)  # the output, from an http page as a local notebook shows it
    page.set_content(f"<!doctype html><html lang='en'><body>{shown._repr_html_()}</body></html>")
    teacher = page.frame_locator("iframe")
    teacher.locator(".ult-code").first.wait_for(timeout=30_000)
    assert teacher.locator(".ult-code").all_inner_texts() == codes[1:]  # the joined seat's: gone
    assert not any(page.get_by_text(code).first.is_visible() for code in codes)
    page.screenshot(path=str(shots / "table-pig-notebook-output-projected.png"))
    page.locator("summary").click()  # when the teacher's view stays blank
    assert all(page.get_by_text(code).first.is_visible() for code in codes)
