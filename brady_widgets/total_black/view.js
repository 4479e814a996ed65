// Total Black: the view, inside the shared frame (js/src/frame.js: header, seat bar,
// error, banners, the Start panel, the real-time clock, log). In the dark a player sees
// only its own card and cry, the cry it heard in this round's bump, a big Hold button
// (key H, the presenter's action_keys, which the frame takes), the pairs found and the
// round's countdown (the frame's clock, labelled "Round"). Phones first: one column,
// the Hold button in thumb reach. It implements no rules: Hold is enabled only when
// the synced `legal` holds it; the kernel settles the round. See
// brady_widgets/total_black/widget.py for the test ids.
import { view, h, liveButton, setAttr, setChildren, setDisabled, setText, keyed } from "@bw/frame.js";
import "./view.css";

function labels(content) {
  const animals = {};
  for (const a of content.animals || []) animals[a.id] = a;
  const name = (id) => (animals[id] ? animals[id].name : String(id));
  const emoji = (id) => (animals[id] ? animals[id].emoji : "?");
  return { name, emoji, card: (id) => `${emoji(id)} ${name(id)}` };
}

function setup(frame) {
  const g = {
    frame,
    card: h("section", { class: "bw-tb-card", "data-testid": "card", "aria-label": "Your card" }),
    heard: h("section", { class: "bw-tb-heard", "data-testid": "heard", "aria-label": "The cry you heard" }),
    prompt: h("p", { class: "bw-prompt bw-tb-prompt", "data-testid": "prompt", "aria-live": "polite" }),
    hold: null,
    progress: h("p", { class: "bw-tb-progress", "data-testid": "progress" }),
    found: keyed(),
    odds: keyed(),
    cries: keyed(),
  };
  g.hold = liveButton({
    testid: "hold",
    label: "Hold hands",
    text: "🤝 Hold hands",
    cls: "bw-btn-primary bw-tb-hold",
    disabled: true,
    onclick: () => g.frame.act({ type: "hold" }),
  });
  return g;
}

function title(t) {
  return (t.content && t.content.title) || "Total Black";
}

function me(t) {
  const L = labels(t.content);
  const v = t.view;
  if (t.seat < 0 || !v.my_card) return "Public view: nobody's card is shown.";
  return `You are ${t.nameOf(t.seat)}: a ${L.card(v.my_card)}, you cry ${v.my_cry}`;
}

/** What to do now, in the words of the screen: taps on a touch screen, keys on a keyboard. */
export function promptText(t) {
  const v = t.view;
  const canHold = t.legal.some((a) => a.type === "hold");
  if (v.over) return "The lights are on: the game is over.";
  if (t.replaying) return "Replaying the game.";
  if (t.seat < 0) return "Public view: the players are in the dark.";
  if ((v.found || [])[t.seat]) return "You found your partner! Wait in the light for the others.";
  if (v.held) return "You are holding out your hand: if it is your partner's, you are found when the round ends.";
  if (v.heard == null) return "Nobody in front of you this round: wait for the next bump.";
  const same = v.heard === v.my_cry;
  const act = t.touch ? "tap Hold hands" : "press H (or Hold hands)";
  if (!canHold) return "Wait for the next bump.";
  return same
    ? `That is your cry! If you think it is your partner, ${act}.`
    : `Not your cry: let this one go and wait for the next bump (or ${act} anyway).`;
}

function foundPanel(t, L) {
  const pairs = t.view.found_pairs || [];
  return h(
    "section",
    { class: "bw-tb-found", "data-testid": "found", "aria-label": "Pairs found" },
    h("h3", {}, "Found"),
    pairs.length
      ? h(
          "ul",
          {},
          pairs.map(([a, b, card]) =>
            h("li", { "data-testid": `found-${card}`, class: a === t.seat || b === t.seat ? "bw-tb-mine" : "" }, `${L.emoji(card)} ${t.nameOf(a)} and ${t.nameOf(b)}, the ${L.name(card)} pair`),
          ),
        )
      : h("p", { class: "bw-why" }, "No pair found yet."),
  );
}

const pct = (p) => `${Math.round((p || 0) * 1000) / 10}%`;

/** The odds panel (view.odds, from the seat's own view: its card, the pairs found). */
function oddsPanel(t) {
  const o = t.view.odds;
  return h(
    "section",
    { class: "bw-tb-odds", "data-testid": "odds", "aria-label": "Odds" },
    h("h3", {}, "Odds"),
    o
      ? [
          h("p", { "data-testid": "odds-meet" }, `You bump into your partner this round with chance ${o.meet} (${pct(o.p_meet)}): one of the ${o.others} others in the dark.`),
          h("p", { "data-testid": "odds-same" }, `If you hear your own cry (${o.cry}), it is your partner with chance ${o.same_cry} (${pct(o.p_same_cry)}).`),
          h("p", { class: "bw-why" }, "From your card and the pairs found (not from the cries you heard before)."),
        ]
      : h("p", { class: "bw-why" }, "No odds: you are not in the dark."),
  );
}

function criesPanel(t, L) {
  const groups = t.content.cries || {};
  const mine = t.view.my_cry;
  return h(
    "details",
    { class: "bw-tb-legend", "data-testid": "legend" },
    h("summary", {}, "Which animals share a cry"),
    h(
      "ul",
      {},
      Object.entries(groups).map(([cry, ids]) => h("li", { class: cry === mine ? "bw-tb-mine" : "" }, `${cry} ${ids.map(L.card).join(", ")}`)),
    ),
  );
}

function panels(t, g) {
  const L = labels(t.content);
  const v = t.view;
  const mine = v.my_card;
  setChildren(g.card, mine ? [h("span", { class: "bw-tb-emoji", "aria-hidden": "true" }, L.emoji(mine)), h("span", {}, `You are a ${L.name(mine)}. You cry `), h("strong", {}, v.my_cry)] : []);
  const heard = v.heard;
  const out = t.seat >= 0 && Boolean((v.found || [])[t.seat]); // found: out of the dark
  setAttr(g.heard, "data-cry", heard || "");
  setAttr(g.heard, "data-same", heard != null && heard === v.my_cry ? "true" : "false");
  setChildren(g.heard, mine && !v.over && !out ? [h("span", { class: "bw-tb-round" }, `Round ${v.round}: you hear`), h("strong", { class: "bw-tb-cry" }, heard || "… silence")] : []);
  const canHold = t.legal.some((a) => a.type === "hold") && !t.replaying;
  setDisabled(g.hold, !canHold);
  const label = v.held ? "Holding hands" : "Hold hands";
  setText(g.hold, v.held ? "🤝 Holding…" : t.touch ? "🤝 Hold hands" : "🤝 Hold hands (H)");
  setAttr(g.hold, "aria-label", t.touch ? label : `${label} (H)`);
  setAttr(g.hold, "aria-pressed", v.held ? "true" : "false");
  setText(g.prompt, promptText(t));
  setText(g.progress, `${v.pairs_found || 0} of ${v.pairs || 0} pairs found`);
  const found = g.found(JSON.stringify([v.found_pairs || [], t.names, t.seat, g.keyContent]), () => foundPanel(t, L));
  const cries = g.cries(JSON.stringify([t.content.cries || {}, mine]), () => criesPanel(t, L));
  const odds = g.odds(JSON.stringify(v.odds ?? null), () => oddsPanel(t));
  const player = t.seat >= 0 && mine;
  return {
    main: [h("div", { class: "bw-tb-dark" }, g.card, g.heard, g.prompt, player && !v.over && !out ? g.hold : null, g.progress)],
    side: [found, odds, cries],
  };
}

function attrs(t) {
  const v = t.view;
  return {
    "data-phase": v.phase || null,
    "data-held": v.held ? "true" : "false",
    "data-found": t.seat >= 0 && (v.found || [])[t.seat] ? "true" : "false",
  };
}

export default view({
  rootClass: "bw-total-black",
  title,
  setup: (frame) => {
    const g = setup(frame);
    g.keyContent = "";
    return g;
  },
  me,
  panels: (t, g) => {
    g.keyContent = JSON.stringify(t.content.animals || []);
    return panels(t, g);
  },
  attrs,
  focusOrder: ['[data-testid="hold"]'],
});
