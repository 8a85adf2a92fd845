// Board renderer for The Umbrella Academy Game (view model: board.py beside this folder).
//
// render(el, board, ctx): draw the whole table into `el`. `ctx.h` makes elements,
// `ctx.changed` holds the places the last move (or the compare view) changed,
// `ctx.compact` asks for the small version, `ctx.ruleChip(id)` makes a rule id chip.

const OUTCOME = {
  waiting: { mark: "", word: "waiting" },
  defeated: { mark: "✓", word: "defeated" },
  blocked: { mark: "=", word: "blocked" },
  uncontested: { mark: "!", word: "uncontested" },
  removed: { mark: "✕", word: "removed" },
};

export function render(el, b, ctx) {
  const { h } = ctx;
  const changed = (prefix) => [...ctx.changed].some((place) => place === prefix || place.startsWith(`${prefix} › `));
  el.classList.add("uab");
  if (ctx.compact) el.classList.add("uab-compact");

  // --- top: round banner and Dysfunctional Family card -------------------------------------
  const villain = b.villain;
  const boss = b.final_battle && b.lineup.length && b.lineup[0].card >= 1000 ? b.lineup[0] : null;
  const banner = h("div", { class: "uab-banner" },
    h("div", { class: "uab-kicker" }, b.final_battle ? "The Final Battle" : `Round ${b.round} of ${b.villains_total}`),
    h("div", { class: "uab-villain" },
      b.final_battle ? (boss ? boss.label.replace(/ attack side.*$/, "") : "Final Battle")
        : villain ? villain.name : "—",
      villain && !b.final_battle ? h("span", { class: "uab-strength", title: "Villain strength: the number of cards in the lineup" }, `strength ${villain.strength}`) : null),
    b.seat !== null && b.seat !== undefined ? h("div", { class: "uab-seen" }, `Seen by ${b.heroes[b.seat]?.name ?? `seat ${b.seat}`}`) : null);
  const family = b.family
    ? h("div", { class: `uab-family${changed("family") ? " is-changed" : ""}`, title: "Dysfunctional Family card: it applies for this round" },
      h("div", { class: "uab-family-kicker" }, "Dysfunctional Family"),
      h("div", { class: "uab-family-name" }, b.family.name),
      h("div", { class: "uab-family-text" }, b.family.text))
    : h("div", { class: "uab-family is-empty" }, h("div", { class: "uab-family-kicker" }, "Dysfunctional Family"), h("div", { class: "uab-family-text" }, "No card this round"));
  el.append(h("div", { class: "uab-top" }, banner, family));

  // --- result or who decides -------------------------------------------------------------------
  if (b.result) {
    const won = b.result.winners && b.result.winners.length > 0;
    el.append(h("div", { class: `uab-result ${won ? "is-win" : "is-loss"}` },
      h("span", { class: "uab-result-word" }, won ? "The team wins" : "The team loses"),
      h("span", { class: "uab-result-why" }, b.result.reason),
      ctx.compact ? null : ctx.ruleChip(b.result.rule)));
  } else if (!ctx.compact) {
    el.append(h("div", { class: "uab-decides" }, h("span", { class: "uab-decides-arrow", "aria-hidden": "true" }, "➜"), b.decides));
  }

  // --- lineup -----------------------------------------------------------------------------------
  const lineup = h("div", { class: "uab-lineup" });
  for (const card of b.lineup) {
    const faced = card.position === b.faced_position && !b.result;
    const outcome = OUTCOME[card.outcome] || OUTCOME.waiting;
    const boosted = card.label.includes("+ (") || /\d\+/.test(card.label);
    const isBoss = card.card >= 1000;
    lineup.append(h("div", {
      class: `uab-vcard is-${card.outcome}${faced ? " is-faced" : ""}${isBoss ? " is-boss" : ""}${changed(`lineup › card ${card.position + 1}`) ? " is-changed" : ""}`,
      title: `Card ${card.position + 1}: ${card.label}, ${outcome.word}`,
      dataset: { position: String(card.position), outcome: card.outcome },
    },
    h("div", { class: "uab-vpos" }, faced ? "now" : String(card.position + 1)),
    h("div", { class: "uab-vatk" }, String(card.attack), boosted ? h("sup", { title: "Villain Attack Boost" }, "+") : null),
    h("div", { class: "uab-vdmg", role: "img", "aria-label": `${card.damage} damage` },
      Array.from({ length: card.damage }, () => h("span", { class: "uab-pip" })),
      h("span", { class: "uab-vdmg-n" }, `${card.damage} dmg`)),
    h("div", { class: "uab-vout" }, outcome.mark ? [outcome.mark, h("span", { class: "uab-vout-word" }, ` ${outcome.word}`)] : "\u00a0")));
  }
  el.append(h("div", { class: "uab-section" },
    h("div", { class: "uab-section-title" }, b.final_battle ? "Final Battle lineup, faced left to right" : "Villain lineup, faced left to right"),
    b.lineup.length ? lineup : h("div", { class: "uab-muted" }, "No lineup")));

  // --- heroes ----------------------------------------------------------------------------------
  const heroes = h("div", { class: "uab-heroes" });
  for (const hero of b.heroes) heroes.append(heroCard(h, hero, changed));
  el.append(h("div", { class: "uab-section" }, h("div", { class: "uab-section-title" }, "Heroes"), heroes));

  // --- piles and pending damage -------------------------------------------------------------
  const pile = (label, count, place, title) => h("div", { class: `uab-pile${changed(place) ? " is-changed" : ""}`, title },
    h("span", { class: "uab-pile-n" }, String(count)), h("span", { class: "uab-pile-label" }, label));
  el.append(h("div", { class: "uab-footer" },
    h("div", { class: "uab-piles" },
      pile("Hero deck", b.deck_count, "deck count", "Cards left in the Hero Attack deck"),
      pile("Discard", b.discard_count, "discard count", "Hero cards in the discard pile"),
      pile("Villain deck", b.villain_deck_count, "villain deck count", "Cards left in the Villain Attack deck"),
      pile("Final Battle pile", b.final_pile_count, "final pile count", "Uncontested cards kept under the Final Battle card: they come back in the Final Battle"),
      pile("Villains to come", b.villains_left, "villains left", "Villain cards still to face before the Final Battle")),
    b.pending_damage ? h("div", { class: "uab-pending", title: "Damage the team still has to place on living heroes" },
      h("span", { class: "uab-pending-n" }, String(b.pending_damage)), " damage to place") : null));
}

function heroCard(h, hero, changed) {
  const place = `heroes › ${hero.name}`;
  const low = hero.alive && hero.life <= 2;
  const bars = Array.from({ length: hero.max_life }, (_, i) => h("span", { class: `uab-bar${i < hero.life ? " is-full" : ""}` }));
  const uses = Array.from({ length: Math.max(hero.power_allowed, hero.power_used) }, (_, i) => h("span", { class: `uab-use${i < hero.power_used ? " is-used" : ""}` }));
  let hand;
  if (hero.hand === null || hero.hand === undefined) {
    hand = Array.from({ length: hero.hand_count }, () => h("div", { class: "uab-hcard is-back", title: "A hidden card (Family Secrets)" }));
  } else {
    hand = hero.hand.map((card) => h("div", {
      class: `uab-hcard kind-${card.kind}`, dataset: { card: card.id },
      title: card.kind === "story" ? `${card.name}: attack ${card.attack}` : `Attack ${card.attack}, heals ${card.heal}`,
    },
    h("div", { class: "uab-hatk" }, String(card.attack)),
    card.kind === "story" ? h("div", { class: "uab-hname" }, card.name)
      : h("div", { class: "uab-hheal" }, card.heal ? `♥ ${card.heal}` : "\u00a0")));
  }
  return h("div", {
    class: `uab-hero${hero.alive ? "" : " is-dead"}${hero.to_act ? " is-acting" : ""}${changed(place) ? " is-changed" : ""}`,
    dataset: { seat: String(hero.seat) },
  },
  h("div", { class: "uab-hero-head" },
    h("span", { class: "uab-hero-name" }, hero.name),
    hero.start_card ? h("span", { class: "uab-start", title: "Holds the Start card: faces the first card of the round" }, "★ Start") : null,
    !hero.alive ? h("span", { class: "uab-dead" }, "dead") : null),
  h("div", { class: `uab-life${changed(`${place} › life`) || changed(`${place} › max life`) ? " is-changed" : ""}${low ? " is-low" : ""}`, title: `${hero.life} of ${hero.max_life} life bars${hero.life_boost ? " (Life Boost)" : ""}` },
    h("span", { class: "uab-bars" }, bars),
    h("span", { class: "uab-life-n" }, `${hero.life}/${hero.max_life}`)),
  h("div", { class: `uab-power${changed(`${place} › power used`) ? " is-changed" : ""}`, title: `${hero.power}: ${hero.power_text} (used ${hero.power_used} of ${hero.power_allowed} this round)` },
    h("span", { class: "uab-power-name" }, hero.power),
    h("span", { class: "uab-uses" }, uses),
    h("span", { class: "uab-power-n" }, `${hero.power_used}/${hero.power_allowed}`)),
  h("div", { class: `uab-hand${changed(`${place} › hand`) ? " is-changed" : ""}` },
    hand.length ? hand : h("span", { class: "uab-muted" }, hero.alive ? "no cards" : "")));
}

// `reuse`: no handler here holds on to a node it drew, so the explorer may keep the nodes that
// did not change from one draw to the next (a click redraws only what it changed).
export const reuse = true;

export default { render, reuse };
