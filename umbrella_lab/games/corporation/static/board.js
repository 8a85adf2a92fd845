// Board renderer for Heroes vs the Umbrella Corporation (view model: board.py beside this folder).
//
// render(el, board, ctx): draw the whole table into `el`. `ctx.h` makes elements,
// `ctx.changed` holds the places the last move (or the compare view) changed,
// `ctx.compact` asks for the small version, `ctx.ruleChip(id)` makes a rule id chip.
//
// The table as players sit at it: Umbrella at the top (hand at the edge, facilities and units
// towards the middle), the combat in the middle, the Heroes at the bottom.

const SUBTYPE = {
  operative: "Operative", merc: "Merc", survivor: "Survivor",
  soldier: "Soldier", monster: "Monster", zombie: "Zombie", vehicle: "Vehicle",
};

export function render(el, b, ctx) {
  const { h } = ctx;
  const changed = (prefix) => [...ctx.changed].some((place) => place === prefix || place.startsWith(`${prefix} › `));
  const mark = (base, place) => `${base}${place && changed(place) ? " is-changed" : ""}`;
  el.classList.add("ucb");
  if (ctx.compact) el.classList.add("ucb-compact");

  // --- the turn: number, six phases, whose view ------------------------------------------------
  const strip = h("ol", { class: "ucb-phases", "aria-label": "The six phases of a turn" },
    b.phase_strip.map((p) => h("li", {
      class: `ucb-phase is-${p.at}`,
      title: `Phase ${p.number}: ${p.name} (rule ${p.rule})`,
      "aria-current": p.at === "current" ? "step" : null,
      dataset: { phase: p.key },
    }, h("span", { class: "ucb-phase-n" }, String(p.number)), h("span", { class: "ucb-phase-name" }, p.name))));
  const turnWord = b.stage === "setup" ? "Setup" : b.stage === "over" ? `Turn ${b.turn} · game over` : `Turn ${b.turn}`;
  el.append(h("div", { class: "ucb-top" },
    h("div", { class: mark("ucb-turn", "turn") }, turnWord),
    strip,
    b.seat_name ? h("div", { class: `ucb-seen side-${b.seat === 0 ? "heroes" : "umbrella"}`, title: "The table as this player sees it: the other hand is face down" }, `Seen by ${b.seat_name}`)
      : b.heroes.hand && b.umbrella.hand ? h("div", { class: "ucb-seen is-all", title: "Both hands face up: the teacher's view" }, "Whole table")
        : h("div", { class: "ucb-seen is-all", title: "What every player sees alike: both hands face down" }, "Public table")));

  // --- who decides, or the result -------------------------------------------------------------
  if (b.result) {
    const winner = b.result.winners.length ? (b.result.winners[0] === 0 ? "heroes" : "umbrella") : "draw";
    el.append(h("div", { class: `ucb-result is-${winner}` },
      h("span", { class: "ucb-result-word" }, winner === "heroes" ? "The Heroes win" : winner === "umbrella" ? "Umbrella wins" : "A draw"),
      h("span", { class: "ucb-result-why" }, b.result.reason),
      ctx.compact ? null : ctx.ruleChip(b.result.rule)));
  } else if (!ctx.compact) {
    el.append(h("div", { class: `ucb-decides by-${b.deciding || "none"}` },
      h("span", { class: "ucb-decides-who" }, b.deciding === "luck" ? "Luck" : b.deciding === "heroes" ? "Heroes" : b.deciding === "umbrella" ? "Umbrella" : ""),
      h("span", { class: "ucb-decides-what" }, b.decides),
      b.lockdown ? h("span", { class: "ucb-lockdown", title: "Red Queen Lockdown (rule event.lockdown): the Heroes may not assault this turn" }, "Lockdown: no assault") : null));
  }

  // --- Umbrella (top) ---------------------------------------------------------------------------
  const u = b.umbrella;
  const umbrellaZone = h("section", { class: `ucb-zone side-umbrella${b.deciding === "umbrella" ? " is-deciding" : ""}`, "aria-label": "Umbrella Corporation" });
  umbrellaZone.append(
    zoneHead(h, "Umbrella Corporation", u, "umbrella", b, mark, "Facilities destroyed"),
    handRow(h, u, "umbrella", b, mark),
    h("div", { class: "ucb-row" },
      h("div", { class: "ucb-row-title" }, "Facilities", h("span", { class: "ucb-count" }, String(u.facilities.length))),
      h("div", { class: mark("ucb-cards", "umbrella › facilities") },
        u.facilities.length ? u.facilities.map((card) => facilityCard(h, card)) : h("span", { class: "ucb-muted" }, "No facility in play"))),
    h("div", { class: "ucb-row" },
      h("div", { class: "ucb-row-title" }, "Units", h("span", { class: "ucb-count" }, String(u.units.length))),
      h("div", { class: mark("ucb-cards", "umbrella › units") },
        u.units.length ? u.units.map((card) => unitCard(h, card)) : h("span", { class: "ucb-muted" }, "No unit in play"))));
  el.append(umbrellaZone);

  // --- the middle of the table: the combat ------------------------------------------------------
  if (b.fight) el.append(fightPanel(h, b.fight, ctx, mark));
  else if (b.last_fight) el.append(lastFight(h, b.last_fight, ctx));

  // --- Heroes (bottom) --------------------------------------------------------------------------
  const x = b.heroes;
  const heroesZone = h("section", { class: `ucb-zone side-heroes${b.deciding === "heroes" ? " is-deciding" : ""}`, "aria-label": "Heroes" });
  heroesZone.append(...[
    h("div", { class: "ucb-row" },
      h("div", { class: "ucb-row-title" }, "Teams", h("span", { class: "ucb-count" }, String(x.teams.length))),
      h("div", { class: "ucb-teams" },
        x.teams.length ? x.teams.map((team) => teamCard(h, team, mark)) : h("span", { class: "ucb-muted" }, "No team in play"))),
    b.split && b.split.length ? h("div", { class: "ucb-row" },
      h("div", { class: "ucb-row-title" }, "To split"),
      h("div", { class: "ucb-cards" }, b.split.map((card) => handCard(h, card, "heroes")))) : null,
    handRow(h, x, "heroes", b, mark),
    zoneHead(h, "Heroes", x, "heroes", b, mark, "Teams destroyed"),
  ].filter(Boolean));
  el.append(heroesZone);
}

// --- pieces -------------------------------------------------------------------------------------

function zoneHead(h, name, side, key, b, mark, removedWord) {
  const pile = (label, count, place, title) => h("span", { class: mark("ucb-pile", place), title },
    h("span", { class: "ucb-pile-n" }, String(count)), h("span", { class: "ucb-pile-label" }, label));
  return h("div", { class: "ucb-zone-head" },
    h("span", { class: "ucb-zone-name" }, name),
    b.deciding === key ? h("span", { class: "ucb-now" }, "decides now") : null,
    h("span", { class: "ucb-piles" },
      pile("Deck", side.deck_count, `${key} › deck count`, "Cards left in the deck (the order is never shown)"),
      pile("Discard", side.discard.length, `${key} › discard`, side.discard.length ? `Discard pile (face up): ${side.discard.map((c) => c.name).join(", ")}` : "Discard pile (face up): empty"),
      pile(removedWord, side.removed.length, `${key} › removed`, side.removed.length ? `Removed from the game: ${side.removed.map((c) => c.name).join(", ")}` : "Nothing removed from the game yet")));
}

function handRow(h, side, key, b, mark) {
  const hidden = side.hand === null || side.hand === undefined;
  const over = side.hand_count > b.hand_limit;
  const cards = hidden
    ? Array.from({ length: side.hand_count }, () => h("div", { class: `ucb-back back-${key}`, title: "A hidden card: only its owner sees it" }))
    : side.hand.map((card) => handCard(h, card, key));
  return h("div", { class: "ucb-row ucb-hand-row" },
    h("div", { class: "ucb-row-title" }, "Hand",
      h("span", { class: `ucb-count${over ? " is-over" : ""}`, title: over ? `More than ${b.hand_limit}: discards at the End phase` : `Hand limit ${b.hand_limit} at the End phase` }, String(side.hand_count))),
    h("div", { class: mark(`ucb-cards ucb-hand${hidden ? " is-hidden" : ""}`, `${key} › hand`) },
      cards.length ? cards : h("span", { class: "ucb-muted" }, "No cards"),
      hidden && side.hand_count ? h("span", { class: "ucb-hidden-word" }, `${side.hand_count} hidden`) : null));
}

function chip(h, subtype, extra = "") {
  if (!subtype) return null;
  return h("span", { class: `ucb-chip sub-${subtype}${extra}` }, SUBTYPE[subtype] || subtype);
}

function facilityCard(h, card) {
  return h("div", {
    class: `ucb-card ucb-facility${card.role ? ` is-${card.role}` : ""}`,
    title: `${card.name}: a facility of force ${card.force}${card.new ? " (the New Facility)" : ""}`,
    dataset: { number: String(card.number) },
  },
  card.role === "target" ? h("span", { class: "ucb-badge" }, "under assault") : null,
  h("span", { class: "ucb-card-name" }, card.name),
  h("span", { class: "ucb-force", role: "img", "aria-label": `force ${card.force}` }, String(card.force)));
}

function unitCard(h, card) {
  const role = card.role === "defending" ? "defending" : card.role === "hunting" ? "hunting" : "";
  return h("div", {
    class: `ucb-card ucb-unit${role ? ` is-${role}` : ""}`,
    title: `${card.name}: ${SUBTYPE[card.subtype] || card.subtype} unit, force ${card.force}. ${card.text}${card.defended ? " It defended a facility this turn." : ""}`,
    dataset: { number: String(card.number) },
  },
  role ? h("span", { class: "ucb-badge" }, role) : null,
  h("span", { class: "ucb-card-name" }, card.name),
  h("span", { class: "ucb-card-foot" }, chip(h, card.subtype),
    card.defended && !role ? h("span", { class: "ucb-defended", title: "Defended a facility this turn" }, "defended") : null,
    h("span", { class: "ucb-force" }, String(card.force))));
}

function teamCard(h, team, mark) {
  const role = team.role === "attacking" ? "attacking" : team.role === "hunted" ? "hunted" : "";
  const slots = Math.max(team.limit, team.characters.length);
  const members = team.characters.map((c) => h("div", {
    class: `ucb-member sub-${c.subtype}`,
    title: `${c.name}: ${SUBTYPE[c.subtype]} character, force ${c.force}${c.match ? ", +1 for matching the team's sub-type" : ""}. ${c.text}`,
  },
  h("span", { class: "ucb-member-name" }, c.name),
  chip(h, c.subtype, c.match ? " is-match" : ""),
  c.match ? h("span", { class: "ucb-plus", title: "Sub-type bonus (rule recruit.subtypes)" }, "+1") : null,
  h("span", { class: "ucb-member-force" }, String(c.force))));
  for (let i = team.characters.length; i < slots; i += 1) {
    members.push(h("div", { class: "ucb-member is-empty", title: team.limit === 3 ? "Room for a character (3 with a Survivor)" : "Room for a character (up to 2, or 3 with a Survivor)" }, "empty slot"));
  }
  return h("div", {
    class: mark(`ucb-team${role ? ` is-${role}` : ""}`, `heroes › teams › ${team.name}`),
    dataset: { number: String(team.number) },
  },
  role ? h("span", { class: "ucb-badge" }, role === "hunted" ? "hunted" : "attacking") : null,
  h("div", { class: "ucb-team-head" },
    h("span", { class: "ucb-team-name" }, team.name),
    h("span", { class: "ucb-team-force", title: `Team force ${team.team_force}: the team ${team.force}, its characters and their bonuses (before units, cards and dice)` },
      h("span", { class: "ucb-team-force-word" }, "force"), String(team.team_force))),
  h("div", { class: "ucb-team-sub" },
    chip(h, team.subtype),
    h("span", { class: "ucb-team-crew" }, `team ${team.force} · ${team.characters.length} of ${team.limit} characters`)),
  h("div", { class: "ucb-members" }, members));
}

function handCard(h, card, key) {
  const kind = card.kind;
  const value = kind === "event" || kind === "trap" ? null : String(card.force);
  return h("div", {
    class: `ucb-hcard kind-${kind} side-${key}`, dataset: { card: card.id },
    title: `${card.name} (${kind}${card.subtype ? `, ${SUBTYPE[card.subtype] || card.subtype}` : ""}): ${card.text}`,
  },
  h("span", { class: "ucb-hcard-kind" }, kind),
  h("span", { class: "ucb-hcard-name" }, card.name),
  h("span", { class: "ucb-hcard-foot" },
    card.subtype ? chip(h, card.subtype) : h("span", { class: "ucb-hcard-text" }, cardText(card.text)),
    value !== null ? h("span", { class: "ucb-force" }, value) : null));
}

function cardText(text) {
  return text.replace(/^Trap: /, "").replace(/\.$/, "");
}

// --- the combat panel ---------------------------------------------------------------------------

function fightPanel(h, f, ctx, mark) {
  const { attacker, defender } = f;
  const fresh = ctx.changed.has("combat");  // a combat has just begun
  const panel = h("section", { class: `ucb-fight kind-${f.kind}${fresh ? " is-changed" : ""}`, "aria-label": `${f.title} under way` });
  panel.append(h("div", { class: "ucb-fight-head" },
    h("span", { class: "ucb-fight-kind" }, f.title),
    h("span", { class: "ucb-fight-headline" }, f.headline),
    ctx.compact ? null : ctx.ruleChip(f.rule)));

  const column = (key) => {
    const s = f.sides[key];
    const rows = s.lines.map((line) => h("tr", { class: `kind-${line.kind}` },
      h("td", { class: "ucb-line-name" }, line.name, line.note ? h("span", { class: "ucb-line-note" }, line.note) : null),
      h("td", { class: "ucb-line-value" }, line.kind === "event" || line.kind === "trap" ? `+${line.value}` : String(line.value))));
    const committing = f.committer === key;
    return h("div", { class: `ucb-side side-${key}${committing ? " is-committing" : ""}` },
      h("div", { class: "ucb-side-head" },
        h("span", { class: "ucb-side-name" }, s.name),
        h("span", { class: "ucb-side-role" }, key === "heroes" ? (s.role === "attack" ? "attack" : "defend") : (s.role === "attack" ? "attacks" : "defends")),
        committing ? h("span", { class: "ucb-now" }, "commits now") : null),
      rows.length ? h("table", { class: mark("ucb-lines", `combat › committed › ${key}`) }, h("tbody", {}, rows)) : null,
      h("div", { class: "ucb-sum" },
        h("div", { class: "ucb-sum-row" }, h("span", {}, "Force before dice"), h("span", { class: "ucb-sum-n" }, String(s.force))),
        h("div", { class: "ucb-sum-row ucb-dice-row" }, h("span", {}, "2D6"),
          h("span", { class: mark(`ucb-die${s.roll ? "" : " is-waiting"}`, `combat › rolls › ${key}`), title: s.roll ? `Rolled ${s.roll}` : "Not rolled yet" }, s.roll ? String(s.roll) : "?")),
        h("div", { class: "ucb-sum-row ucb-total-row" },
          h("span", { title: f.total_names[s.role === "attack" ? 0 : 1] }, s.role === "attack" ? f.total_names[0] : f.total_names[1]),
          h("span", { class: "ucb-sum-n ucb-total" }, s.total === null ? "–" : String(s.total)))));
  };
  panel.append(h("div", { class: "ucb-fight-sides" }, column(attacker), h("div", { class: "ucb-vs" }, "vs"), column(defender)));

  // the odds
  const before = f.before;
  const odds = h("div", { class: "ucb-odds" });
  const bar = (p, label) => h("div", { class: `ucb-odds-bar att-${attacker}`, role: "img", "aria-label": label },
    h("span", { class: "ucb-odds-fill", style: { width: `${(p * 100).toFixed(1)}%` } }));
  if (f.won === null || f.won === undefined) {
    odds.append(
      h("div", { class: "ucb-odds-head" },
        h("span", { class: "ucb-odds-title" }, f.rolled ? "Odds before the dice" : f.stage === "commit" ? "Exact odds with the cards so far" : "Exact odds before the dice"),
        h("span", { class: "ucb-odds-big" }, `${says(attacker, "win")} ${before.percent}`),
        h("span", { class: "ucb-frac", title: before.of_1296 !== null ? `${thousands(before.of_1296)} of the 1,296 equally likely pairs of 2D6 rolls` : "" }, before.fraction),
        h("span", { class: "ucb-odds-other" }, `${says(defender, "hold")} ${pct(1 - before.p)}`)),
      bar(before.p, `${says(attacker, "win")} ${before.percent}`),
      h("div", { class: "ucb-odds-note" },
        before.of_1296 !== null ? `${thousands(before.of_1296)} of the 1,296 equally likely pairs of rolls. ` : "",
        `${f.ties_words}.`));
    if (f.rolled && f.now) {
      odds.append(h("div", { class: "ucb-odds-now" },
        h("span", { class: "ucb-odds-title" }, "Now, with the dice rolled so far"),
        h("span", { class: "ucb-odds-big" }, `${says(attacker, "win")} ${f.now.percent}`),
        h("span", { class: "ucb-frac" }, f.now.fraction)));
    }
  } else {
    odds.append(h("div", { class: `ucb-outcome ${f.won ? `win-${attacker}` : `win-${defender}`}` },
      h("span", { class: "ucb-outcome-word" }, f.won ? says(attacker, "win") : says(defender, "hold")),
      h("span", {}, f.outcome),
      h("span", { class: "ucb-odds-note" }, `(the odds were ${before.percent}, ${before.fraction})`)));
    if (f.after && f.after.length) odds.append(h("div", { class: "ucb-after" }, f.after.map((words) => h("div", {}, `Still to settle: ${words}`))));
  }
  const bottom = h("div", { class: `ucb-fight-bottom${f.dice ? " has-dice" : ""}` }, odds);
  panel.append(bottom);

  if (f.dice) bottom.append(diceStrip(h, f));
  if (f.reroll) {
    odds.append(h("div", { class: "ucb-reroll" },
      h("span", { class: "ucb-odds-title" }, "K-Mart's luck"),
      h("span", {}, "Keep the roll: Heroes win ", h("b", {}, f.reroll.keep.percent)),
      h("span", {}, "Roll again: Heroes win ", h("b", {}, f.reroll.again.percent), h("span", { class: "ucb-frac" }, f.reroll.again.fraction))));
  }
  return panel;
}

const NAMES = { heroes: "Heroes", umbrella: "Umbrella" };

/** "Heroes win" / "Umbrella wins": the Heroes are many, the Corporation is one. */
function says(key, verb) {
  return key === "heroes" ? `Heroes ${verb}` : `Umbrella ${verb}s`;
}

function thousands(n) {
  return Number(n).toLocaleString("en-US");
}

function possessive(name) {
  return name.endsWith("s") ? `${name}'` : `${name}'s`;
}

function pct(p) {
  return `${(p * 100).toFixed(1)}%`;
}

function diceStrip(h, f) {
  const d = f.dice;
  const attacker = f.sides[f.attacker].name;
  const cells = d.cells.map((c) => {
    const winShare = c.attacker_chance;
    const height = `${(c.ways / 6) * 100}%`;
    const outcome = c.attacker_wins ? says(f.attacker, "win") : says(f.defender, "hold");
    return h("div", {
      class: `ucb-dcell${c.decided ? (c.attacker_wins ? " is-att" : " is-def") : ""}`,
      title: `${d.roller_name} roll ${c.total}: ${c.ways}/36 (${c.percent}). Then ${c.decided && !d.roller_is_attacker ? outcome : `${says(f.attacker, "win")} with probability ${c.attacker_percent}`}.`,
      dataset: { total: String(c.total) },
    },
    h("span", { class: "ucb-dcell-ways" }, `${c.ways}/36`),
    h("span", { class: "ucb-dcell-bar" },
      h("span", { class: "ucb-dcell-col", style: { height } },
        h("span", { class: `ucb-dcell-att att-${f.attacker}`, style: { height: `${(winShare * 100).toFixed(1)}%` } }),
        h("span", { class: `ucb-dcell-def def-${f.defender}` }))),
    h("span", { class: "ucb-dcell-total" }, String(c.total)),
    d.roller_is_attacker
      ? h("span", { class: "ucb-dcell-out" }, c.attacker_percent)
      // one letter per total (H or U, in the side's colour): eleven full names never fit
      : h("span", { class: `ucb-dcell-out side-${c.attacker_wins ? f.attacker : f.defender}`, role: "img", "aria-label": NAMES[c.attacker_wins ? f.attacker : f.defender] },
        NAMES[c.attacker_wins ? f.attacker : f.defender][0]));
  });
  const what = d.roller_is_attacker
    ? `If ${d.roller_name} roll…: each total's odds, and ${possessive(attacker)} chance to win after it`
    : `If ${d.roller_name} roll…: each total's odds, and who wins then`;
  return h("div", { class: "ucb-dice" },
    h("div", { class: "ucb-dice-head" },
      h("span", { class: "ucb-odds-title" }, what),
      h("span", { class: "ucb-legend" },
        h("span", { class: `ucb-key att-${f.attacker}` }), `${d.roller_is_attacker ? "" : `${NAMES[f.attacker][0]}: `}${says(f.attacker, "win")}`,
        h("span", { class: `ucb-key def-${f.defender}` }), `${d.roller_is_attacker ? "" : `${NAMES[f.defender][0]}: `}${says(f.defender, "hold")}`)),
    h("div", { class: "ucb-dcells" }, cells),
    h("div", { class: "ucb-odds-note" }, "Force a roll with the outcome buttons beside the board (a what-if), or let luck decide."));
}

function lastFight(h, f, ctx) {
  const attacker = f.attacker;
  const defender = attacker === "heroes" ? "umbrella" : "heroes";
  const side = (key, part, total) => h("span", { class: `ucb-last-side side-${key}` },
    h("b", {}, NAMES[key]), " ",
    part ? `${part.force} + ` : "", part ? h("span", { class: "ucb-die is-small" }, String(part.roll)) : null, part ? " = " : "",
    h("span", { class: "ucb-total" }, String(total)));
  return h("section", { class: `ucb-last${f.just_now ? " is-now" : ""}`, "aria-label": "The last combat" },
    h("div", { class: "ucb-fight-head" },
      h("span", { class: "ucb-fight-kind" }, f.just_now ? `${f.title} · dice rolled` : `${f.title} this turn`),
      h("span", { class: "ucb-fight-headline" }, f.headline),
      ctx.compact ? null : ctx.ruleChip(f.rule)),
    h("div", { class: "ucb-last-body" },
      side(attacker, f.attack, f.attack_total), h("span", { class: "ucb-vs" }, "vs"), side(defender, f.defence, f.defence_total),
      h("span", { class: `ucb-outcome win-${f.won ? attacker : defender}` }, h("span", { class: "ucb-outcome-word" }, f.won ? says(attacker, "win") : says(defender, "hold")), f.outcome)));
}

// `reuse`: no handler here holds on to a node it drew, so the explorer may keep the nodes that
// did not change from one draw to the next (a click redraws only what it changed).
export const reuse = true;

export default { render, reuse };
