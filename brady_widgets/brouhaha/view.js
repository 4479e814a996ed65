// Brouhaha: the view, inside the shared frame (js/src/frame.js: header, seat bar,
// error, banners, replay, reveal, run-bots, log, the real-time clock). It implements
// no rules: what is clickable comes only from the synced `legal` actions, everything
// drawn comes from the synced traits, and the kernel settles every race (the view
// only stamps key presses and clicks). See brady_widgets/brouhaha/widget.py for the
// test ids.
//
// The table is the seat bar: each seat shows its face-down card's cry in a speech
// bubble (the animal itself is secret), its Reserve face up, and markers (Hunter,
// pinned, revealed card). A bubble is a button: while you choose a Hunter's target,
// the bubbles you may hunt are enabled. Keys: Space slaps, 1..9 play (or pass) the
// n-th distinct card of your hand, T or Backspace takes your card back, H then a seat
// number (1..9, 0 for seat 10) plays a Hunter, Escape cancels. Cries can be spoken
// aloud with the browser's speech synthesis (off by default, a toggle). In the
// "one keyboard" mode (content.party) the screen shows only public facts and every
// person's own slap key.
import { view, h, button, liveButton, setAttr, setChildren, setDisabled, setText, keyed } from "@bw/frame.js";
import "./view.css";

/** Phases in which the table is frozen (nobody may play or take back). */
export const FROZEN = new Set(["slap", "reveal", "hunt"]);

function labels(content) {
  const animals = {};
  for (const a of content.animals || []) animals[a.id] = a;
  const name = (id) => (id === "hunter" ? "Hunter" : animals[id] ? animals[id].name : String(id));
  const emoji = (id) => (id === "hunter" ? "🏹" : animals[id] ? animals[id].emoji : "?");
  const card = (id) => `${emoji(id)} ${name(id)}`;
  return { animals, name, emoji, card };
}

/** The distinct cards of a sorted hand, in order (the number keys' order). */
export function distinct(hand) {
  const out = [];
  for (const c of hand || []) if (!out.includes(c)) out.push(c);
  return out;
}

/** Seat number as shown and typed after H: 1..9, then 0 for the tenth seat. */
export function seatKey(s) {
  return String((s + 1) % 10);
}

/** The browser's speech synthesis, or null (jsdom, old browsers). */
function synth() {
  const s = globalThis.speechSynthesis;
  const U = globalThis.SpeechSynthesisUtterance;
  return s && typeof s.speak === "function" && typeof U === "function" ? { s, U } : null;
}

function setup(frame) {
  return {
    frame,
    local: { hunting: false, speech: false, spoken: null },
    hand: h("section", { class: "bw-bh-hand", "aria-label": "Your cards", "data-testid": "hand" }),
    actions: h("div", { class: "bw-bh-actions", role: "group", "aria-label": "Actions" }),
    prompt: h("p", { class: "bw-prompt", "data-testid": "prompt", "aria-live": "polite" }),
    // the slap button and the cries, together: in the flow on a laptop, docked at the bottom
    // of the screen on a touch screen (in thumb reach, with every cry in view: view.css)
    dock: h("section", { class: "bw-bh-dock", "aria-label": "Cries and slap", "data-testid": "dock" }),
    cries: h("ul", { class: "bw-bh-cries", "aria-label": "Cries on the table", "data-testid": "cries" }),
    slap: null,
    speech: null,
    odds: keyed(),
    reveal: keyed(),
    legend: keyed(),
    party: keyed(),
    reserves: keyed(),
  };
}

function title(t) {
  return (t.content && t.content.title) || "Brouhaha";
}

function me(t, g) {
  const L = labels(t.content);
  const party = t.content.party;
  if (party) return `One keyboard, ${Object.keys(party.keys || {}).length} players: each has a slap key; nobody's cards are shown.`;
  const down = t.view.my_down;
  if (t.seat < 0) return "Public view: nobody's cards are shown.";
  const mine = down ? `your face-down card is ${L.card(down)}${t.view.pinned ? " (pinned by a Hunter)" : ""}` : "no card face down";
  return `You are ${t.nameOf(t.seat)}: ${mine}.`;
}

/** What a seat shows: its bubble (cry), Reserve, markers. The bubble is the hunt target button. */
function seat(t, g, s) {
  const L = labels(t.content);
  const v = t.view;
  const cry = (v.cries || [])[s] ?? null;
  const reserve = (v.reserves || [])[s] || [];
  const hunter = v.hunter_down === s || (v.hunt && v.hunt.hunter === s);
  const rv = v.reveal && (v.reveal.seats || []).includes(s) ? v.reveal.cards[v.reveal.seats.indexOf(s)] : null;
  const slapped = v.slap ? (v.slap.first === s ? 1 : v.slap.second === s ? 2 : 0) : 0;
  const target = g.local.hunting && t.legal.some((a) => a.type === "hunt" && a.target === s);
  const myTarget = v.hunt && v.hunt.target === s;
  const partyKey = t.content.party ? (t.content.party.keys || {})[String(s)] || null : null;
  const passed = v.passing ? (v.passing.chosen || []).includes(s) : false;
  const handSize = (v.hand_sizes || [])[s] ?? null;
  const secret = Array.isArray(v.down) ? v.down[s] ?? null : null; // the teacher's reveal only (full view)
  const cards = Array.isArray(v.hands) ? v.hands[s] || [] : null; // the teacher's reveal only (full view)
  const key = JSON.stringify([g.keyContent, cry, reserve, hunter, rv, slapped, target, myTarget, partyKey, passed, handSize, s === t.seat && v.pinned, secret, cards, v.phase]);
  const build = () => {
    const who = t.nameOf(s);
    const bubbleLabel = cry ? `${who}'s face-down card cries ${cry}${hunter ? " (a Hunter)" : ""}` : `${who} has no card face down`;
    const bubble = button({
      testid: `bubble-${s}`,
      label: target ? `Hunt ${who}'s card (${cry})` : bubbleLabel,
      text: cry ? cry : "…",
      cls: `bw-bh-bubble${cry ? "" : " bw-bh-quiet"}${target ? " bw-bh-target" : ""}${hunter ? " bw-bh-hunter" : ""}`,
      disabled: !target,
      onclick: () => {
        g.local.hunting = false;
        g.frame.act({ type: "hunt", target: s });
      },
    });
    setAttr(bubble, "data-cry", cry || "");
    return h(
      "div",
      { class: `bw-seat-extra bw-bh-seat${slapped ? " bw-bh-slapped" : ""}` },
      h("span", { class: "bw-bh-seatno", "aria-hidden": "true" }, `#${seatKey(s)}`),
      bubble,
      rv ? h("div", { class: "bw-bh-flip", "data-testid": `revealed-${s}` }, h("span", { class: "bw-bh-card" }, L.card(rv))) : null,
      secret && !rv ? h("div", { class: "bw-bh-secret", "data-testid": `secret-${s}` }, `is ${L.card(secret)}`) : null,
      slapped ? h("div", { class: "bw-bh-mark", "data-testid": `slapped-${s}` }, slapped === 1 ? "✋ slapped first" : "✋ slapped second") : null,
      hunter ? h("div", { class: "bw-bh-mark", "data-testid": `hunter-${s}` }, "🏹 Hunter") : null,
      myTarget ? h("div", { class: "bw-bh-mark", "data-testid": `my-target-${s}` }, "🎯 your target") : null,
      s === t.seat && v.pinned ? h("div", { class: "bw-bh-mark", "data-testid": "pinned" }, "📌 pinned") : null,
      passed ? h("div", { class: "bw-bh-mark" }, "✔ chose a card to pass") : null,
      partyKey ? h("div", { class: "bw-bh-key", "data-testid": `party-key-${s}` }, "slap key ", h("kbd", {}, partyKey.toUpperCase())) : null,
      h(
        "div",
        { class: "bw-bh-reserve", "data-testid": `reserve-${s}`, "aria-label": `${who}'s Reserve: ${reserve.length} card${reserve.length === 1 ? "" : "s"}${reserve.length ? ": " + reserve.map(L.name).join(", ") : ""}` },
        `Reserve ${reserve.length}`,
        reserve.length ? h("span", { class: "bw-bh-emojis", "aria-hidden": "true" }, " " + reserve.map(L.emoji).join("")) : null,
      ),
      handSize === null ? null : h("div", { class: "bw-bh-handsize" }, `${handSize} in hand`),
      cards
        ? h(
            "div",
            { class: "bw-bh-secret bw-bh-hand", "data-testid": `hand-${s}`, "aria-label": `${who}'s hand: ${cards.length ? cards.map(L.name).join(", ") : "no cards"}` },
            cards.length ? cards.map(L.emoji).join("") : "no cards",
          )
        : null,
    );
  };
  return [key, build];
}

/** What to do now, in the words of the screen: taps on a touch screen, keys on a keyboard. */
function promptText(t, g, can) {
  const v = t.view;
  const tap = t.touch;
  const L = labels(t.content);
  if (v.over) return "The game is over.";
  if (t.replaying) return "Replaying the game.";
  if (t.content.party) {
    if (FROZEN.has(v.phase)) return "Frozen: the slap is being settled.";
    return "Same cry on two cards? The first two to press their slap key reveal.";
  }
  if (t.seat < 0) return "Public view.";
  if (g.local.hunting)
    return tap
      ? "Hunter: tap a cry to take that card, or tap Cancel Hunter."
      : "Hunter: click a seat's bubble (or press its number) to take that card; Escape cancels.";
  switch (v.phase) {
    case "slap":
      if (!can.slap) return "Frozen: someone slapped.";
      return tap ? "Someone slapped! Tap Slap too if you think you match." : "Someone slapped! Slap too (Space) if you think you match.";
    case "reveal":
      return v.reveal ? (v.reveal.match ? "Match! Both cards go to their Reserves." : "No match: both cards go back.") : "Revealing…";
    case "hunt":
      if (!can.hunt) return "Frozen: a Hunter is hunting.";
      return tap ? "A Hunter is out! Tap your own Hunter now to cancel both." : "A Hunter is out! Play your own Hunter now (H) to cancel both.";
    case "pass":
      if (v.passing && v.passing.mine) return `You pass ${L.card(v.passing.mine)} to the left; waiting for the others.`;
      if (!can.pass) return "Waiting for the others to pass.";
      return tap ? "Tap a card to pass it to your left." : "Choose a card to pass to your left (1-9).";
    default:
      if (can.slap)
        return tap
          ? "Your card is down. Same animal somewhere? Tap Slap! Or tap Take back."
          : "Your card is down. Same animal somewhere? Slap (Space)! Or take it back (T).";
      if (can.play) return tap ? "Tap a card to play it face down: its cry goes round the table." : "Play a card face down (1-9): its cry goes round the table.";
      return "Waiting…";
  }
}

function oddsPanel(t, L) {
  const o = t.view.odds;
  const body = [];
  if (!o) {
    body.push(h("p", { class: "bw-why" }, t.content.party ? "No odds on a shared screen: it shows nobody's card." : "Play a card to see the chance that another face-down card is the same animal."));
  } else {
    const pct = Math.round((o.p || 0) * 1000) / 10;
    body.push(
      h(
        "p",
        { "data-testid": "odds-text" },
        `Chance another face-down card is your ${L.name(o.mine)}: `,
        h("strong", { "data-testid": "odds-fraction" }, o.fraction),
        ` (${pct}%)`,
      ),
      h(
        "div",
        { class: "bw-bh-meter", role: "meter", "aria-valuemin": "0", "aria-valuemax": "100", "aria-valuenow": String(pct), "aria-label": `chance of a match: ${pct}%` },
        h("span", { class: "bw-bh-meter-fill", style: { width: `${pct}%` } }),
      ),
      h(
        "p",
        { class: "bw-why", "data-testid": "odds-working" },
        `${o.others} other face-down card${o.others === 1 ? "" : "s"} cr${o.others === 1 ? "ies" : "y"} ${o.cry}. ` +
          `Of the ${o.unseen} card${o.unseen === 1 ? "" : "s"} of that cry you have not seen, ${o.same} ${o.same === 1 ? "is a" : "are"} ${L.name(o.mine)}.`,
      ),
    );
  }
  return h("section", { class: "bw-bh-odds", "aria-label": "Odds", "data-testid": "odds" }, h("h3", {}, "Odds"), body);
}

function legendPanel(t, L) {
  const groups = t.content.cries || {};
  const rows = Object.entries(groups).map(([cry, ids]) =>
    h("li", {}, h("strong", {}, cry), " ", ids.map((id) => `${L.emoji(id)} ${L.name(id)}`).join(", ")),
  );
  return h(
    "details",
    { class: "bw-bh-legend", "data-testid": "legend" },
    h("summary", {}, "Who cries what"),
    h("ul", {}, rows),
  );
}

function removedLine(t, L) {
  const v = t.view;
  const parts = [];
  if ((v.removed || []).length) parts.push(`Set aside: ${v.removed.map(L.card).join(", ")}`);
  if (v.hunters_out) parts.push(`Hunters gone: ${v.hunters_out}`);
  const lost = (v.lost || []).flat ? (v.lost || []).flat() : [];
  if (lost.length) parts.push(`Lost (Bang): ${lost.map(L.card).join(", ")}`);
  return parts.length ? h("p", { class: "bw-bh-public", "data-testid": "public" }, parts.join(" · ")) : null;
}

function panels(t, g) {
  const L = labels(t.content);
  g.keyContent = JSON.stringify(t.content);
  const v = t.view;
  const legal = t.legal;
  const can = {
    slap: legal.some((a) => a.type === "slap"),
    play: legal.some((a) => a.type === "play"),
    take: legal.some((a) => a.type === "take_back"),
    hunt: legal.some((a) => a.type === "hunt"),
    pass: legal.some((a) => a.type === "pass"),
  };
  if (!can.hunt) g.local.hunting = false;
  const act = (action) => {
    g.local.hunting = false;
    g.frame.act(action);
  };
  speak(t, g);

  // the slap button: built once (the main action keeps its node and focus)
  if (!g.slap) {
    g.slap = liveButton({ testid: "slap", label: "Slap (Space)", text: "✋ Slap! (Space)", cls: "bw-btn-primary bw-bh-slap", onclick: () => act({ type: "slap" }) });
    g.speech = liveButton({
      testid: "speech",
      label: "Speak cries aloud",
      text: "🔊 Speak cries",
      pressed: false,
      onclick: () => {
        g.local.speech = !g.local.speech;
        if (!g.local.speech) {
          const sp = synth();
          if (sp) sp.s.cancel();
        }
        g.local.spoken = null; // speak what is down now, from the next redraw on
        g.frame.redraw();
      },
    });
  }
  setDisabled(g.slap, !can.slap);
  // the key only where there is a keyboard (the accessible name keeps the visible words)
  setAttr(g.slap, "aria-label", t.touch ? "Slap" : "Slap (Space)");
  setText(g.slap, t.touch ? "✋ Slap!" : "✋ Slap! (Space)");
  setAttr(g.speech, "aria-pressed", String(g.local.speech));
  setAttr(g.speech, "title", synth() ? null : "This browser has no speech synthesis");
  setText(g.prompt, promptText(t, g, can));

  // your cards: play (or pass) buttons from legal, your down card, take back, hunter
  const hand = v.my_hand || [];
  const cards = distinct(hand);
  const count = (c) => hand.filter((x) => x === c).length;
  const passing = v.phase === "pass";
  const cardButtons = cards.map((c, n) => {
    const action = passing ? { type: "pass", card: c } : { type: "play", card: c };
    const ok = legal.some((a) => a.type === action.type && a.card === c);
    const verb = passing ? "Pass" : "Play";
    const key = n < 9 && !t.touch ? String(n + 1) : null; // the number key, on a keyboard only
    const many = count(c) > 1 ? ` ×${count(c)}` : "";
    return button({
      testid: `${passing ? "pass" : "play"}-${c}`,
      // the name holds the visible words in order ("1 Hamster ×2"), for speech input
      label: `${verb} ${key ? `${key}: ` : ""}${L.name(c)}${many}`,
      text: [key ? h("kbd", { "aria-hidden": "true" }, key) : null, ` ${L.card(c)}`, many],
      cls: `bw-bh-cardbtn${c === "hunter" ? " bw-bh-huntercard" : ""}`,
      disabled: !ok,
      onclick: () => act(action),
    });
  });
  const down = v.my_down;
  const downNode = down
    ? h(
        "div",
        { class: "bw-bh-down", "data-testid": "my-down" },
        h("span", { class: "bw-bh-card" }, `Face down: ${L.card(down)}`),
        (v.cries || [])[t.seat] ? h("span", { class: "bw-bh-bubble bw-bh-mine" }, (v.cries || [])[t.seat]) : null,
        button({
          testid: "take-back",
          label: t.touch ? "Take back your card" : "Take back your card (T)",
          text: t.touch ? "↩ Take back" : "↩ Take back (T)",
          disabled: !can.take,
          onclick: () => act({ type: "take_back" }),
        }),
      )
    : null;
  const hunterBtn = hand.includes("hunter") && !passing
    ? button({
        testid: "hunt",
        label: g.local.hunting ? `Cancel Hunter${t.touch ? "" : " (Escape)"}` : `Play a Hunter${t.touch ? "" : " (H)"}, then choose a seat`,
        text: g.local.hunting ? "✖ Cancel Hunter" : t.touch ? "🏹 Hunter" : "🏹 Hunter (H)",
        pressed: g.local.hunting,
        disabled: !can.hunt,
        onclick: () => {
          g.local.hunting = !g.local.hunting;
          g.frame.redraw();
        },
      })
    : null;
  const party = t.content.party;
  // the teacher's reveal has no hand of its own: every seat's hand is in the seat bar
  const reveal_ = !v.my_hand && Array.isArray(v.hands);
  setChildren(g.hand, party || t.seat < 0 || reveal_
    ? []
    : [h("h3", {}, passing ? "Pass a card to your left" : "Your hand"), h("div", { class: "bw-bh-cards" }, cardButtons.length ? cardButtons : h("span", { class: "bw-why" }, "No cards in hand.")), downNode]);
  // on a touch screen the dock holds only what a finger races for (Slap, a Hunter): the speech
  // toggle goes to the side panel
  const dockSpeech = !t.touch || party;
  setChildren(g.actions, party ? [g.speech] : [g.slap, hunterBtn, dockSpeech ? g.speech : null]);
  // every seat's cry in one line beside the slap button (the seat bar may be scrolled away)
  // while a Hunter is aimed, the cries you may hunt are buttons here too (the seat bar's bubbles
  // may be scrolled off a phone's screen)
  const cries = v.cries || [];
  setChildren(
    g.cries,
    cries.map((c, s) => {
      if (!c) return null;
      const who = t.nameOf(s);
      const aim = g.local.hunting && legal.some((a) => a.type === "hunt" && a.target === s);
      return h(
        "li",
        { class: `bw-bh-cry${s === t.seat ? " bw-bh-mycry" : ""}` },
        aim
          ? button({
              testid: `dock-hunt-${s}`,
              label: `Hunt ${who}: ${c}`,
              text: `🎯 ${who}: ${c}`,
              cls: "bw-bh-bubble bw-bh-target",
              onclick: () => act({ type: "hunt", target: s }),
            })
          : [h("span", { class: "bw-bh-cryname" }, `${who}: `), c],
      );
    }),
  );
  setChildren(g.dock, [t.touch && !party ? g.cries : null, g.actions]);

  const reveal = g.reveal(JSON.stringify([v.reveal ?? null, g.keyContent]), () => {
    if (!v.reveal) return null;
    const r = v.reveal;
    return h(
      "div",
      { class: `bw-bh-reveal ${r.match ? "bw-bh-match" : "bw-bh-mismatch"}`, "data-testid": "reveal", role: "status" },
      r.seats.map((s, i) => h("span", { class: "bw-bh-flip" }, `${t.nameOf(s)}: ${L.card(r.cards[i])}`)),
      h("strong", {}, r.match ? " ✔ Match!" : " ✖ No match"),
    );
  });
  const partyNode = party
    ? g.party(JSON.stringify([party, t.names]), () =>
        h(
          "section",
          { class: "bw-bh-partykeys", "data-testid": "party-keys", "aria-label": "Slap keys" },
          h("h3", {}, "Slap keys"),
          h("ul", {}, Object.entries(party.keys || {}).map(([s, k]) => h("li", {}, h("kbd", {}, k.toUpperCase()), ` ${t.nameOf(Number(s))}`))),
          h("p", { class: "bw-why" }, "The helper plays each person's cards; you only slap. Click here first so the keys reach the game."),
        ),
      )
    : null;
  const odds = g.odds(JSON.stringify([v.odds ?? null, g.keyContent, Boolean(party)]), () => oddsPanel(t, L));
  const legend = g.legend(g.keyContent, () => legendPanel(t, L));
  const controls = h("section", { class: "bw-bh-controls", "aria-label": "Your move" }, g.prompt, reveal, t.touch ? null : g.dock);
  return {
    main: [h("div", { class: "bw-bh-left" }, controls, g.hand, partyNode, removedLine(t, L)), t.touch ? g.dock : null],
    side: [dockSpeech ? null : h("div", { class: "bw-bh-speechrow" }, g.speech), odds, legend],
  };
}

/** Speak the cries that appeared since the last redraw (only while the toggle is on). */
function speak(t, g) {
  const cries = (t.view.cries || []).slice();
  const before = g.local.spoken;
  g.local.spoken = cries;
  if (!g.local.speech || t.replaying) return;
  const sp = synth();
  if (!sp) return;
  cries.forEach((c, s) => {
    if (c && (!before || before[s] !== c)) sp.s.speak(new sp.U(c));
  });
}

function attrs(t) {
  const phase = t.view.phase;
  return {
    "data-frozen": FROZEN.has(phase) ? "true" : "false",
    "data-party": t.content.party ? "true" : null,
  };
}

/** Keys the frame does not take (it takes Space, T, Backspace when such an action is legal). */
function onKey(ev, g, frame) {
  if (ev.ctrlKey || ev.metaKey || ev.altKey || ev.repeat) return;
  const root = frame.root;
  const t = g.last;
  if (!t || t.view.over || t.replaying) return;
  const party = t.content.party;
  const key = ev.key.length === 1 ? ev.key.toLowerCase() : ev.key;
  if (party) {
    const keys = party.keys || {};
    const seatOf = Object.keys(keys).find((s) => keys[s] === key);
    if (seatOf !== undefined) {
      ev.preventDefault();
      // one keyboard: every person's key is its own act (no lock between people)
      const msg = { type: "act", action: { type: "slap", seat: Number(seatOf) }, rev: t.rev };
      const at = frame.clock.stamp(ev.timeStamp);
      if (at !== null) msg.at = at;
      frame.send(msg);
    }
    return;
  }
  const legal = t.legal;
  if (key === "Escape" && g.local.hunting) {
    g.local.hunting = false;
    frame.redraw();
    ev.preventDefault();
    return;
  }
  if (key === "h") {
    if (legal.some((a) => a.type === "hunt")) {
      g.local.hunting = !g.local.hunting;
      frame.redraw();
      ev.preventDefault();
    }
    return;
  }
  if (/^[0-9]$/.test(key)) {
    if (g.local.hunting) {
      const n = Number(key);
      const target = n === 0 ? 9 : n - 1;
      const a = legal.find((x) => x.type === "hunt" && x.target === target);
      if (a) {
        g.local.hunting = false;
        frame.act(a, ev.timeStamp);
        ev.preventDefault();
      }
      return;
    }
    if (key === "0") return;
    const cards = distinct(t.view.my_hand || []);
    const c = cards[Number(key) - 1];
    const type = t.view.phase === "pass" ? "pass" : "play";
    const a = legal.find((x) => x.type === type && x.card === c);
    if (a) {
      frame.act(a, ev.timeStamp);
      ev.preventDefault();
    }
  }
  void root;
}

const game = {
  rootClass: "bw-brouhaha",
  title,
  setup,
  me,
  seat,
  panels: (t, g) => {
    g.last = t;
    return panels(t, g);
  },
  attrs,
  reset: (g) => {
    g.local.hunting = false;
  },
  focusOrder: ['[data-testid="slap"]', '[data-testid^="play-"]:not([disabled])', '[data-testid^="pass-"]:not([disabled])'],
  onKey,
};

const mounted = view(game);

/** anywidget's module: the shared frame's render, and speech stopped when the view goes away. */
export default {
  render(ctx) {
    const stop = mounted.render(ctx);
    return () => {
      const speaking = ctx.el.querySelector('[data-testid="speech"][aria-pressed="true"]');
      stop();
      const sp = synth();
      if (speaking && sp) sp.s.cancel();
    };
  },
};
