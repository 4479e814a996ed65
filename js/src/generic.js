// The generic view: the shared frame plus one panel that shows every legal action
// as a button (labelled with the action's JSON) and the view's scalar keys as a
// small table. It is the view of a game that has no view of its own, so a new
// game is playable (and testable in a browser) before anyone draws its board.
import { view, h, button, keyed, setChildren } from "./frame.js";
import "./generic.css";

const isScalar = (v) => v === null || ["string", "number", "boolean"].includes(typeof v);
const HIDDEN = new Set(["log"]); // the frame shows the log

function setup() {
  return { actions: keyed(), facts: keyed(), section: h("section", { class: "bw-generic-panel", "aria-label": "Game" }) };
}

function panels(t, g) {
  const { view: v, legal } = t;
  const facts = g.facts(JSON.stringify(v), () => {
    const rows = Object.entries(v)
      .filter(([k, value]) => isScalar(value) && !HIDDEN.has(k))
      .map(([k, value]) => h("tr", { "data-testid": `fact-${k}` }, h("th", { scope: "row" }, k), h("td", {}, JSON.stringify(value))));
    return h("table", { class: "bw-facts", "data-testid": "facts", "aria-label": "The view" }, h("tbody", {}, rows));
  });
  const actions = g.actions(JSON.stringify([legal, t.replaying, v.over ?? null]), () => {
    const buttons = legal.map((a, n) => {
      const label = JSON.stringify(a);
      return button({ testid: `action-${n}`, label: `Act: ${label}`, text: label, cls: "bw-action", onclick: () => g.frame.act(a) });
    });
    const names = (v.to_act || []).map(t.nameOf).join(", ");
    const prompt = v.over ? "The game is over." : legal.length ? "Your move: pick an action." : `Waiting for ${names || "…"}.`;
    return h("div", { class: "bw-actions", role: "group", "aria-label": "Legal actions", "data-testid": "actions" }, h("p", { class: "bw-prompt", "data-testid": "prompt" }, prompt), buttons);
  });
  setChildren(g.section, [h3(g), actions, facts]);
  return { main: [g.section] };
}

const h3 = (g) => (g.heading ||= h("h3", {}, "Actions"));

/** anywidget entry point of the generic view. */
export default view({
  rootClass: "bw-generic",
  title: (t) => t.content.title || t.settings.game || "Game",
  setup: (frame) => ({ ...setup(), frame }),
  me: (t) => (t.seat >= 0 ? `You are ${t.nameOf(t.seat)}.` : "Public view: nobody's secrets are shown."),
  panels,
  focusOrder: [".bw-action:not([disabled])"],
});
