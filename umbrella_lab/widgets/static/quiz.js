// Predict, then reveal (umbrella_lab.widgets.Quiz).
//
// The page knows only the question and the choices until the learner commits: the answer,
// the explanation and the evidence arrive from Python in `reveal` after the commitment.

function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "class") el.className = value;
    else el.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/**
 * An id for one drawn view, unique on the page (anywidget gives no ``model.cid``): the ids and
 * radio-group names of two widgets on one page must never be the same.
 */
let views = 0;
function uniqueId(prefix) {
  views += 1;
  return `${prefix}-${views}-${Math.random().toString(36).slice(2, 8)}`;
}

function decimals(step) {
  const text = String(step);
  return text.includes(".") ? text.split(".")[1].length : 0;
}

function render({ model, el }) {
  const root = h("div", { class: "ulq" });
  const questionId = `${uniqueId("ulq")}-q`;
  el.append(root);
  let picked = null; // the choice picked but not yet committed (stays in the page)
  let number = null;

  function draw() {
    const kind = model.get("kind");
    const guess = model.get("guess");
    const reveal = model.get("reveal") || {};
    const busy = model.get("busy");
    const committed = guess !== null && guess !== undefined;
    const scale = model.get("scale") || {};
    if (number === null && kind === "number") number = scale.start;
    root.replaceChildren();
    root.classList.toggle("is-committed", committed);
    root.classList.toggle("is-busy", !!busy);

    root.append(h("div", { class: "ulq-tag" }, "Predict, then reveal"));
    root.append(h("div", { class: "ulq-question", id: questionId }, model.get("question")));
    const hint = model.get("hint");
    if (hint) root.append(h("div", { class: "ulq-hint" }, hint));

    // --- the answer the learner gives ---------------------------------------------------
    if (kind === "choice") {
      const group = h("div", { class: "ulq-choices", role: "radiogroup", "aria-labelledby": questionId });
      for (const label of model.get("choices")) {
        const chosen = committed ? guess === label : picked === label;
        const right = reveal.answer !== undefined && reveal.answer === label;
        group.append(h("button", {
          type: "button",
          role: "radio",
          "aria-checked": chosen ? "true" : "false",
          class: `ulq-choice${chosen ? " is-picked" : ""}${right ? " is-right" : ""}`
            + `${reveal.answer !== undefined && chosen && !right ? " is-wrong" : ""}`,
          disabled: committed || busy,
          onclick: () => { picked = label; draw(); },
        }, label));
      }
      root.append(group);
    } else {
      const digits = decimals(scale.step);
      const value = committed ? guess : number;
      const shown = h("output", { class: "ulq-number-value" }, `${Number(value).toFixed(digits)}${scale.unit || ""}`);
      const slider = h("input", {
        type: "range", class: "ulq-slider", min: scale.low, max: scale.high, step: scale.step,
        value, disabled: committed || busy, "aria-labelledby": questionId,
      });
      const box = h("input", {
        type: "number", class: "ulq-number", min: scale.low, max: scale.high, step: scale.step,
        value, disabled: committed || busy, "aria-label": "Your answer",
      });
      slider.addEventListener("input", () => {
        number = Number(slider.value); box.value = slider.value;
        shown.textContent = `${number.toFixed(digits)}${scale.unit || ""}`;
      });
      box.addEventListener("input", () => {
        if (box.value === "") return;
        number = Number(box.value); slider.value = box.value;
        shown.textContent = `${number.toFixed(digits)}${scale.unit || ""}`;
      });
      root.append(h("div", { class: "ulq-numbers" },
        h("span", { class: "ulq-end" }, `${scale.low}${scale.unit || ""}`), slider,
        h("span", { class: "ulq-end" }, `${scale.high}${scale.unit || ""}`), box, shown));
    }

    // --- commit, then the reveal --------------------------------------------------------
    if (!committed) {
      const ready = kind === "number" || picked !== null;
      root.append(h("div", { class: "ulq-actions" },
        h("button", {
          type: "button", class: "ulq-commit", disabled: !ready || busy,
          onclick: () => model.send({ type: "commit", value: kind === "choice" ? picked : number }),
        }, "Commit my answer"),
        h("span", { class: "ulq-note" }, ready ? "The answer shows once you commit." : "Pick an answer first.")));
    } else if (busy || reveal.verdict === undefined) {
      root.append(h("div", { class: "ulq-working", role: "status" }, "Working it out…"));
    }
    const problem = model.get("problem");
    if (problem) root.append(h("div", { class: "ulq-problem", role: "alert" }, problem));

    if (reveal.verdict !== undefined) {
      const panel = h("div", { class: `ulq-reveal ${reveal.correct ? "is-correct" : "is-incorrect"}`, "aria-live": "polite" },
        h("div", { class: "ulq-verdict" }, reveal.verdict),
        h("div", { class: "ulq-answer" }, "The answer: ", h("strong", {}, reveal.answer),
          h("span", { class: "ulq-yours" }, ` · you said ${kind === "number" ? Number(guess).toFixed(decimals(scale.step)) + (scale.unit || "") : guess}`)));
      if (reveal.explain) panel.append(h("p", { class: "ulq-explain" }, reveal.explain));
      if (reveal.evidence) {
        const evidence = h("div", { class: "ulq-evidence" });
        evidence.innerHTML = reveal.evidence; // made in Python: an SVG chart, a table, text
        panel.append(evidence);
      }
      root.append(panel);
    }
  }

  for (const name of ["guess", "reveal", "busy", "problem", "question", "choices", "scale", "hint"]) {
    model.on(`change:${name}`, draw);
  }
  draw();
  return () => root.remove();
}

export default { render };
