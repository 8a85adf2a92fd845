// Board renderer for Marvel United (view model: umbrella_lab/widgets/marvel.py).
//
// render(el, board, ctx): the whole table. The villain's dashboard and this turn's symbols on
// top; the six locations in their ring around the mission guide (clockwise: the top row left to
// right, then the bottom row right to left); the Storyline as a row of cards; the heroes and
// their hands. Every click is a legal move's id sent with ctx.act (Python checks it again).

const SYMBOL_LETTER = { Move: "M", Attack: "A", Heroic: "H", Wild: "W" };
const SYMBOL_WORDS = {
  Move: "Move: to an adjacent location",
  Attack: "Attack: 1 damage to an enemy here",
  Heroic: "Heroic action: rescue a Civilian or a Heroic token on the Threat here",
  Wild: "Wild: a Move, an Attack or a Heroic action",
};
const RING_AREA = ["l1", "l2", "l3", "l4", "l5", "l6"];
const STORY_SHOWN = 8;

/** A number and its noun: "1 Thug", "2 Thugs". */
function count(n, noun) {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

export function render(el, b, ctx) {
  const { h } = ctx;
  const act = ctx.act;
  const changed = (place) => [...ctx.changed].some((p) => p === place || p.startsWith(`${place} › `));
  const chip = (rule) => (ctx.compact || !rule ? null : ctx.ruleChip(rule));
  el.classList.add("umv");
  if (ctx.compact) el.classList.add("umv-compact");

  const symbol = (name, extra = "") => h("span", {
    class: `umv-sym is-${name.toLowerCase()}${extra}`, title: SYMBOL_WORDS[name] || name,
  }, SYMBOL_LETTER[name] || name[0]);
  const counts = (pool) => Object.entries(pool || {}).filter(([, n]) => n > 0)
    .map(([name, n]) => h("span", { class: "umv-count" }, symbol(name), n > 1 ? `×${n}` : null));
  // a clickable thing when the move is legal, else a plain span
  const clickable = (tag, move, props, ...children) => {
    if (move && act) {
      return h("button", {
        ...props, type: "button", class: `${props.class} is-click`, title: move.label || props.title,
        onclick: (event) => { event.stopPropagation(); act(move.id); },
      }, ...children);
    }
    return h(tag, props, ...children);
  };

  // --- who decides ----------------------------------------------------------------------------
  if (b.result) {
    const won = b.result.winners && b.result.winners.length > 0;
    el.append(h("div", { class: `umv-result ${won ? "is-won" : "is-lost"}` },
      h("span", {}, won ? "The heroes win: " : "The heroes lose: "),
      h("span", { class: "umv-result-why" }, b.result.reason), chip(b.result.rule)));
  } else if (!ctx.compact) {
    el.append(h("div", { class: "umv-decides" }, h("span", { "aria-hidden": "true" }, "➜ "), b.decides,
      b.choice ? chip(b.choice.rule) : null));
  }

  // --- the villain's dashboard and this turn ----------------------------------------------------
  const d = b.dashboard;
  const health = h("div", { class: "umv-health", title: `${d.name}: ${d.health} health left of ${d.start}` },
    ...Array.from({ length: d.start }, (_, i) => h("span", { class: `umv-pip${i < d.health ? " is-left" : ""}` })),
    h("span", { class: "umv-health-n" }, `${d.health}`));
  let track = null;
  if (d.track) {
    const t = d.track;
    const cells = t.end > 0
      ? h("div", { class: "umv-track-bar", title: `${t.name}: ${t.value} of ${t.end}` },
        ...Array.from({ length: t.end }, (_, i) => h("span", { class: `umv-tick${i < t.value ? " is-on" : ""}${t.end - i <= 3 ? " is-near" : ""}` })))
      : null;
    track = h("div", { class: `umv-track${changed("villain › track") ? " is-changed" : ""}` },
      h("span", { class: "umv-label" }, t.name), cells,
      h("span", { class: "umv-track-n" }, t.end > 0 ? `${t.value} / ${t.end}` : `${t.value}`), chip(t.rule));
  }
  const words = (label, text) => (text ? h("div", { class: "umv-words" }, h("b", {}, `${label} `), text) : null);
  const dashboard = h("section", { class: `umv-dash${changed("villain") ? " is-changed" : ""}` },
    h("div", { class: "umv-dash-head" },
      h("span", { class: "umv-villain-name" }, d.name),
      health,
      h("span", { class: `umv-state ${d.vulnerable ? "is-open" : "is-safe"}`, title: d.why },
        d.vulnerable ? "Vulnerable" : "Safe"),
      chip(d.vulnerable ? "mission.vulnerable" : "mission.vulnerable")),
    ctx.compact ? null : h("div", { class: "umv-why" }, d.why),
    track,
    ctx.compact ? null : words("BAM!", d.bam),
    ctx.compact ? null : words("Overflow:", d.overflow),
    ctx.compact ? null : words("Plot:", d.plot),
    ctx.compact ? null : words("And:", d.extra),
    h("div", { class: "umv-small" }, `Master Plan deck: ${d.deck} card${d.deck === 1 ? "" : "s"}`));

  const s = b.story;
  const turn = h("section", { class: "umv-turn" });
  if (b.turn_pool) {
    const pool = counts(b.turn_pool.symbols);
    turn.append(h("div", { class: "umv-label" }, `${b.turn_pool.hero}'s actions`),
      h("div", { class: "umv-pool" }, ...(pool.length ? pool : [h("span", { class: "umv-small" }, "none left")])));
    if (b.turn_pool.special) turn.append(h("div", { class: "umv-special-ready" }, `Special ready: ${b.turn_pool.special}`));
  } else {
    turn.append(h("div", { class: "umv-label" }, "This turn"),
      h("div", { class: "umv-small" }, b.result ? "Game over" : b.step === "play" ? "A card is played next"
        : b.step === "lead" ? "The heroes choose who starts" : b.step === "" ? "The villain's turn" : "A decision first"));
  }
  turn.append(h("div", { class: `umv-cadence${s.left <= 1 ? " is-soon" : ""}` },
    h("span", { class: "umv-cadence-n", title: `${s.since} hero card${s.since === 1 ? "" : "s"} since the last Master Plan card` }, s.left ? String(s.left) : "!"),
    h("span", {}, h("b", {}, s.when), h("br", {}), `${s.every} `, chip(s.pressure ? "turn.pressure" : "turn.cadence"))));
  el.append(h("div", { class: "umv-top" }, dashboard, turn));

  // --- the ring around the mission guide --------------------------------------------------------
  const ring = h("div", { class: "umv-ring" });
  b.ring.forEach((loc, i) => ring.append(location(loc, RING_AREA[i])));
  ring.append(guide());
  el.append(ring);

  function location(loc, area) {
    const move = loc.go ? { id: loc.go, label: `Move to ${loc.name}` } : loc.pick ? { id: loc.pick, label: loc.pick_label } : null;
    const classes = ["umv-loc", loc.here ? "is-here" : "", loc.villain ? "has-villain" : "",
      move && act ? "is-target" : "", changed(`locations › ${loc.name}`) ? "is-changed" : ""].filter(Boolean).join(" ");
    const props = { class: classes, style: `grid-area:${area}`, "data-location": loc.id, "data-card": loc.id };
    if (move && act) {
      props.onclick = () => act(move.id);
      props.title = move.label;
      props.role = "button";
      props.tabindex = "0";
      props.onkeydown = (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); act(move.id); } };
    }
    const node = h("div", props);
    node.append(h("div", { class: "umv-loc-head" },
      h("span", { class: "umv-loc-n" }, String(loc.number)),
      h("span", { class: "umv-loc-name" }, loc.name),
      move && act ? h("span", { class: "umv-go" }, loc.go ? "move here" : "choose") : null));

    // the slots: Thugs, Civilians, empty slots; then Crisis tokens
    const slots = h("div", { class: "umv-slots", title: `${count(loc.thugs, "Thug")}, ${count(loc.civilians, "Civilian")}, ${count(loc.free, "empty slot")} of ${loc.slots}` });
    for (let i = 0; i < loc.thugs; i++) {
      slots.append(clickable("span", loc.attack.thug, { class: `umv-token is-thug${i < loc.wounded ? " is-wounded" : ""}`, title: "A Thug" }, "T"));
    }
    for (let i = 0; i < loc.civilians; i++) {
      slots.append(clickable("span", loc.heroic.civilian, { class: `umv-token is-civilian${i < loc.primed ? " is-primed" : ""}`, title: "A Civilian" }, "C"));
    }
    for (let i = 0; i < loc.free; i++) slots.append(h("span", { class: "umv-token is-empty", title: "An empty slot" }));
    if (loc.crisis) {
      const move = loc.attack.crisis || loc.heroic.crisis;
      slots.append(clickable("span", move, { class: "umv-crisis", title: `${loc.crisis} Crisis token${loc.crisis === 1 ? "" : "s"} here` }, `! ${loc.crisis}`));
    }
    node.append(slots);

    // the Threat, or the uncovered End of Turn effect
    if (loc.threat) {
      const t = loc.threat;
      const marks = h("span", { class: "umv-marks" }, ...Array.from({ length: t.total }, (_, i) => h("span", {
        class: `umv-mark ${t.henchman ? "is-health" : "is-heroic"}${t.henchman ? (i < t.left ? " is-on" : "") : (i < t.marks ? " is-on" : "")}`,
      })));
      const move = t.henchman ? loc.attack.henchman : loc.heroic.threat;
      node.append(clickable("div", move, { class: `umv-threat ${t.henchman ? "is-henchman" : "is-other"}`, title: t.text },
        h("div", { class: "umv-threat-head" }, h("span", { class: "umv-threat-name" }, t.name), marks,
          h("span", { class: "umv-threat-n" }, t.henchman ? `${t.left} health` : `${t.marks}/${t.total} Heroic`)),
        ctx.compact ? null : h("div", { class: "umv-threat-text" }, t.text),
        ctx.compact ? null : ctx.ruleChip(t.rule)));
    } else {
      node.append(h("div", { class: "umv-eot", title: `End of turn: ${loc.effect}` },
        h("b", {}, "End of turn: "), loc.effect, ctx.compact ? null : ctx.ruleChip(loc.effect_rule)));
    }

    // the figures: the villain, then the heroes
    const figures = h("div", { class: "umv-figures" });
    if (loc.villain) {
      figures.append(clickable("span", loc.attack.villain, { class: "umv-fig is-villain", title: d.name }, d.name));
    }
    for (const hero of loc.heroes) {
      figures.append(h("span", { class: `umv-fig is-hero${hero.ko ? " is-ko" : ""}`, style: `--umv-hero:${hero.colour}`, title: hero.name + (hero.ko ? " (KO)" : "") },
        hero.name, hero.ko ? h("span", { class: "umv-ko" }, "KO") : null));
    }
    if (figures.childNodes.length) node.append(figures);
    return node;
  }

  function guide() {
    const g = h("section", { class: "umv-guide", style: "grid-area:guide" },
      h("div", { class: "umv-guide-head" }, h("span", { class: "umv-label" }, "Missions"),
        h("span", { class: "umv-small" }, "↻ the ring runs clockwise: top row left to right, bottom row right to left")));
    const row = h("div", { class: "umv-missions" });
    for (const m of b.mission_cards) {
      row.append(h("div", { class: `umv-mission${m.done ? " is-done" : ""}${changed(`missions › ${m.name}`) ? " is-changed" : ""}` },
        h("div", { class: "umv-mission-head" }, h("span", { class: "umv-mission-name" }, m.name),
          h("span", { class: "umv-mission-n" }, m.done ? "complete" : `${m.tokens} / ${m.size}`)),
        h("div", { class: "umv-mission-slots" }, ...Array.from({ length: m.size }, (_, i) => h("span", {
          class: `umv-mslot is-${m.counts}${i < m.tokens ? " is-on" : ""}`,
        }))),
      ));
    }
    g.append(row);
    if (!ctx.compact) {
      const done = b.mission_cards.filter((m) => m.done).length;
      g.append(h("div", { class: "umv-ladder" }, h("span", { class: "umv-small" }, "Missions complete unlock:"),
        ...b.unlocks.map((u, i) => h("span", { class: `umv-rung${i < done ? " is-done" : i === done ? " is-next" : ""}`, title: u.text },
          h("b", {}, i < done ? "✓ " : `${i + 1}: `), u.text, i === done ? chip(u.rule) : null))));
    }
    return g;
  }

  // --- the Storyline ----------------------------------------------------------------------------
  const shown = ctx.compact ? 6 : STORY_SHOWN;
  const cards = s.cards.slice(-shown);
  const story = h("section", { class: `umv-story${b.turn_pool ? " has-turn" : ""}${changed("storyline") ? " is-changed" : ""}` },
    h("div", { class: "umv-story-head" }, h("span", { class: "umv-label" }, "Storyline"),
      s.cards.length > shown ? h("span", { class: "umv-small" }, `${s.cards.length - shown} earlier card${s.cards.length - shown === 1 ? "" : "s"} not shown`) : null,
      chip("turn.symbols")));
  const row = h("div", { class: "umv-story-row" });
  for (const card of cards) row.append(card.kind === "plan" ? planCard(card) : heroCard(card));
  if (!cards.length) row.append(h("span", { class: "umv-small" }, "No card yet"));
  story.append(row);
  el.append(story);

  function heroCard(card, move = null) {
    const role = card.role ? ` is-${card.role}` : "";
    const props = { class: `umv-card is-hero-card${role}`, style: `--umv-hero:${card.colour}`, "data-card": card.id,
      title: `${card.hero}: ${card.symbols.join(", ") || "no symbols"}${card.special ? ` + ${card.special} (${card.special_words})` : ""}` };
    const body = [
      h("div", { class: "umv-card-hero" }, card.hero),
      card.special ? h("div", { class: "umv-card-special" }, card.special) : null,
      h("div", { class: "umv-card-syms" }, ...card.symbols.map((name) => symbol(name))),
      card.role === "played" ? h("div", { class: "umv-role" }, "played now") : card.role === "previous" ? h("div", { class: "umv-role" }, "previous: symbols shared") : null,
    ];
    if (move && act) {
      body.push(h("div", { class: "umv-card-act" }, move.kind === "lose" ? "▼ under the deck" : "▶ play"));
      return h("button", { ...props, type: "button", class: `${props.class} is-click is-${move.kind}`, title: move.label,
        onclick: () => act(move.id) }, ...body);
    }
    return h("div", props, ...body);
  }

  function planCard(card) {
    const tokens = card.tokens.map((side) => h("span", { class: "umv-plan-side" }, ...(side ? [...side].map((t) => h("span", { class: `umv-dot is-${t === "T" ? "thug" : "civilian"}` })) : ["–"])));
    return h("div", { class: "umv-card is-plan", "data-card": card.id, title: `Master Plan: ${card.title}` },
      h("div", { class: "umv-card-hero" }, "Master Plan"),
      card.name ? h("div", { class: "umv-card-special" }, card.name) : null,
      h("div", { class: "umv-plan-line" }, `move ${card.move}`, card.bam ? h("span", { class: "umv-bam" }, "BAM!") : null),
      h("div", { class: "umv-plan-tokens" }, ...tokens));
  }

  // --- the heroes and their hands -----------------------------------------------------------------
  const team = h("section", { class: "umv-team" });
  for (const hero of b.team) {
    const flags = [
      hero.ko ? h("span", { class: "umv-flag is-ko" }, "KO") : null,
      hero.invulnerable ? h("span", { class: "umv-flag is-shield", title: "Invulnerable until this hero's next turn" }, "Invulnerable") : null,
      hero.crisis ? h("span", { class: "umv-flag is-crisis", title: "Crisis tokens held" }, `Crisis ${hero.crisis}`) : null,
    ];
    team.append(clickable("div", hero.pick, { class: `umv-hero${hero.active ? " is-active" : ""}${hero.ko ? " is-ko" : ""}${changed(`heroes › ${hero.name}`) ? " is-changed" : ""}`, style: `--umv-hero:${hero.colour}`, "data-hero": hero.id },
      h("div", { class: "umv-hero-name" }, hero.name),
      h("div", { class: "umv-small" }, `at ${hero.location}`),
      h("div", { class: "umv-flags" }, ...flags, ...counts(hero.tokens)),
      h("div", { class: "umv-small" }, b.solo ? `${hero.hand} in hand · ${hero.storyline} in the Storyline` : `${hero.storyline} in the Storyline`)));
  }
  el.append(team);

  const hands = h("div", { class: `umv-hands${b.solo ? " is-solo" : ""}` });
  el.append(hands);
  for (const hand of b.hands) {
    const tokens = counts(hand.tokens);
    const box = h("section", { class: `umv-hand${hand.turn ? " is-turn" : ""}${changed(`players › seat ${hand.seat}`) ? " is-changed" : ""}` },
      h("div", { class: "umv-hand-head" },
        h("span", { class: "umv-label" }, b.solo ? "The hand (S.H.I.E.L.D. solo: any hero's card)" : `${hand.name}'s hand`),
        h("span", { class: "umv-small" }, `${hand.cards.length} in hand · deck ${hand.deck}`),
        tokens.length ? h("span", { class: "umv-flags" }, h("span", { class: "umv-small" }, "action tokens"), ...tokens) : null),
      h("div", { class: "umv-hand-row" }, ...hand.cards.map((card) => heroCard(card, card.act ? { id: card.act, kind: card.act_kind, label: card.act_label } : null))));
    hands.append(box);
  }
}

export default { render };
