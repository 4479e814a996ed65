// The Brady Bunch Party Game: the view, inside the shared frame (js/src/frame.js:
// header, seat bar, error, curtain, banners, replay, reveal, run-bots, log). It
// implements no rules: every enabled control comes from the synced `legal`
// actions; everything drawn comes from the synced traits (test ids: see
// brady_widgets/brady_bunch/widget.py). Display text of the log and of the
// talk comes from Python (`text`).
import { view as gameView, h, button, bar, inkFor, setChildren, setText, keyed, pagedList, listContext, MSG } from "@bw/frame.js";
import "./view.css";

const VIA = { snoop: "as a Snoop", cookie: "with the Cookie", woman: "with the woman's token", man: "with the man's token", dog: "with the dog's token" };
const ASK_LABEL = {
  ask_played: "What card did you play?",
  ask_looked: "Whose card did you look at?",
  ask_number: "What number did they play?",
  ask_truth: "Is … telling the truth?",
  ask_suspect: "Who is the Troublemaker?",
};
const ASK_KINDS = Object.keys(ASK_LABEL);

/** A question button's name: its visible words first (speech input says them), then the rulebook's question. */
function askKindLabel(L, k) {
  const full = L.questions[k] ? L.questions[k].replace("{about}", "…") : ASK_LABEL[k];
  return full === ASK_LABEL[k] ? full : `${ASK_LABEL[k]} (${full})`;
}
const ROLE_SPOTS = [
  ["troublemakers", "troublemaker", "Troublemaker"],
  ["sidekicks", "sidekick", "Sidekick"],
  ["tattletales", "tattletale", "Tattletale"],
];

/** Display labels from the widget's `content` trait (names, colors, card names). */
function labels(content) {
  const colors = {};
  for (const k of content.kids || []) colors[k.name] = k.color;
  const cards = {}; // card names come from Python (content.MISCHIEF)
  for (const c of content.cards || []) cards[c.value] = c.name;
  const tokens = {};
  for (const t of content.tokens || []) tokens[t.id] = t;
  const questions = content.questions || {};
  const card = (v) => `${v} (${cards[v] || "?"})`;
  const token = (id) => (tokens[id] ? tokens[id].name : `the ${id}'s token`);
  const color = (kid) => colors[kid] || "#777";
  return { card, token, color, questions, cards };
}

/** The question text of a pending question or an ask action. */
export function questionText(q, L) {
  const kind = q.question || q.type;
  let text = L.questions[kind] || ASK_LABEL[kind] || kind;
  if (kind === "ask_truth") text = text.replace("{about}", q.about ?? "…");
  if (kind !== "ask_suspect" && q.round !== undefined && q.round !== null) text += ` (round ${q.round})`;
  return text;
}

/** A kid's name chip: color swatch + printed name (color is never the only cue). */
function kidChip(kid, L, extra = "") {
  return h(
    "span",
    { class: `bw-kid-chip ${extra}`.trim(), style: { "--kid-color": L.color(kid), "--kid-ink": inkFor(L.color(kid)) } },
    h("span", { class: "bw-swatch", "aria-hidden": "true" }),
    kid,
  );
}

function group(label, testid, ...children) {
  return h("div", { class: "bw-group", role: "group", "aria-label": label, "data-testid": testid }, ...children);
}

function choice({ testid, label, text, pressed, onclick }) {
  return button({ testid, label, text, pressed, cls: "bw-choice", onclick });
}

/**
 * Build the game's skeleton once: persistent nodes that each redraw fills.
 * @param {import("@bw/frame.js").Frame} frame
 */
function setup(frame) {
  return {
    frame,
    local: {}, // view-only choices (question/claim panels)
    left: h("div", { class: "bw-left" }),
    talkPager: pagedList("talk", { send: frame.send, redraw: frame.redraw, label: "table talk" }),
    labels: keyed(),
    track: keyed(),
    controls: keyed(),
    board: keyed(),
    secrets: keyed(),
    talk: keyed(),
    odds: keyed(),
    final: keyed(),
  };
}

const prepare = (t, g) => g.labels(JSON.stringify(t.content), () => labels(t.content));

/** The "me" line. */
function me(t, g) {
  const { view, names, seat } = t;
  const role = view.role || "public";
  if (role === "alice") return `You are Alice${names[seat] && names[seat] !== "Alice" ? ` (${names[seat]})` : ""}: find the Troublemaker.`;
  if (role === "kid") return `You are ${view.me}${names[seat] && names[seat] !== view.me ? ` (${names[seat]})` : ""}, a Brady kid.`;
  return "Public view: nobody's secrets are shown.";
}

/**
 * A seat's role beside its name: Alice, or the kid's chip; a seat named after its role
 * ("Alice", "Greg") gets only the kid's color swatch, so no name shows twice.
 */
export function seatRole(name, s, kid, L) {
  if (s === 0) return name === "Alice" ? null : h("span", { class: "bw-seat-extra", "data-testid": `seat-role-${s}` }, "as Alice");
  if (!kid) return null;
  if (name === kid) return h("span", { class: "bw-seat-extra bw-swatch-only", style: { "--kid-color": L.color(kid) } }, h("span", { class: "bw-swatch", "aria-hidden": "true" }));
  return h("span", { class: "bw-seat-extra", "data-testid": `seat-role-${s}` }, "as ", kidChip(kid, L));
}

function seat(t, g, s) {
  const L = prepare(t, g);
  const kid = (t.content.seat_kid || {})[s] ?? null;
  const name = t.nameOf(s);
  const key = JSON.stringify([s === 0, kid, kid ? L.color(kid) : null, name]);
  return [key, () => seatRole(name, s, kid, L)];
}

/**
 * The game's panels; sections whose inputs did not change keep their nodes.
 * @param {import("@bw/frame.js").Traits} t
 * @param {ReturnType<typeof setup>} g
 */
function panels(t, g) {
  const { view, legal, names, replaying } = t;
  const { local, frame } = g;
  const L = prepare(t, g);
  const phase = view.phase || "reveal";
  const role = view.role || "public";

  // ---------------------------------------------------------- round track
  const trackKey = JSON.stringify([view.round, view.rounds, phase, view.snoops, view.requests, view.reveals, view.tokens, view.token_used, view.cookie, view.snooper, view.oliver_cards, view.deck_count, view.snoop_deck, view.over, t.content.tokens]);
  const track = g.track(trackKey, () => roundTrack(view, L, t.content));

  // ------------------------------------------------------------- controls
  const controlsKey = () =>
    JSON.stringify([legal, view.pending, view.hand, view.my_cards, view.peeks, phase, view.round, view.snooper, view.cookie, view.token, view.requests, view.me, local, view.over, replaying, view.questions, view.max_questions, (view.talk || []).length, (view.talk || []).slice(-1).map((st) => st.i), names, view.to_act]);
  let built = false;
  const controls = g.controls(controlsKey(), () => {
    built = true;
    return controlsPanel({ view, legal, local, L, frame, replaying, names, content: t.content });
  });
  // building may settle the panels' default choices in `local`: key the node by the settled state
  if (built) g.controls(controlsKey(), () => controls);

  // ---------------------------------------------------------------- board
  const board = g.board(JSON.stringify([view.kids, view.board ?? null, view.hands ?? null, view.peeks, view.my_cards, view.me, view.round, view.exposed, view.cookie, view.snooper, phase, view.pending, t.content]), () => boardPanel(view, L));
  const secrets = g.secrets(JSON.stringify([role, view.me, view.hand, view.my_cards, view.peeks, view.my_sign, view.all_peeks ?? null, names]), () => secretsPanel(view, L, names));
  const final = g.final(JSON.stringify([view.over, view.roles, view.kids, view.accused]), () => finalPanel(view, L));
  setChildren(g.left, [track, controls, final, board, secrets]);

  const { entries, more } = g.talkPager.update(view.talk || [], listContext(t), t.page);
  const talk = g.talk(JSON.stringify([entries, Boolean(more), t.content]), () => talkPanel(entries, more, L));
  const odds = g.odds(JSON.stringify([role, view.odds ?? null]), () => oddsPanel(view.odds, role, L, frame.send));
  return { main: [g.left], side: [odds, talk] };
}

/** What a Help Token does, in one line, from the content's tokens ({id, name, peeks}). */
export function tokenHelp(content) {
  const tokens = content.tokens || [];
  const by = {};
  for (const t of tokens) (by[t.peeks] ||= []).push(t.name);
  const parts = Object.entries(by).map(([n, names]) => `${names.join(" and ")}: ${n} card${Number(n) === 1 ? "" : "s"}`);
  return `A Help Token lets Alice secretly look at face-down cards after the talk${parts.length ? ` (${parts.join("; ")})` : ""}, once a game.`;
}

/** Round track, Snoop cards, requests, tokens: the public table. */
function roundTrack(view, L, content) {
  const rounds = [];
  for (let r = 1; r <= (view.rounds || 4); r++) {
    const current = r === view.round && !view.over;
    const done = r < view.round || view.over;
    rounds.push(
      h(
        "li",
        { class: `bw-round${current ? " bw-current" : ""}${done ? " bw-done" : ""}`, "data-testid": `round-${r}`, "aria-current": current ? "step" : null },
        `Round ${r}`,
        h("span", { class: "bw-round-snoops" }, `${(view.reveals || [])[r - 1] ?? "?"} Snoop${(view.reveals || [])[r - 1] === 1 ? "" : "s"}`),
      ),
    );
  }
  const snoops = view.snoops || [];
  const requests = view.requests || [];
  return h(
    "section",
    { class: "bw-table", "aria-label": "Round track and Snoop cards" },
    h("ol", { class: "bw-rounds", "aria-label": "Round track", "data-testid": "rounds" }, rounds),
    h(
      "div",
      { class: "bw-snoops", "data-testid": "snoops", "aria-label": "Snoop cards this round" },
      h("span", { class: "bw-label" }, "Snoop cards: "),
      snoops.length
        ? snoops.map((k) => h("span", { class: `bw-snoop-card${view.snooper === k ? " bw-active" : ""}` }, kidChip(k, L), view.snooper === k ? " (looking now)" : null))
        : h("span", { class: "bw-muted" }, view.over ? "—" : "not revealed yet"),
      requests.length ? h("span", { class: "bw-requests" }, " · Requests: ", requests.map((q) => `${q.snoop} → ${q.about}`).join(", ")) : null,
    ),
    h(
      "p",
      { class: "bw-tokens" },
      `Help Tokens left: ${(view.tokens || []).map((t) => L.token(t)).join(", ") || "none"}`,
      view.token_used ? ` · spent this round: ${L.token(view.token_used)}` : "",
      view.cookie ? ` · Cookie this round: ${view.cookie}` : "",
      view.cousin_oliver ? ` · Cousin Oliver's cards: ${view.oliver_cards}` : "",
      ` · Mischief deck: ${view.deck_count ?? 0} · Snoop deck: ${view.snoop_deck ?? 0}`,
    ),
    (view.tokens || []).length && !view.over ? h("p", { class: "bw-why", "data-testid": "token-help" }, tokenHelp(content)) : null,
  );
}

/** What the viewer knows of a kid's card this round (own card, own peek this round, exposed). */
function knownValue(view, kid) {
  const slot = (view.kids || []).find((k) => k.kid === kid) || {};
  if (slot.face_up !== null && slot.face_up !== undefined) return { value: slot.face_up, how: "face up" };
  if (view.board && view.board[kid] !== null && view.board[kid] !== undefined) return { value: view.board[kid], how: "teacher" };
  if (view.me === kid && slot.played && view.my_cards) return { value: view.my_cards[view.round - 1], how: "yours" };
  const peek = (view.peeks || []).filter((p) => p.round === view.round && p.kid === kid).pop();
  if (peek && slot.played) return { value: peek.value, how: "you looked" };
  return null;
}

function boardPanel(view, L) {
  const slots = (view.kids || []).map((k) => {
    const known = knownValue(view, k.kid);
    let state = "empty";
    let text = "no card";
    if (k.played) {
      state = k.face_up !== null && k.face_up !== undefined ? "up" : known ? "known" : "down";
      text = state === "up" ? `face up: ${L.card(k.face_up)}` : known ? `${L.card(known.value)} (${known.how})` : "face down";
    }
    const tags = [];
    if (k.kid === view.me) tags.push("you");
    if (k.silent) tags.push("silent kid");
    if ((view.snoops || []).includes(k.kid)) tags.push("Snoop");
    if (view.cookie === k.kid) tags.push("Cookie this round");
    if (view.pending && view.pending.kid === k.kid) tags.push("asked");
    const hand = view.hands && view.hands[k.kid] ? ` (${view.hands[k.kid].join(", ")})` : "";
    const pile = view.tucked_cards && view.tucked_cards[k.kid] ? ` (${view.tucked_cards[k.kid].join(", ")})` : "";
    return h(
      "li",
      {
        class: `bw-slot${k.kid === view.me ? " bw-mine" : ""}`,
        "data-testid": `slot-${k.kid}`,
        "data-kid": k.kid,
        style: { "--kid-color": L.color(k.kid), "--kid-ink": inkFor(L.color(k.kid)) },
        "aria-label": `${k.kid}: card ${text}, hand ${k.hand}, score pile ${k.tucked}, cookies ${k.cookies}`,
      },
      h("div", { class: "bw-slot-head" }, kidChip(k.kid, L), tags.length ? h("span", { class: "bw-tag" }, tags.join(", ")) : null),
      h(
        "div",
        { class: `bw-board-card bw-card-${state}`, "data-testid": `card-${k.kid}`, "data-state": state },
        state === "empty" ? "—" : state === "down" ? "🂠" : String(state === "up" ? k.face_up : known.value),
        h("span", { class: "bw-card-text" }, text),
      ),
      h(
        "dl",
        { class: "bw-slot-facts" },
        h("dt", {}, "Hand"),
        h("dd", {}, k.silent ? "—" : `${k.hand}${hand}`),
        h("dt", {}, "Score pile"),
        h("dd", {}, `${k.tucked}${pile}`),
        h("dt", {}, "Cookies"),
        h("dd", { "data-testid": `cookies-${k.kid}` }, k.silent ? "—" : `${"🍪".repeat(k.cookies)}${k.cookies}${k.sign ? ` (${k.sign})` : k.signed ? " (sign chosen)" : ""}`),
        // the sum on one line (narrow no-break spaces: it wrapped one term per line)
        k.score !== null && k.score !== undefined ? [h("dt", {}, "Score"), h("dd", { class: "bw-slot-score", "data-testid": `score-${k.kid}` }, `${(k.cards || []).join("\u202f+\u202f")}\u202f→\u202f${k.score}`)] : null,
      ),
    );
  });
  return h("section", { class: "bw-board", "aria-label": "The board" }, h("h3", {}, "The board"), h("ol", { class: "bw-slots", "data-testid": "board" }, slots));
}

/** The viewer's own secrets: a kid's hand, played cards and peeks; Alice's peeks. */
function secretsPanel(view, L, names) {
  const items = [];
  if (view.role === "kid") {
    items.push(h("p", {}, `Your hand: ${(view.hand || []).map(L.card).join(", ") || "empty"}`));
    const mine = view.my_cards || [];
    if (mine.length) items.push(h("p", {}, `Your cards: ${mine.map((v, i) => `round ${i + 1}: ${L.card(v)}`).join("; ")}`));
    if (view.my_sign) items.push(h("p", {}, `Your Cookie sign: ${view.my_sign}`));
  }
  const peeks = view.peeks || [];
  if (peeks.length) {
    items.push(h("h4", {}, "What you saw with your eyes open"));
    items.push(h("ul", { class: "bw-peeks" }, peeks.map((p) => h("li", {}, `Round ${p.round}: ${p.kid}'s card ${VIA[p.via] || ""} was ${L.card(p.value)}`))));
  }
  if (view.all_peeks) {
    const all = Object.entries(view.all_peeks).flatMap(([s, ps]) => ps.map((p) => `${names[Number(s)] ?? s} saw ${p.kid}'s round ${p.round} card: ${p.value}`));
    if (all.length) items.push(h("h4", {}, "Every peek (teacher)"), h("ul", { class: "bw-peeks" }, all.map((t) => h("li", {}, t))));
  }
  if (!items.length) return null;
  return h("section", { class: "bw-secrets", "aria-label": "Only you see this", "data-testid": "secrets" }, h("h3", {}, "Only you see this"), items);
}

/** The table talk (a windowed list: "Show earlier" pages older statements in); texts from Python. */
function talkPanel(talk, more, L) {
  return h(
    "section",
    { class: "bw-talk", "aria-label": "Table talk" },
    h("h3", {}, "Table talk"),
    more,
    talk.length
      ? h(
          "ol",
          { class: "bw-talk-list", "data-testid": "talk" },
          talk.map((st) =>
            h(
              "li",
              { "data-testid": `talk-${st.i}`, class: `bw-talk-${st.kind}` },
              h("span", { class: "bw-talk-when" }, `R${st.round}${st.question ? " · answer" : " · volunteered"}`),
              " ",
              kidChip(st.speaker, L),
              `: “${st.text}”`,
            ),
          ),
        )
      : h("p", { class: "bw-muted", "data-testid": "talk" }, "Nobody has said anything yet."),
  );
}

const pct = (p) => `${Math.round(Number(p) * 1000) / 10}%`;

/** Why the column can add up to more than 100%. */
export const ODDS_SUM_NOTE = "Kids tied for the highest total are each counted as the Troublemaker, so these chances can add up to more than 100%.";

/**
 * Alice's notebook, from `odds.panel(view)`: per kid the chance of the highest total
 * ignoring what the kids said, and trusting them (the panel's fixed trust).
 */
function oddsPanel(odds, role, L, send) {
  if (role === "kid") return null;
  const attrs = { class: "bw-odds", "aria-label": "Alice's notebook", "data-testid": "odds" };
  const title = h("h3", {}, "Alice's notebook");
  if (!odds || !Array.isArray(odds.kids)) return h("section", attrs, title, h("p", { class: "bw-muted" }, "No odds to show yet."));
  const trust = typeof odds.trust === "number" ? odds.trust : null;
  const trusted = odds.kids.some((k) => typeof k.p_highest_trust === "number");
  const rows = odds.kids.map((k) => {
    const seen = (k.seen || []).map((v) => (v === null || v === undefined ? "?" : String(v))).join(" + ");
    return h(
      "div",
      { class: "bw-odds-kid", "data-testid": `odds-${k.kid}` },
      h("div", { class: "bw-odds-head" }, kidChip(k.kid, L), h("span", { class: "bw-odds-seen" }, ` cards: ${seen || "none yet"}${k.cookies ? `, ${k.cookies}🍪${k.sign ? ` (${k.sign})` : ""}` : ""}`)),
      bar("ignoring the talk", k.p_highest),
      trusted && typeof k.p_highest_trust === "number" ? bar(`trusting the talk`, k.p_highest_trust) : null,
    );
  });
  const how = odds.method === "exact" ? "Exact odds." : `Estimated from ${odds.samples} deals (± ${pct(odds.error || 0)}).`;
  return h(
    "section",
    attrs,
    title,
    h(
      "p",
      { class: "bw-muted" },
      "Chance that each kid ends with the highest total (the Troublemaker), from what Alice has seen",
      trusted && trust !== null ? `; "trusting the talk" believes each statement with probability ${pct(trust)}.` : ".",
    ),
    trust !== null ? trustSlider(trust, send) : null,
    rows,
    h("p", { class: "bw-why", "data-testid": "odds-sum" }, ODDS_SUM_NOTE),
    h("p", { class: "bw-odds-note" }, how, odds.warning ? ` ${odds.warning}` : ""),
  );
}

/**
 * The trust a student gives the kids' statements (0..1): Python recomputes the
 * "trusting the talk" odds (an `option` message); the view computes nothing.
 */
function trustSlider(trust, send) {
  const out = h("output", { class: "bw-trust-value", "data-testid": "trust-value" }, pct(trust));
  const input = h("input", {
    type: "range",
    min: "0",
    max: "1",
    step: "0.05",
    value: String(trust),
    "aria-label": "Trust in what the kids say",
    "aria-valuetext": pct(trust),
    "data-testid": "trust",
    oninput: (e) => {
      out.textContent = pct(e.target.value);
    },
    onchange: (e) => send({ type: MSG.OPTION, name: "trust", value: Number(e.target.value) }),
  });
  return h("label", { class: "bw-trust" }, "Trust in what the kids say: ", input, " ", out);
}

function finalPanel(view, L) {
  if (!view.over || !view.roles) return null;
  const byKid = Object.fromEntries((view.kids || []).map((k) => [k.kid, k]));
  const spots = ROLE_SPOTS.map(([key, id, title]) => {
    const kids = view.roles[key] || [];
    return h(
      "div",
      { class: `bw-spot bw-spot-${id}`, "data-testid": `spot-${id}` },
      h("h4", {}, kids.length > 1 ? `${title}s` : title),
      kids.length
        ? kids.map((kid) =>
            h(
              "div",
              { class: "bw-tile" },
              kidChip(kid, L),
              h("span", { class: "bw-tile-score", "data-testid": `final-score-${kid}` }, ` ${(byKid[kid]?.cards || []).join(" + ")}${byKid[kid]?.cookies ? ` ${byKid[kid].sign || "+"}${byKid[kid].cookies}🍪` : ""} = ${byKid[kid]?.score}`),
            ),
          )
        : h("p", { class: "bw-muted" }, "nobody"),
    );
  });
  const right = (view.roles.troublemakers || []).includes(view.accused);
  return h(
    "section",
    { class: "bw-final", "aria-label": "The reveal", "data-testid": "final" },
    h("h3", {}, "The reveal"),
    h("div", { class: "bw-spots" }, spots),
    h("p", { class: `bw-accusation ${right ? "bw-right" : "bw-wrong"}`, "data-testid": "accusation" }, `Alice accused ${view.accused}: ${right ? "right! Alice and the Tattletales win." : "wrong! The Troublemaker and the Sidekicks win."}`),
  );
}

/** The truth beside a kid's answer: what they really played and saw. */
function truthFor(view, L) {
  const q = view.pending || {};
  const r = q.round ?? view.round;
  const lines = [];
  const mine = view.my_cards || [];
  if (mine[r - 1] !== undefined) lines.push(`You played ${L.card(mine[r - 1])} in round ${r}.`);
  const peeks = (view.peeks || []).filter((p) => p.round === r);
  if (peeks.length) for (const p of peeks) lines.push(`In round ${r} you looked at ${p.kid}'s card ${VIA[p.via] || ""}: ${L.card(p.value)}.`);
  else lines.push(`You looked at nobody's card in round ${r}.`);
  if (q.question === "ask_truth") {
    // from the whole talk (Python's pending_said): the synced talk is only its newest statements
    const said = view.pending_said;
    lines.push(said ? `${q.about} said: “${said}”` : `${q.about} has said nothing about your card in round ${r}.`);
  }
  return h("div", { class: "bw-truth", "data-testid": "truth", "aria-label": "What you really know" }, h("h4", {}, "What you really know (only you see this)"), lines.map((t) => h("p", {}, t)));
}

/** The controls of the shown seat, by phase, built from `legal` only. */
function controlsPanel({ view, legal, local, L, frame, replaying, names, content }) {
  const redraw = frame.redraw;
  const act = (action) => {
    if (!frame.act(action)) return; // an act is already on its way: keep the choices
    // the question form keeps its choices (Alice asks the next kid the same question, or the
    // same kid about another round); the other panels start afresh
    for (const k of Object.keys(local)) if (!k.startsWith("ask")) delete local[k];
  };
  const of = (type) => legal.filter((a) => a.type === type);
  const has = (type) => legal.some((a) => a.type === type);
  const phase = view.phase;
  const prompt = h("p", { class: "bw-prompt", "data-testid": "prompt" });
  const body = [];
  const toAct = (view.to_act || []).map((s) => names[s] ?? `Seat ${s + 1}`);
  let text;
  if (view.over) text = "The game is over.";
  else if (replaying) text = "Replaying the game.";
  else if (!legal.length) text = `Waiting for ${toAct.join(", ") || "…"}.`;

  if (legal.length) {
    if (has("reveal_snoops")) {
      text = `Round ${view.round}: reveal the Snoop cards.`;
      body.push(button({ testid: "reveal-snoops", label: "Reveal the Snoop cards", text: "🃏 Reveal the Snoop cards", cls: "bw-btn-primary", onclick: () => act({ type: "reveal_snoops" }) }));
    }
    if (has("request") || has("lights_out")) {
      text = "The kids play their cards. Ask a Snoop to look at a kid's card, or say lights out.";
      const bySnoop = new Map();
      for (const a of of("request")) {
        if (!bySnoop.has(a.kid)) bySnoop.set(a.kid, []);
        bySnoop.get(a.kid).push(a);
      }
      for (const [snoop, acts] of bySnoop) {
        body.push(
          group(
            `Ask ${snoop} to look at`,
            null,
            h("span", { class: "bw-label" }, `Ask ${snoop} to snoop on: `),
            acts.map((a) => button({ testid: `request-${snoop}-${a.about}`, label: `Ask ${snoop} to look at ${a.about}'s card`, text: a.about, onclick: () => act(a) })),
          ),
        );
      }
      if (has("lights_out")) body.push(button({ testid: "lights-out", label: "Lights out: the Snoops look", text: "🌙 Lights out", cls: "bw-btn-primary", onclick: () => act({ type: "lights_out" }) }));
    }
    if (has("play")) {
      text = "Play a Mischief card face down.";
      const playable = new Set(of("play").map((a) => a.value));
      body.push(
        group(
          "Your hand",
          "hand",
          (view.hand || []).map((v, i) =>
            button({
              testid: view.hand.indexOf(v) === i ? `play-${v}` : null, // two cards of one value: one test id (legal lists values once)
              label: `Play ${L.card(v)}`,
              text: h("span", { class: "bw-hand-card" }, h("strong", {}, String(v)), ` ${L.cards[v] || ""}`),
              disabled: !playable.has(v),
              cls: `bw-hand${i > 0 && view.hand[i - 1] === v ? " bw-dup" : ""}`,
              onclick: () => act({ type: "play", value: v }),
            }),
          ),
        ),
      );
    }
    if (has("peek")) {
      const why = { snoop: "Eyes closed: you are a Snoop. Look at one card.", cookie_peek: "Eyes closed: you have the Cookie. Look at one card.", help_peek: `Eyes closed: look at a card with ${L.token(view.token)}.` };
      text = why[phase] || "Look at a card.";
      const req = (view.requests || []).filter((r) => r.snoop === view.me).map((r) => r.about);
      body.push(
        group(
          "Look at a card",
          null,
          of("peek").map((a) =>
            button({ testid: `peek-${a.kid}`, label: `Look at ${a.kid}'s card`, text: [`👀 ${a.kid}`, req.includes(a.kid) ? " (Alice asked)" : ""], onclick: () => act(a) }),
          ),
        ),
      );
    }
    if (has("claim")) {
      text = "Say what a kid played this round (true or not), or pass.";
      const claims = of("claim");
      const kids = [...new Set(claims.map((a) => a.kid))];
      if (!kids.includes(local.claimKid)) local.claimKid = kids.includes(view.me) ? view.me : kids[0];
      const values = [...new Set(claims.filter((a) => a.kid === local.claimKid).map((a) => a.value))];
      if (!values.includes(local.claimValue)) local.claimValue = values[0];
      const pick = (k, v) => () => {
        local[k] = v;
        redraw();
      };
      body.push(
        group(
          "Claim",
          "claim",
          h("div", {}, h("span", { class: "bw-label" }, "Kid: "), kids.map((k) => choice({ testid: `claim-kid-${k}`, label: `Claim about ${k}`, text: k === view.me ? `${k} (me)` : k, pressed: local.claimKid === k, onclick: pick("claimKid", k) }))),
          h("div", {}, h("span", { class: "bw-label" }, "played: "), values.map((v) => choice({ testid: `claim-value-${v}`, label: `played ${L.card(v)}`, text: String(v), pressed: local.claimValue === v, onclick: pick("claimValue", v) }))),
          button({ testid: "claim-send", label: "Say it", text: `Say: “${local.claimKid === view.me ? "I" : local.claimKid} played ${L.card(local.claimValue)}”`, cls: "bw-btn-primary", onclick: () => act({ type: "claim", kid: local.claimKid, value: local.claimValue }) }),
          has("pass") ? button({ testid: "claim-pass", label: "Say nothing", text: "Pass", onclick: () => act({ type: "pass" }) }) : null,
        ),
      );
    }
    const asks = legal.filter((a) => ASK_KINDS.includes(a.type));
    if (asks.length || has("cookie") || has("end_round")) {
      text = phase === "final" ? "Ask final questions, then end the round." : "Ask the kids questions, then give one a Cookie.";
      if (asks.length) body.push(questionPanel(asks, view, local, L, act, redraw));
      else if (phase === "talk" || phase === "final") body.push(h("p", { class: "bw-muted" }, "No more questions this round."));
      if (has("cookie"))
        body.push(group("Give a Cookie", null, h("span", { class: "bw-label" }, "Give a Cookie to: "), of("cookie").map((a) => button({ testid: `cookie-${a.kid}`, label: `Give ${a.kid} a Cookie`, text: `🍪 ${a.kid}`, onclick: () => act(a) }))));
      if (has("end_round")) body.push(button({ testid: "end-round", label: "End the round", text: "End the round ▶", cls: "bw-btn-primary", onclick: () => act({ type: "end_round" }) }));
    }
    if (has("use_token")) {
      text = "Spend a Help Token to look at cards?";
      body.push(h("p", { class: "bw-why" }, tokenHelp(content)));
      body.push(
        group(
          "Help Tokens",
          null,
          of("use_token").map((a) => button({ testid: `token-${a.token}`, label: `Spend ${L.token(a.token)}`, text: `Spend ${L.token(a.token)}`, onclick: () => act(a) })),
          has("pass") ? button({ testid: "token-pass", label: "Keep the tokens", text: "Keep them", onclick: () => act({ type: "pass" }) }) : null,
        ),
      );
    }
    if (has("expose")) {
      text = "Cousin Oliver: expose a card (turn it face up), or pass.";
      body.push(
        group(
          "Expose",
          null,
          of("expose").map((a) => button({ testid: `expose-${a.kid}`, label: `Expose ${a.kid}'s card`, text: `Flip ${a.kid}`, onclick: () => act(a) })),
          has("pass") ? button({ testid: "expose-pass", label: "Expose nothing", text: "Pass", onclick: () => act({ type: "pass" }) }) : null,
        ),
      );
    }
    if (has("sign")) {
      text = "Your Cookies: add (+) or subtract (−) one point each, in secret.";
      body.push(
        group(
          "Cookie sign",
          null,
          legal.filter((a) => a.type === "sign").map((a) => button({ testid: a.plus ? "sign-plus" : "sign-minus", label: a.plus ? "Cookies add a point each" : "Cookies take a point each", text: a.plus ? "+ add" : "− subtract", onclick: () => act(a) })),
        ),
      );
    }
    if (has("accuse")) {
      text = "Accuse the kid you think is the Troublemaker.";
      body.push(group("Accuse", null, of("accuse").map((a) => button({ testid: `accuse-${a.kid}`, label: `Accuse ${a.kid}`, text: `👉 ${a.kid}`, cls: "bw-btn-accuse", onclick: () => act(a) }))));
    }
    const says = legal.filter((a) => a.type.startsWith("say_"));
    if (says.length) {
      text = `Alice asks you: “${questionText(view.pending || {}, L)}”`;
      body.push(answerPanel(says, view, local, L, act, redraw));
    }
  }
  if (view.pending && !answers(legal)) {
    body.push(h("p", { class: "bw-pending" }, `Alice asked ${view.pending.kid}: “${questionText(view.pending, L)}”`));
  }
  setText(prompt, text ?? "");
  return h("section", { class: "bw-controls", "aria-label": "Your move" }, prompt, body);
}

const answers = (legal) => legal.some((a) => a.type.startsWith("say_"));

/** Alice's question panel: question type, kid, (about), round; every choice from legal ask_* actions. */
function questionPanel(asks, view, local, L, act, redraw) {
  const kinds = ASK_KINDS.filter((k) => asks.some((a) => a.type === k));
  if (!kinds.includes(local.askKind)) local.askKind = kinds[0];
  const ofKind = asks.filter((a) => a.type === local.askKind);
  const kids = [...new Set(ofKind.map((a) => a.kid))];
  if (!kids.includes(local.askKid)) local.askKid = kids[0];
  const ofKid = ofKind.filter((a) => a.kid === local.askKid);
  const abouts = [...new Set(ofKid.filter((a) => a.about !== undefined).map((a) => a.about))];
  if (abouts.length && !abouts.includes(local.askAbout)) local.askAbout = abouts[0];
  const ofAbout = abouts.length ? ofKid.filter((a) => a.about === local.askAbout) : ofKid;
  const rounds = [...new Set(ofAbout.filter((a) => a.round !== undefined).map((a) => a.round))];
  if (rounds.length && !rounds.includes(local.askRound)) local.askRound = rounds.includes(view.round) ? view.round : rounds[rounds.length - 1];
  const action = ofAbout.find((a) => a.round === undefined || a.round === local.askRound);
  const pick = (k, v) => () => {
    local[k] = v;
    redraw();
  };
  const left = view.max_questions === null || view.max_questions === undefined ? "" : ` (${view.max_questions - view.questions} left this round)`;
  return group(
    "Ask a question",
    "question",
    h("h3", {}, `Ask a question${left}`), // the panel's first heading under the title (h2): no level skipped
    h("div", { class: "bw-row" }, h("span", { class: "bw-label" }, "Question: "), kinds.map((k) => choice({ testid: `ask-kind-${k}`, label: askKindLabel(L, k), text: ASK_LABEL[k], pressed: local.askKind === k, onclick: pick("askKind", k) }))),
    h("div", { class: "bw-row" }, h("span", { class: "bw-label" }, "Ask: "), kids.map((k) => choice({ testid: `ask-kid-${k}`, label: `Ask ${k}`, text: kidChip(k, L), pressed: local.askKid === k, onclick: pick("askKid", k) }))),
    abouts.length ? h("div", { class: "bw-row" }, h("span", { class: "bw-label" }, "About: "), abouts.map((k) => choice({ testid: `ask-about-${k}`, label: `About ${k}`, text: k, pressed: local.askAbout === k, onclick: pick("askAbout", k) }))) : null,
    rounds.length ? h("div", { class: "bw-row" }, h("span", { class: "bw-label" }, "Round: "), rounds.map((r) => choice({ testid: `ask-round-${r}`, label: `Round ${r}`, text: String(r), pressed: local.askRound === r, onclick: pick("askRound", r) }))) : null,
    h(
      "div",
      { class: "bw-ask-row" },
      button({
        testid: "ask",
        label: action ? `Ask ${action.kid}: ${questionText(action, L)}` : "Ask",
        text: action ? `Ask ${action.kid}: “${questionText(action, L)}”` : "Ask",
        cls: "bw-btn-primary",
        disabled: !action,
        onclick: () => act(action),
      }),
      lastAnswer(view, L),
    ),
  );
}

/**
 * Beside Alice's question form: the answer to her newest question (from the synced talk:
 * statements that answer a question carry `question`), or who is still answering.
 */
export function lastAnswer(view, L) {
  const attrs = { class: "bw-last-answer", "data-testid": "last-answer", "aria-live": "polite" };
  if (view.pending) return h("div", attrs, h("span", { class: "bw-muted" }, `Waiting for ${view.pending.kid}'s answer…`));
  const answer = [...(view.talk || [])].reverse().find((st) => st.question);
  if (!answer) return h("div", attrs, h("span", { class: "bw-muted" }, "The answer shows here."));
  return h("div", attrs, h("span", { class: "bw-label" }, `Answer (round ${answer.round}): `), kidChip(answer.speaker, L), `: “${answer.text}”`);
}

/** A kid's answer panel, with their true information beside it. */
function answerPanel(actions, view, local, L, act, redraw) {
  const parts = [];
  const ofType = (t) => actions.filter((a) => a.type === t);
  if (ofType("say_card").length) parts.push(h("div", { class: "bw-row" }, h("span", { class: "bw-label" }, "I played: "), ofType("say_card").map((a) => button({ testid: `say-card-${a.value}`, label: `Say: I played ${L.card(a.value)}`, text: L.card(a.value), onclick: () => act(a) }))));
  const numbers = ofType("say_number");
  if (numbers.length) {
    const kids = [...new Set(numbers.map((a) => a.kid))];
    parts.push(
      h(
        "table",
        { class: "bw-number-grid", "aria-label": "I looked at … and it was …" },
        kids.map((k) =>
          h(
            "tr",
            {},
            h("th", { scope: "row" }, `${k}: `),
            numbers.filter((a) => a.kid === k).map((a) => h("td", {}, button({ testid: `say-number-${k}-${a.value}`, label: `Say: I looked at ${k}'s card, it was ${a.value}`, text: String(a.value), cls: "bw-btn-small", onclick: () => act(a) }))),
          ),
        ),
      ),
    );
  }
  if (ofType("say_looked").length)
    parts.push(h("div", { class: "bw-row" }, h("span", { class: "bw-label" }, numbers.length ? "Or: " : "I looked at: "), ofType("say_looked").map((a) => button({ testid: `say-looked-${a.kid}`, label: a.kid === "nobody" ? "Say: I looked at nobody's card" : `Say: I looked at ${a.kid}'s card`, text: a.kid === "nobody" ? "nobody" : a.kid, onclick: () => act(a) }))));
  if (ofType("say_yes_no").length)
    parts.push(h("div", { class: "bw-row" }, ofType("say_yes_no").map((a) => button({ testid: a.yes ? "say-yes" : "say-no", label: a.yes ? "Say yes" : "Say no", text: a.yes ? "Yes" : "No", onclick: () => act(a) }))));
  if (ofType("say_suspect").length)
    parts.push(h("div", { class: "bw-row" }, h("span", { class: "bw-label" }, "The Troublemaker is: "), ofType("say_suspect").map((a) => button({ testid: `say-suspect-${a.kid}`, label: `Say: ${a.kid} is the Troublemaker`, text: a.kid, onclick: () => act(a) }))));
  return h("div", { class: "bw-answer-wrap" }, group("Your answer", "answer", parts), truthFor(view, L));
}

/** Where keyboard focus goes when the focused button went away (the frame adds the curtain and replay). */
const FOCUS_ORDER = ['.bw-controls .bw-btn-primary:not([disabled])', ".bw-controls button:not([disabled])"];

/** anywidget entry point (`render` draws from the model and returns the cleanup). */
export default gameView({
  rootClass: "bw-brady",
  title: () => "The Brady Bunch Party Game",
  attrs: (t) => ({ "data-role": t.view.role || "public" }),
  setup,
  me,
  seat,
  panels,
  reset: (g) => {
    for (const k of Object.keys(g.local)) delete g.local[k];
  },
  focusOrder: FOCUS_ORDER,
});
