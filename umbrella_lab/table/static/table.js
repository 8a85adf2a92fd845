// The class table's pages: a seat's page (phone-friendly) and the teacher's (projected).
//
// The server runs the rules and sends each page its own view over a websocket
// (umbrella_lab/table/protocol.py describes the messages); this script only draws views and
// sends intents: {v: 1, type: "move", id, at}. It never decides whether a move is legal.
// Text is always set as text, never as HTML (names and labels come from the game's data).

const V = 1;
const body = document.body;
const role = body.dataset.role;
const seat = role === "seat" ? Number(body.dataset.seat) : null;
const token = new URLSearchParams(location.hash.slice(1)).get("k") || "";
const boardUrl = new URL(body.dataset.board, location.href).href;

const $ = (id) => document.getElementById(id);
const el = {
  title: $("ult-title"), turn: $("ult-turn"), notice: $("ult-notice"), moves: $("ult-moves"),
  controls: $("ult-controls"), board: $("ult-board"), seats: $("ult-seats"), log: $("ult-log"),
  summary: $("ult-summary"),
};

/** Make an element: h("div", {class: "x", onclick: f}, child, "text"). Text stays text. */
function h(tag, props, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "style" && typeof value === "object") Object.assign(node.style, value);
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Put ``children`` in ``node`` in place of what it held, leaving out the empty ones. */
function fill(node, ...children) {
  node.replaceChildren(...children.filter((child) => child !== null && child !== undefined && child !== false));
}

let socket = null;
let view = null;
let log = [];
let links = null;
let tries = 0;
let stopped = false;
let boardModule = null;
const memo = {};

// --- the connection ------------------------------------------------------------------------
function connect() {
  if (stopped) return;
  const url = new URL(role === "seat" ? "../ws" : "ws", location.href);
  url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
  url.hash = "";
  socket = new WebSocket(url.href);
  socket.addEventListener("open", () => {
    tries = 0;
    playedAt = null;  // a move sent on a lost connection is not waited for: the view comes anew
    movesDrawn = "";
    // the teacher's page says where it found the server, for the join links behind a proxy
    const root = role === "teacher" ? new URL("../../", location.href).href.split("#")[0].split("?")[0] : undefined;
    send({ type: "hello", role, seat: seat ?? undefined, token, root });
  });
  socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
  socket.addEventListener("close", (event) => {
    if ([4001, 4003, 4004].includes(event.code)) {
      stopped = true;
      if (event.code !== 4001) notice(event.reason ? `Closed: ${event.reason}.` : "Closed.", "error");
      return;
    }
    tries += 1;
    if (tries > 120) { notice("The table cannot be reached. Reload the page to try again.", "error"); return; }
    el.turn.textContent = "Connection lost: joining again…";
    const wait = Math.min(10000, 500 * 2 ** Math.min(tries, 5));
    signedOut().then((why) => {
      if (why) signInAgain(why);
      else setTimeout(connect, wait);
    });
  });
}

/** Why this page may not join any more ("" if it may, or it cannot tell).
 *
 * A browser does not tell a script why a websocket was refused. Behind a JupyterHub
 * (umbrella_lab/table/hub.py), a page whose hub login has ended (its cookie expired mid-class)
 * is refused for ever; so before joining again, ask the server for this page itself: it answers
 * 401 when the hub's sign-in is needed, 403 when the hub user may not use the table. A table
 * on a laptop answers 200, and an unreachable one nothing: then the page joins again. */
async function signedOut() {
  try {
    const page = new URL(location.href);
    page.hash = "";
    const answer = await fetch(page.href, { cache: "no-store", credentials: "same-origin", redirect: "manual" });
    if (answer.status === 401) return "signin";
    if (answer.status === 403) return "refused";
  } catch (error) {
    // the server is not reached: join again later
  }
  return "";
}

/** Stop joining and say, in one line, to reload the page (its link keeps the seat's secret). */
function signInAgain(why) {
  const text = why === "signin"
    ? "Your sign-in to the hub has ended: reload the page to sign in again (your seat is kept)."
    : "The hub no longer lets this login use the table: reload the page, or ask your teacher.";
  disconnected("Not connected.", text, "Reload");
}

/** This page no longer plays its seat: no move buttons (a tap on one would go nowhere), a
 * header that says so instead of whose turn it was, and a button to reload the page, whose
 * link keeps the seat's secret (a seat taken over by another device is taken back so). */
function disconnected(turn, text, button) {
  stopped = true;
  el.turn.textContent = turn;
  body.classList.remove("is-yours");
  body.classList.add("is-gone");
  if (view) {
    view = { ...view, actions: [], why_not: [] };
    movesDrawn = "";
    el.moves.replaceChildren(h("p", { class: "ult-wait" }, "This page no longer plays the seat."));
    drawBoard(true);
  }
  notice(text, "error");
  el.notice.insertBefore(h("button", { class: "ult-reload", onclick: () => location.reload() }, button), el.notice.lastChild);
}

let playedAt = null;  // the change the page sent a move on, until the table answers

/** Send a move made on the view shown, once: a second tap (a double tap, or a tap while the
 * table is still answering) would reach the server on a view already played on, and come back
 * refused as stale; the buttons wait, greyed, for the table's answer. */
function play(id) {
  if (!view || playedAt === view.at) return;
  playedAt = view.at;
  el.moves.querySelectorAll("button.ult-move").forEach((button) => { button.disabled = true; });
  send({ type: "move", id, at: view.at });
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ v: V, ...message }));
}

function receive(message) {
  if (message.type === "view") {
    log = log.slice(0, message.log_from).concat(message.log);
    view = message.view;
    if (view.links) links = view.links;
    draw();
  } else if (message.type === "refused") {
    playedAt = null;  // the table as it is comes next: its buttons may be tapped again
    movesDrawn = "";
    notice(`Not done: ${message.reason}`, "error", message.rule);
  } else if (message.type === "why") {
    notice(`${message.label}: ${message.reason}`, "info", message.rule);
  } else if (message.type === "error") {
    if (playedAt !== null && view) {  // the message was not used: the buttons are live again
      playedAt = null;
      movesDrawn = "";
      drawMoves();
    }
    notice(message.error, "error");
  } else if (message.type === "notice") {
    if (message.about === "taken") disconnected("Not connected: this seat is open on another device.", message.text, "Take the seat back");
    else notice(message.text, "info");
  }
}

function notice(text, kind, rule) {
  el.notice.hidden = false;
  el.notice.className = `ult-notice is-${kind}`;
  fill(el.notice, h("span", {}, text), rule ? h("span", { class: "ult-rule" }, `rule ${rule}`) : null,
    h("button", { class: "ult-close", "aria-label": "Close the notice", onclick: () => { el.notice.hidden = true; } }, "×"));
}

// --- drawing ---------------------------------------------------------------------------------
function draw() {
  drawTurn();
  drawSummary();
  if (role === "seat") drawMoves(); else drawControls();
  drawBoard();
  if (role === "teacher") drawSeats();
  drawLog();
}

function drawTurn() {
  const t = view.turn;
  let text;
  if (view.over) text = "The game is over.";
  else if (view.paused) text = "Paused by the teacher.";
  else if (role === "seat" && view.actions.length) text = `Your move, ${view.you}.`;
  else if (t.luck) text = "Luck decides…";
  else if (t.team) text = t.bot ? "The bots decide for the team…" : "The team decides: any player may choose.";
  else text = `${t.who}${t.bot ? " (bot)" : ""} to act…`;
  el.turn.textContent = text;
  body.dataset.at = String(view.at);
  el.title.textContent = role === "seat" ? `${view.you} · ${view.title}` : `${view.title} · table ${view.table}`;
  body.classList.toggle("is-yours", role === "seat" && view.actions.length > 0);
}

let movesDrawn = "";

function drawMoves() {
  // drawn again only when they change: a view that only tells who joined keeps the buttons
  // (a tap on a button being replaced would be lost)
  const key = JSON.stringify([view.at, view.actions, view.why_not, view.bots, view.private, view.over]);
  if (key === movesDrawn) return;
  movesDrawn = key;
  const parts = [];
  const bot = (view.bot_titles || {})[String(seat)];
  if (bot) parts.push(h("p", { class: "ult-wait" }, `A bot (${bot}) plays this seat for now.`));
  if (view.actions.length) {
    let group = null;
    let list = null;
    for (const action of view.actions) {
      if (action.group !== group) {
        group = action.group;
        list = h("div", { class: "ult-buttons" });
        parts.push(group ? h("h2", {}, group) : null, list);
      }
      list.append(h("button", {
        class: "ult-move", title: `${action.label} (rule ${action.rule})`,
        onclick: () => play(action.id),
      }, action.lead ? h("span", { class: "ult-lead" }, `${action.lead} `) : null, action.short || action.label));
    }
  } else if (!view.over) {
    parts.push(h("p", { class: "ult-wait" }, view.private ? `${view.turn.who} is choosing (their choices are private).` : "Wait for your turn."));
  }
  if (view.why_not.length) {
    parts.push(h("details", { class: "ult-why" }, h("summary", {}, `Why not…? (${view.why_not.length} moves not allowed now)`),
      h("ul", {}, view.why_not.map((row) => h("li", {},
        h("button", { class: "ult-why-move", onclick: () => send({ type: "why", id: row.label }) }, row.short || row.label),
        h("span", { class: "ult-reason" }, ` ${row.reason} `), h("span", { class: "ult-rule" }, `rule ${row.rule}`))))));
  }
  el.moves.replaceChildren(...parts.filter(Boolean));
}

// the table's luck is its seed's: a move taken back and made again meets the same dice and
// cards, which everyone has now seen
const UNDO_ASK = "Take back the last move for every seat? The luck that followed it (dice, cards drawn) comes again the same way, and everyone has seen it.";

function drawControls() {
  el.controls.hidden = false;
  const over = view.over;
  el.controls.replaceChildren(
    h("button", { onclick: () => send({ type: view.paused ? "resume" : "pause" }), disabled: over }, view.paused ? "Resume" : "Pause"),
    h("button", { onclick: () => { if (confirm(UNDO_ASK)) send({ type: "undo", at: view.at }); }, disabled: view.step === 0 || view.over }, "Undo a move"),
    h("button", { onclick: () => { if (confirm("End the game now for every seat?")) send({ type: "end" }); }, disabled: over }, "End the game"),
    h("span", { class: "ult-step" }, `Move ${view.step}`));
}

let boardDrawn = "";

async function drawBoard(again = false) {
  const key = JSON.stringify([view.board, view.changed, role === "seat" && view.actions.length > 0]);
  if (key === boardDrawn && !again) return;
  boardDrawn = key;
  try {
    if (!boardModule) boardModule = await import(boardUrl);
    const renderer = boardModule.default || boardModule;
    const node = h("div", { class: "ulx-board" });
    if (view.board === null || view.board === undefined) {
      el.board.replaceChildren(h("p", {}, "The table is hidden."));
      return;
    }
    const ctx = {
      h, compact: false, changed: new Set(view.changed || []), rules: {}, memo, advice: null, why: null,
      ruleChip: (id) => h("span", { class: "ult-rule" }, id), showRule: () => {}, ruleTip: () => {},
      redraw: () => drawBoard(true),
      act: role === "seat" && view.actions.length ? play : null,
    };
    renderer.render(node, view.board, ctx);
    el.board.replaceChildren(node);
  } catch (error) {
    el.board.replaceChildren(h("pre", { class: "ult-error" }, `The board could not be drawn: ${error}`));
  }
}

const joinedOnce = new Set();  // seats whose page has joined (or a bot played), so far
const shownAgain = new Set();  // of those, the seats whose code the teacher asked to see again

function drawSeats() {
  el.seats.hidden = false;
  const rows = view.names.map((name, i) => {
    const link = links ? links.seats[i] : null;
    const bot = view.bots[String(i)] || "";
    // the bots in the kit's words (the server sends them: umbrella_lab/widgets/views.py), each
    // with the line on how it plays as its tooltip, and under the menu for the seat's bot
    const words = (p) => (view.policy_words || {})[p] || { title: p.replaceAll("-", " ").replaceAll("_", " "), how: "" };
    const how = bot ? words(bot).how : "";
    const select = h("select", { "aria-label": `Who plays ${name}`, title: how || null, onchange: (e) => send({ type: "bot", seat: i, policy: e.target.value || null }) },
      h("option", { value: "" }, "a person"), (view.policies || []).map((p) => h("option", { value: p, title: words(p).how || null }, `bot: ${words(p).title}`)));
    select.value = bot;
    // a seat's secret is off the projected page once its student has joined (or a bot plays
    // it): anyone in the room could scan it and open that seat's hand; a button shows it again
    if (view.present[i] || bot) joinedOnce.add(i);
    const hide = joinedOnce.has(i) && !shownAgain.has(i);
    const toggle = link ? h("button", {
      class: "ult-show-code",
      "aria-label": `${hide ? "Show" : "Hide"} the join code of ${name}`,
      onclick: () => { if (hide) shownAgain.add(i); else shownAgain.delete(i); drawSeats(); },
    }, hide ? "Show the join code" : "Hide the join code") : null;
    const qr = h("div", { class: "ult-qr" });
    if (link && link.qr && !hide) {
      const svg = new DOMParser().parseFromString(link.qr, "image/svg+xml").documentElement;
      svg.setAttribute("role", "img");
      svg.setAttribute("aria-label", `QR code of ${name}'s link`);
      qr.append(document.importNode(svg, true));
    }
    return h("div", { class: `ult-seat${view.turn.seat === i ? " is-turn" : ""}` },
      h("div", { class: "ult-seat-name" }, name, h("span", { class: `ult-presence${view.present[i] ? " is-on" : ""}` }, bot ? " bot" : view.present[i] ? " joined" : " not joined")),
      hide ? null : qr,
      link && !hide ? h("div", { class: "ult-code", title: "Type this code on the front page" }, link.code) : null,
      link && !hide ? h("a", { class: "ult-link", href: link.link, target: "_blank", rel: "noopener noreferrer" }, "seat link") : null,
      joinedOnce.has(i) ? toggle : null,
      select,
      how ? h("p", { class: "ult-bot-how" }, how[0].toUpperCase() + how.slice(1)) : null);
  });
  const front = links ? h("p", { class: "ult-front" }, "Students: open ", h("strong", {}, links.front), " and type your seat's code, or scan your seat's QR code.") : null;
  fill(el.seats, h("h2", {}, "Seats"), front, h("div", { class: "ult-seat-list" }, rows));
}

function drawLog() {
  const items = [];
  for (const entry of log) {
    items.push(h("li", { value: entry.step },
      h("div", { class: "ult-log-move" }, entry.label, entry.rule ? h("span", { class: "ult-rule" }, entry.rule) : null),
      entry.events.length ? h("ul", { class: "ult-events" }, entry.events.map(([rule, text]) => h("li", {}, text, h("span", { class: "ult-rule" }, rule)))) : null));
  }
  el.log.replaceChildren(...items.reverse());
}

function drawSummary() {
  const s = view.summary;
  el.summary.hidden = !s;
  if (!s) return;
  const facts = Object.entries(s.facts || {}).map(([k, v]) => h("li", {}, `${k.replaceAll("_", " ")}: ${v}`));
  const downloads = role === "teacher" ? h("p", { class: "ult-downloads" },
    download("Download the record (replays the game)", `table-${view.table}-record.json`, s.record),
    " ",
    download("Download the session (opens in the explorer)", `table-${view.table}-session.json`, s.session),
    h("span", { class: "ult-hint" }, " In a notebook: ul.Explorer(ul.Session.load(\"table-…-session.json\")).")) : null;
  el.summary.replaceChildren(...[
    h("h2", {}, s.headline),
    h("p", {}, s.why, s.rule ? h("span", { class: "ult-rule" }, `rule ${s.rule}`) : null),
    h("ul", { class: "ult-parts" }, s.seats.map((p) => h("li", {}, h("strong", {}, p.who), `: ${p.said}`))),
    s.turning_point ? h("p", { class: "ult-turning" }, s.turning_point) : null,
    facts.length ? h("details", {}, h("summary", {}, "The table's figures"), h("ul", {}, facts)) : null,
    h("p", { class: "ult-hint" }, `${s.moves} moves, dealt from seed ${s.seed}.`),
    downloads].filter(Boolean));
}

function download(text, name, data) {
  return h("button", {
    class: "ult-download",
    onclick: () => {
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 1)], { type: "application/json" }));
      const a = h("a", { href: url, download: name });
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    },
  }, text);
}

if (!token) {
  el.turn.textContent = "This link has no secret: open the link your teacher gave, or type your seat's code on the table's front page.";
} else {
  connect();
}
