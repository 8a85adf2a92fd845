// Board renderer for Marvel United (view model: board.py beside this folder).
//
// render(el, board, ctx): the whole table, laid out to fit one projected screen. The villain's
// dashboard and this turn (its symbols and the buttons that finish it) on top; below, the six
// locations in their ring around the mission guide (clockwise: the top row left to right, then
// the bottom row right to left), with the Storyline and the hand of the hero to play beside it;
// then the heroes and the other hands. Card texts (the villain's, the Threats', the locations')
// and rule ids show on demand ("Card texts"), shown at first on screens 900 px high or more.
// Every click on something legal is that move's id sent with ctx.act (Python checks it again);
// a click on something that is not legal now shows why, with its rule, in the rule box.

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
  const memo = ctx.memo || {};
  if (memo.umvTexts === undefined) memo.umvTexts = typeof window === "undefined" || window.innerHeight >= 900;
  const texts = memo.umvTexts && !ctx.compact;
  const chip = (rule) => (!texts || !rule ? null : ctx.ruleChip(rule));
  const explain = (why) => {
    if (!why) return;
    if (ctx.why) ctx.why(why.rule, why.text);
    else if (ctx.showRule) ctx.showRule(why.rule, true);
  };
  el.classList.add("umv");
  if (ctx.compact) el.classList.add("umv-compact");
  if (!texts) el.classList.add("umv-brief");

  const symbol = (name, extra = "") => h("span", {
    class: `umv-sym is-${name.toLowerCase()}${extra}`, title: SYMBOL_WORDS[name] || name,
  }, SYMBOL_LETTER[name] || name[0]);
  const counts = (pool) => Object.entries(pool || {}).filter(([, n]) => n > 0)
    .map(([name, n]) => h("span", { class: "umv-count" }, symbol(name), n > 1 ? `×${n}` : null));
  // a button that plays the move when it is legal; else, where a reason is known, a button that
  // shows why not (with its rule); else a plain element
  const clickable = (tag, move, { why, ...props }, ...children) => {
    if (move && act) {
      return h("button", {
        ...props, type: "button", class: `${props.class} is-click`, title: move.label || props.title,
        "aria-label": move.label || props.title,
        onclick: (event) => { event.stopPropagation(); act(move.id); },
      }, ...children);
    }
    if (why && act) {
      return h("button", {
        ...props, type: "button", class: `${props.class} is-why`,
        "aria-label": `${props.title || ""}: ${why.text}`,
        onclick: (event) => { event.stopPropagation(); explain(why); },
      }, ...children);
    }
    return h(tag, props, ...children);
  };

  // --- who decides, and the card texts switch ---------------------------------------------------
  const textsButton = ctx.compact ? null : h("button", {
    type: "button", class: "umv-texts", "aria-pressed": String(texts),
    title: texts ? "Hide the villain's, Threats' and locations' texts and the rule ids (a smaller table)"
      : "Show the villain's, Threats' and locations' texts and the rule ids",
    onclick: () => { memo.umvTexts = !texts; if (ctx.redraw) ctx.redraw(); },
  }, texts ? "Hide card texts" : "Card texts");
  if (b.result) {
    const won = b.result.winners && b.result.winners.length > 0;
    el.append(h("div", { class: "umv-headline" }, h("div", { class: `umv-result ${won ? "is-won" : "is-lost"}` },
      h("span", {}, won ? "The heroes win: " : "The heroes lose: "),
      h("span", { class: "umv-result-why" }, b.result.reason), chip(b.result.rule)), textsButton));
  } else if (!ctx.compact) {
    el.append(h("div", { class: "umv-headline" }, h("div", { class: "umv-decides" }, h("span", { "aria-hidden": "true" }, "➜ "), b.decides,
      b.choice ? chip(b.choice.rule) : null), textsButton));
  }

  // --- the villain's dashboard and this turn ----------------------------------------------------
  const d = b.dashboard;
  const health = h("div", { class: "umv-health", title: `${d.name}: ${d.health} health left of ${d.start}` },
    ...Array.from({ length: d.start }, (_, i) => h("span", { class: `umv-pip${i < d.health ? " is-left" : ""}` })),
    h("span", { class: "umv-health-n" }, `${d.health}`, h("span", { class: "umv-hidden-words" }, " health")));
  let track = null;
  if (d.track) {
    const t = d.track;
    const cells = t.end > 0
      ? h("div", { class: "umv-track-bar", title: `${t.name}: ${t.value} of ${t.end}` },
        ...Array.from({ length: t.end }, (_, i) => h("span", { class: `umv-tick${i < t.value ? " is-on" : ""}${t.end - i <= 3 ? " is-near" : ""}` })),
        h("span", { class: "umv-hidden-words" }, "; the last three squares are where the plan succeeds"))
      : null;
    track = h("div", { class: `umv-track${changed("villain › track") ? " is-changed" : ""}` },
      h("span", { class: "umv-label" }, t.name), cells,
      h("span", { class: "umv-track-n" }, t.end > 0 ? `${t.value} / ${t.end}` : `${t.value}`), chip(t.rule));
  }
  const words = (label, text) => (text ? h("div", { class: "umv-words" }, h("b", {}, `${label} `), text) : null);
  const villainTexts = [words("BAM!", d.bam), words("Overflow:", d.overflow), words("Plot:", d.plot), words("And:", d.extra)];
  const dashboard = h("section", {
    class: `umv-dash${changed("villain") ? " is-changed" : ""}`, "aria-label": `The villain, ${d.name}`,
    title: texts ? "" : villainTexts.filter(Boolean).map((n) => n.textContent).join("\n"),
  },
    h("div", { class: "umv-dash-head" },
      h("span", { class: "umv-villain-name" }, d.name),
      health,
      h("span", { class: `umv-state ${d.vulnerable ? "is-open" : "is-safe"}`, title: d.why },
        d.vulnerable ? "Vulnerable" : "Safe"),
      chip("mission.vulnerable"),
      h("span", { class: "umv-small umv-deck" }, `Master Plan deck: ${count(d.deck, "card")}`)),
    texts ? h("div", { class: "umv-why" }, d.why) : null,
    track,
    ...(texts ? villainTexts : []));

  const s = b.story;
  const turn = h("section", { class: "umv-turn", "aria-label": "This turn" });
  if (b.turn_pool) {
    const pool = counts(b.turn_pool.symbols);
    turn.append(h("div", { class: "umv-turn-head" }, h("span", { class: "umv-label" }, `${b.turn_pool.hero}'s actions`),
      h("span", { class: "umv-pool" }, ...(pool.length ? pool : [h("span", { class: "umv-small" }, "none left")]))));
    const controls = (b.turn_pool.controls || []).map((c) => h("button", {
      type: "button", class: `umv-control is-${c.kind}`, title: c.label, "data-kind": c.kind,
      disabled: !act, onclick: () => act && act(c.id),
    }, c.kind === "done" ? "End the turn" : c.kind === "visit" ? "Use this location" : `Special: ${b.turn_pool.special}`));
    if (controls.length) turn.append(h("div", { class: "umv-controls" }, ...controls));
  } else {
    turn.append(h("div", { class: "umv-turn-head" }, h("span", { class: "umv-label" }, "This turn"),
      h("span", { class: "umv-small" }, b.result ? "Game over" : b.step === "play" ? "a card is played next"
        : b.step === "lead" ? "the heroes choose who starts" : b.step === "" ? "the villain's turn" : "a decision first")));
  }
  turn.append(h("div", { class: `umv-cadence${s.left <= 1 ? " is-soon" : ""}` },
    h("span", { class: "umv-cadence-n", title: `${count(s.since, "hero card")} since the last Master Plan card` }, s.left ? String(s.left) : "!"),
    h("span", {}, h("b", {}, s.when), texts ? h("br", {}) : " · ", `${s.every} `, chip(s.pressure ? "turn.pressure" : "turn.cadence"))));
  el.append(h("div", { class: "umv-top" }, dashboard, turn));

  // --- the ring around the mission guide, the Storyline and the hand beside it -----------------
  const ring = h("div", { class: "umv-ring", role: "group", "aria-label": "The locations, clockwise" });
  b.ring.forEach((loc, i) => ring.append(location(loc, RING_AREA[i])));
  ring.append(guide());
  const beside = h("div", { class: "umv-beside" });
  el.append(h("div", { class: "umv-play" }, ring, beside));

  function location(loc, area) {
    const move = loc.go ? { id: loc.go, label: `Move to ${loc.name}` } : loc.pick ? { id: loc.pick, label: loc.pick_label } : null;
    const why = loc.why || {};
    const classes = ["umv-loc", loc.here ? "is-here" : "", loc.villain ? "has-villain" : "",
      move && act ? "is-target" : "", changed(`locations › ${loc.name}`) ? "is-changed" : ""].filter(Boolean).join(" ");
    const node = h("section", { class: classes, style: `grid-area:${area}`, "data-location": loc.id, "data-card": loc.id,
      "aria-label": `${loc.number}: ${loc.name}${loc.here ? " (the hero is here)" : ""}` });
    // the header moves the hero here (or picks the location for an effect); a token acts on itself
    const head = [
      h("span", { class: "umv-loc-n" }, String(loc.number)),
      h("span", { class: "umv-loc-name" }, loc.name),
      move && act ? h("span", { class: "umv-go" }, loc.go ? "move here" : "choose") : null,
    ];
    node.append(clickable("div", move, { class: "umv-loc-head", title: move ? move.label : loc.name, why: loc.here ? null : why.go }, ...head));

    // the slots: Thugs, Civilians, empty slots; then Crisis tokens
    const slots = h("div", { class: "umv-slots", title: `${count(loc.thugs, "Thug")}, ${count(loc.civilians, "Civilian")}, ${count(loc.free, "empty slot")} of ${loc.slots}` });
    for (let i = 0; i < loc.thugs; i++) {
      const wounded = i < loc.wounded;
      slots.append(clickable("span", loc.attack.thug, { class: `umv-token is-thug${wounded ? " is-wounded" : ""}`,
        title: wounded ? "A wounded Thug (damaged this turn)" : "A Thug", why: why.thug }, "T", wounded ? h("span", { class: "umv-token-mark", "aria-hidden": "true" }, "½") : null));
    }
    for (let i = 0; i < loc.civilians; i++) {
      const primed = i < loc.primed;
      slots.append(clickable("span", loc.heroic.civilian, { class: `umv-token is-civilian${primed ? " is-primed" : ""}`,
        title: primed ? "A trapped Civilian, half freed" : "A Civilian", why: why.civilian }, "C", primed ? h("span", { class: "umv-token-mark", "aria-hidden": "true" }, "½") : null));
    }
    for (let i = 0; i < loc.free; i++) slots.append(h("span", { class: "umv-token is-empty", title: "An empty slot" }));
    if (loc.crisis) {
      const move = loc.attack.crisis || loc.heroic.crisis;
      slots.append(clickable("span", move, { class: "umv-crisis", title: `${count(loc.crisis, "Crisis token")} here`, why: why.crisis }, `! ${loc.crisis}`));
    }
    const hurt = loc.wounded ? count(loc.wounded, "wounded Thug") : "";
    const freed = loc.primed ? `${count(loc.primed, "Civilian")} half freed` : "";
    node.append(slots);
    if (hurt || freed) node.append(h("div", { class: "umv-small umv-note" }, [hurt, freed].filter(Boolean).join(" · ")));

    // the Threat, or the uncovered End of Turn effect
    if (loc.threat) {
      const t = loc.threat;
      const marks = h("span", { class: "umv-marks", "aria-hidden": "true" }, ...Array.from({ length: t.total }, (_, i) => h("span", {
        class: `umv-mark ${t.henchman ? "is-health" : "is-heroic"}${t.henchman ? (i < t.left ? " is-on" : "") : (i < t.marks ? " is-on" : "")}`,
      })));
      const move = t.henchman ? loc.attack.henchman : loc.heroic.threat;
      node.append(clickable("div", move, { class: `umv-threat ${t.henchman ? "is-henchman" : "is-other"}`, title: `${t.name}: ${t.text}`,
        why: t.henchman ? why.henchman : why.threat },
        h("div", { class: "umv-threat-head" }, h("span", { class: "umv-threat-name" }, t.name), marks,
          h("span", { class: "umv-threat-n" }, t.henchman ? `${t.left} health` : `${t.marks}/${t.total} Heroic`)),
        texts ? h("div", { class: "umv-threat-text" }, t.text) : null,
        texts ? ctx.ruleChip(t.rule) : null));
    } else {
      node.append(h("div", { class: "umv-eot", title: `End of turn: ${loc.effect}` },
        h("b", {}, "End of turn: "), texts ? loc.effect : h("span", { class: "umv-eot-brief" }, loc.effect), chip(loc.effect_rule)));
    }

    // the figures: the villain, then the heroes
    const figures = h("div", { class: "umv-figures" });
    if (loc.villain) {
      figures.append(clickable("span", loc.attack.villain, { class: "umv-fig is-villain", title: d.name, why: why.villain }, d.name));
    }
    for (const hero of loc.heroes) {
      figures.append(h("span", { class: `umv-fig is-hero${hero.ko ? " is-ko" : ""}`, style: `--umv-hero:${hero.colour}`, title: hero.name + (hero.ko ? " (KO)" : "") },
        hero.name, hero.ko ? h("span", { class: "umv-ko" }, "KO") : null));
    }
    if (figures.childNodes.length) node.append(figures);
    return node;
  }

  function guide() {
    const g = h("section", { class: "umv-guide", style: "grid-area:guide", "aria-label": "Missions" },
      h("div", { class: "umv-guide-head" }, h("span", { class: "umv-label" }, "Missions"),
        h("span", { class: "umv-small" }, texts ? "↻ the ring runs clockwise: top row left to right, bottom row right to left" : "↻ clockwise")));
    const row = h("div", { class: "umv-missions" });
    for (const m of b.mission_cards) {
      row.append(h("div", { class: `umv-mission${m.done ? " is-done" : ""}${changed(`missions › ${m.name}`) ? " is-changed" : ""}` },
        h("div", { class: "umv-mission-head" }, h("span", { class: "umv-mission-name" }, m.name),
          h("span", { class: "umv-mission-n" }, m.done ? "complete" : `${m.tokens} / ${m.size}`)),
        h("div", { class: "umv-mission-slots", "aria-hidden": "true" }, ...Array.from({ length: m.size }, (_, i) => h("span", {
          class: `umv-mslot is-${m.counts}${i < m.tokens ? " is-on" : ""}`,
        }))),
      ));
    }
    g.append(row);
    const done = b.mission_cards.filter((m) => m.done).length;
    const next = b.unlocks[done];
    if (texts) {
      g.append(h("div", { class: "umv-ladder" }, h("span", { class: "umv-small" }, "Missions complete unlock:"),
        ...b.unlocks.map((u, i) => h("span", { class: `umv-rung${i < done ? " is-done" : i === done ? " is-next" : ""}`, title: u.text },
          h("b", {}, i < done ? "✓ " : `${i + 1}: `), u.text, i === done ? chip(u.rule) : null))));
    } else if (next) {
      g.append(h("div", { class: "umv-ladder" }, h("span", { class: "umv-rung is-next", title: b.unlocks.map((u, i) => `${i + 1}: ${u.text}`).join("\n") },
        h("b", {}, `Next (${done + 1}): `), next.text)));
    }
    return g;
  }

  // --- the Storyline ----------------------------------------------------------------------------
  const shown = ctx.compact ? 6 : texts ? STORY_SHOWN : 5;
  const cards = s.cards.slice(-shown);
  const story = h("section", { class: `umv-story${b.turn_pool ? " has-turn" : ""}${changed("storyline") ? " is-changed" : ""}`, "aria-label": "The Storyline" },
    h("div", { class: "umv-story-head" }, h("span", { class: "umv-label" }, "Storyline"),
      s.cards.length > shown ? h("span", { class: "umv-small" }, `${count(s.cards.length - shown, "earlier card")} not shown`) : null,
      chip("turn.symbols")));
  const row = h("div", { class: "umv-story-row" });
  for (const card of cards) row.append(card.kind === "plan" ? planCard(card) : heroCard(card));
  if (!cards.length) row.append(h("span", { class: "umv-small" }, "No card yet"));
  story.append(row);
  beside.append(story);

  function heroCard(card, move = null) {
    const role = card.role ? ` is-${card.role}` : "";
    const props = { class: `umv-card is-hero-card${role}`, style: `--umv-hero:${card.colour}`, "data-card": card.id,
      title: `${card.hero}: ${card.symbols.join(", ") || "no symbols"}${card.special ? ` + ${card.special} (${card.special_words})` : ""}` };
    const body = [
      h("div", { class: "umv-card-hero" }, card.hero),
      card.special ? h("div", { class: "umv-card-special" }, card.special) : null,
      h("div", { class: "umv-card-syms" }, ...card.symbols.map((name) => symbol(name))),
      card.role === "played" ? h("div", { class: "umv-role" }, "played now") : card.role === "previous" ? h("div", { class: "umv-role" }, "previous: shared") : null,
    ];
    if (move && act) {
      body.push(h("div", { class: "umv-card-act" }, move.kind === "lose" ? "▼ under the deck" : "▶ play"));
      return h("button", { ...props, type: "button", class: `${props.class} is-click is-${move.kind}`, title: move.label,
        "aria-label": move.label, onclick: () => act(move.id) }, ...body);
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

  // --- the hands: the one whose turn it is beside the ring, the others below ----------------------
  const handBox = (hand) => {
    const tokens = counts(hand.tokens);
    // (tabindex -1: a card played from the keyboard leaves the focus on its hand)
    return h("section", { class: `umv-hand${hand.turn ? " is-turn" : ""}${changed(`players › seat ${hand.seat}`) ? " is-changed" : ""}`, "aria-label": b.solo ? "The hand" : `${hand.name}'s hand`, tabindex: "-1", dataset: { seat: String(hand.seat) } },
      h("div", { class: "umv-hand-head" },
        h("span", { class: "umv-label" }, b.solo ? "The hand" : `${hand.name}'s hand`),
        h("span", { class: "umv-small" }, `${hand.cards.length} in hand · deck ${hand.deck}`),
        tokens.length ? h("span", { class: "umv-flags" }, h("span", { class: "umv-small" }, "tokens"), ...tokens) : null),
      b.solo && texts ? h("div", { class: "umv-small" }, "S.H.I.E.L.D. solo: a card of any hero") : null,
      h("div", { class: "umv-hand-row" }, ...hand.cards.map((card) => heroCard(card, card.act ? { id: card.act, kind: card.act_kind, label: card.act_label } : null))));
  };
  const first = b.hands.find((hand) => hand.turn) || b.hands[0];
  if (first) beside.append(handBox(first));
  const others = b.hands.filter((hand) => hand !== first);

  // --- the heroes ----------------------------------------------------------------------------------
  const team = h("section", { class: "umv-team", "aria-label": "The heroes" });
  for (const hero of b.team) {
    const flags = [
      hero.ko ? h("span", { class: "umv-flag is-ko" }, "KO") : null,
      hero.invulnerable ? h("span", { class: "umv-flag is-shield", title: "Invulnerable until this hero's next turn" }, "Invulnerable") : null,
      hero.crisis ? h("span", { class: "umv-flag is-crisis", title: "Crisis tokens held" }, `Crisis ${hero.crisis}`) : null,
    ];
    team.append(clickable("div", hero.pick, { class: `umv-hero${hero.active ? " is-active" : ""}${hero.ko ? " is-ko" : ""}${changed(`heroes › ${hero.name}`) ? " is-changed" : ""}`, style: `--umv-hero:${hero.colour}`, "data-hero": hero.id },
      h("div", { class: "umv-hero-name" }, hero.name, hero.active ? h("span", { class: "umv-small" }, " · to act") : null),
      h("div", { class: "umv-small" }, `at ${hero.location}`),
      h("div", { class: "umv-flags" }, ...flags, ...counts(hero.tokens)),
      h("div", { class: "umv-small" }, b.solo ? `${hero.hand} in hand · ${hero.storyline} in the Storyline` : `${hero.storyline} in the Storyline`)));
  }
  el.append(team);
  if (others.length) el.append(h("div", { class: "umv-hands" }, ...others.map(handBox)));
}

// `reuse`: no handler here holds on to a node it drew, so the explorer may keep the nodes that
// did not change from one draw to the next (a click redraws only what it changed).
export const reuse = true;

export default { render, reuse };
