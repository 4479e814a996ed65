// src/dom.js
function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === void 0 || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value);
    } else if (key === "style" && typeof value === "object") {
      for (const [prop, v] of Object.entries(value)) el.style.setProperty(prop, String(v));
    } else if (key === "disabled") {
      el.disabled = Boolean(value);
    } else if (key === "value") {
      el.value = value;
    } else {
      el.setAttribute(key, value === true ? "" : String(value));
    }
  }
  append(el, children);
  return el;
}
function append(el, children) {
  for (const child of children) {
    if (child === null || child === void 0 || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else if (child instanceof Node) el.appendChild(child);
    else el.appendChild(document.createTextNode(String(child)));
  }
}
function button({ testid, label, text, onclick, disabled = false, pressed = null, cls = "", title }) {
  return h(
    "button",
    {
      type: "button",
      class: `bw-btn ${cls}`.trim(),
      "data-testid": testid,
      "aria-label": label,
      "aria-pressed": pressed === null ? null : String(Boolean(pressed)),
      title: title || null,
      disabled,
      onclick: disabled ? null : onclick
    },
    text === void 0 ? label : text
  );
}
function bar(label, p, { testid = null, cls = "" } = {}) {
  const pct = Math.round(Math.max(0, Math.min(1, Number(p) || 0)) * 1e3) / 10;
  return h(
    "div",
    { class: `bw-bar ${cls}`.trim(), "data-testid": testid },
    h("span", { class: "bw-bar-label" }, label),
    h(
      "span",
      {
        class: "bw-bar-track",
        role: "meter",
        "aria-valuemin": "0",
        "aria-valuemax": "100",
        "aria-valuenow": String(pct),
        "aria-label": `${label}: ${pct}%`
      },
      h("span", { class: "bw-bar-fill", style: { width: `${pct}%` } })
    ),
    h("span", { class: "bw-bar-value" }, `${pct}%`)
  );
}
function inkFor(hex) {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex || "");
  if (!m) return "#000";
  const n = parseInt(m[1], 16);
  const lin = (c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const lum = 0.2126 * lin(n >> 16 & 255) + 0.7152 * lin(n >> 8 & 255) + 0.0722 * lin(n & 255);
  return 1.05 / (lum + 0.05) >= (lum + 0.05) / 0.05 ? "#fff" : "#000";
}
function setText(el, text) {
  const s = String(text);
  const first = el.firstChild;
  if (first && first === el.lastChild && first.nodeType === 3) {
    if (first.data !== s) first.data = s;
  } else if (el.textContent !== s) {
    el.textContent = s;
  }
}
function setAttr(el, name, value) {
  if (value === null || value === void 0 || value === false) {
    if (el.hasAttribute(name)) el.removeAttribute(name);
    return;
  }
  const v = value === true ? "" : String(value);
  if (el.getAttribute(name) !== v) el.setAttribute(name, v);
}
function setClass(el, cls) {
  if (el.getAttribute("class") !== cls) el.setAttribute("class", cls);
}
function setDisabled(el, disabled) {
  const d = Boolean(disabled);
  if (el.disabled !== d) el.disabled = d;
}
function setStyle(el, prop, value) {
  const v = String(value);
  if (el.style.getPropertyValue(prop) !== v) el.style.setProperty(prop, v);
}
function place(parent, node, ref) {
  if (typeof parent.moveBefore === "function" && node.parentNode && node.isConnected && parent.isConnected) {
    try {
      parent.moveBefore(node, ref);
      return;
    } catch {
    }
  }
  parent.insertBefore(node, ref);
}
function setChildren(parent, nodes) {
  const want = nodes.flat(Infinity).filter((n) => n !== null && n !== void 0 && n !== false);
  let cur = parent.firstChild;
  for (const node of want) {
    if (cur === node) {
      cur = cur.nextSibling;
      continue;
    }
    place(parent, node, cur);
  }
  while (cur) {
    const next = cur.nextSibling;
    parent.removeChild(cur);
    cur = next;
  }
}
function liveButton(opts) {
  const el = button({ ...opts, disabled: false, onclick: (ev) => !el.disabled && opts.onclick && opts.onclick(ev) });
  if (opts.disabled) el.disabled = true;
  return el;
}
function updateBar(el, label, p) {
  const pct = Math.round(Math.max(0, Math.min(1, Number(p) || 0)) * 1e3) / 10;
  const [labelEl, track, value] = el.children;
  setText(labelEl, label);
  setAttr(track, "aria-valuenow", String(pct));
  setAttr(track, "aria-label", `${label}: ${pct}%`);
  setStyle(track.firstElementChild, "width", `${pct}%`);
  setText(value, `${pct}%`);
  return el;
}
function keyed() {
  let lastKey;
  let node = null;
  return (key, build) => {
    if (key !== lastKey) {
      lastKey = key;
      node = build();
    }
    return node;
  };
}

// src/messages.js
var MSG = Object.freeze({
  ACT: "act",
  LIFT_CURTAIN: "lift_curtain",
  REPLAY: "replay",
  REVEAL: "reveal",
  CLEAR_ERROR: "clear_error",
  RUN_BOTS: "run_bots",
  OPTION: "option"
});
var TRAITS = ["seat", "view", "legal", "log", "error", "curtain", "settings", "replay"];
function readTraits(model) {
  return {
    send: (msg) => model.send(msg),
    seat: model.get("seat"),
    view: model.get("view") || {},
    legal: model.get("legal") || [],
    log: model.get("log") || [],
    error: model.get("error") || {},
    curtain: model.get("curtain") || {},
    settings: model.get("settings") || {},
    replay: model.get("replay") || {}
  };
}

// src/seatbar.js
function seatItem({ names, shown, toAct, alive, extra }, seat) {
  const name = names[seat];
  const turn = toAct.includes(seat);
  const isAlive = alive[seat] !== false;
  const status = [turn ? "to act" : null, isAlive ? null : "out", seat === shown ? "you" : null].filter(Boolean).join(", ");
  return h(
    "li",
    {
      class: `bw-seat${turn ? " bw-turn" : ""}${isAlive ? "" : " bw-out"}${seat === shown ? " bw-me" : ""}`,
      "data-testid": `seat-${seat}`,
      "data-turn": String(turn),
      "data-alive": String(isAlive),
      "aria-current": turn ? "true" : null,
      "aria-label": status ? `${name} (${status})` : name
    },
    h(
      "div",
      { class: "bw-seat-head" },
      h("span", { class: "bw-seat-marker", "aria-hidden": "true" }, turn ? "\u25B6" : isAlive ? "\u25CF" : "\u2715"),
      h("strong", {}, name),
      seat === shown ? h("span", { class: "bw-tag" }, "you") : null,
      isAlive ? null : h("span", { class: "bw-tag bw-tag-out" }, "out")
    ),
    extra ? extra(seat) : null
  );
}
function seatList() {
  return h("ol", { class: "bw-seats", "aria-label": "Players", "data-testid": "seats" });
}

// src/log.js
function logPanel(title = "Log") {
  const list = h("ol", {
    class: "bw-log-list",
    "aria-live": "polite",
    "aria-relevant": "additions",
    "data-testid": "log"
  });
  const panel = h("section", { class: "bw-log", "aria-label": title }, h("h3", {}, title), list);
  return { panel, list };
}
var keyOf = (e) => `${e.i}\0${e.type}\0${e.text}`;
function item(e) {
  return h("li", { class: `bw-log-${e.type}`, "data-i": String(e.i), "data-key": keyOf(e), value: String(e.i + 1) }, e.text);
}
function updateLog(list, entries) {
  const want = entries.map(keyOf);
  const wanted = new Set(want);
  while (list.firstElementChild && !wanted.has(list.firstElementChild.dataset.key)) {
    list.firstElementChild.remove();
  }
  const have = [...list.children].map((li) => li.dataset.key);
  const extends_ = have.length <= want.length && have.every((k, n) => k === want[n]);
  if (!extends_) {
    list.replaceChildren(...entries.map(item));
    return entries.length;
  }
  const fresh = entries.slice(have.length);
  for (const e of fresh) list.appendChild(item(e));
  return fresh.length;
}

// src/error.js
function errorBanner(error, send) {
  if (!error || !error.code) return null;
  return h(
    "div",
    { class: "bw-error", role: "alert", "data-testid": "error", "data-code": error.code },
    h("span", { class: "bw-error-text" }, error.message || error.code),
    button({
      testid: "error-dismiss",
      label: "Dismiss the error",
      text: "\u2715",
      cls: "bw-btn-small",
      onclick: () => send({ type: MSG.CLEAR_ERROR })
    })
  );
}

// src/curtain.js
function curtainPanel(curtain, names, send) {
  if (!curtain || !curtain.up) return null;
  const name = names[curtain.seat] ?? `Seat ${curtain.seat + 1}`;
  return h(
    "div",
    {
      class: "bw-curtain",
      role: "dialog",
      "aria-modal": "true",
      "aria-label": `Pass to ${name}`,
      "data-testid": "curtain"
    },
    h("p", { class: "bw-curtain-title" }, `Pass to ${name}`),
    h("p", {}, "Everyone else: look away. Nothing secret is on screen until the button is pressed."),
    button({
      testid: "lift-curtain",
      label: `I am ${name}, show my screen`,
      cls: "bw-btn-primary",
      onclick: () => send({ type: MSG.LIFT_CURTAIN })
    })
  );
}

// src/replay.js
function replayControl(replay, reveal, send) {
  const parts = [];
  if (replay && replay.active) {
    const { step, length } = replay;
    const go = (n) => send({ type: MSG.REPLAY, step: n });
    parts.push(
      h(
        "div",
        { class: "bw-replay", role: "group", "aria-label": "Replay", "data-testid": "replay" },
        button({
          testid: "replay-back",
          label: "Replay: step back",
          text: "\u25C0 Back",
          disabled: step <= 0,
          onclick: () => go(step - 1)
        }),
        h("input", {
          type: "range",
          min: "0",
          max: String(length),
          step: "1",
          value: String(step),
          "data-testid": "replay-slider",
          "aria-label": "Replay step",
          "aria-valuetext": `step ${step} of ${length}`,
          onchange: (ev) => go(Number(ev.target.value))
        }),
        button({
          testid: "replay-forward",
          label: "Replay: step forward",
          text: "Forward \u25B6",
          disabled: step >= length,
          onclick: () => go(step + 1)
        }),
        h("span", { class: "bw-replay-step", "data-testid": "replay-step" }, `Step ${step} of ${length}`)
      )
    );
  }
  if (replay && replay.active || reveal) {
    parts.push(
      button({
        testid: "reveal-toggle",
        label: "Teacher: reveal all",
        text: reveal ? "Teacher: hide secrets" : "Teacher: reveal all",
        pressed: reveal,
        cls: "bw-reveal",
        onclick: () => send({ type: MSG.REVEAL, on: !reveal })
      })
    );
  }
  return parts.length ? h("div", { class: "bw-replay-bar" }, parts) : null;
}
function statusBanner(view, replay, nameOf) {
  let id = null;
  let text = "";
  if (view.over) {
    const winners = (view.winners || []).map(nameOf);
    id = "winner";
    text = `\u{1F3C6} ${winners.join(" and ") || "Nobody"} ${winners.length === 1 ? "wins" : "win"}!`;
  } else if (replay && replay.active && replay.step < replay.length) {
    id = "replay-banner";
    text = `Replay: after action ${replay.step} of ${replay.length}`;
  }
  const build = () => id === null ? null : h("div", { class: id === "winner" ? "bw-winner" : "bw-winner bw-replaying", role: "status", "data-testid": id }, text);
  return [JSON.stringify(id === null ? null : [id, text]), build];
}

// src/mount.js
function mountView({ model, el, parts, local, draw: draw2, focusOrder, onKey = null }) {
  const { root, logList } = parts;
  el.appendChild(root);
  let queued = false;
  const win = root.ownerDocument.defaultView || globalThis;
  const nextFrame = win.requestAnimationFrame ? (fn) => win.requestAnimationFrame(fn) : (fn) => setTimeout(fn, 0);
  let scrollQueued = false;
  let before = null;
  const scrollToEnd = () => {
    scrollQueued = false;
    const ref = before;
    before = null;
    const atEnd = !ref || !ref.isConnected || ref.getBoundingClientRect().bottom <= logList.getBoundingClientRect().bottom + 4;
    if (atEnd) logList.scrollTop = logList.scrollHeight;
  };
  const redraw = () => {
    queued = false;
    const active = root.ownerDocument.activeElement;
    const hadFocus = Boolean(active && root.contains(active) && active !== root);
    const focusId = hadFocus ? active.getAttribute("data-testid") : null;
    const lastLog = logList.lastElementChild;
    draw2(parts, model, local, redraw);
    if (logList.lastElementChild !== lastLog && !scrollQueued) {
      scrollQueued = true;
      before = lastLog && lastLog.isConnected ? lastLog : null;
      nextFrame(scrollToEnd);
    }
    if (!hadFocus) return;
    const curtainUp = Boolean(root.querySelector('[data-testid="lift-curtain"]'));
    if (!curtainUp && active.isConnected && root.contains(active) && !active.disabled) {
      if (root.ownerDocument.activeElement !== active) active.focus();
      return;
    }
    let target = focusId && !curtainUp ? root.querySelector(`[data-testid="${focusId}"]`) : null;
    if (!target || target.disabled) {
      target = null;
      for (const sel of focusOrder) {
        target = root.querySelector(sel);
        if (target && !target.disabled) break;
        target = null;
      }
    }
    if (target) target.focus();
  };
  const schedule = () => {
    if (!queued) {
      queued = true;
      queueMicrotask(() => queued && redraw());
    }
  };
  for (const key of TRAITS) model.on(`change:${key}`, schedule);
  const keyHandler = onKey ? (ev) => onKey(ev, redraw) : null;
  if (keyHandler) root.addEventListener("keydown", keyHandler);
  redraw();
  return () => {
    queued = false;
    for (const key of TRAITS) model.off(`change:${key}`, schedule);
    if (keyHandler) root.removeEventListener("keydown", keyHandler);
    root.remove();
  };
}

// src/costume_party.js
var AREA = { blue: "blue", yellow: "yellow", red: "red", green: "green", hall: "hall" };
var PATTERN_NAME = { blue: "stripes", yellow: "dots", red: "checks", green: "waves", hall: "plain" };
var FACE_SYMBOL = { blue: "\u25B2", yellow: "\u25CF", red: "\u25A0", green: "\u25C6", hall: "\u25CB", black: "\u2617" };
function labels(settings) {
  const content = settings.content || {};
  const rooms = {};
  for (const r of content.rooms || []) rooms[r.id] = r;
  const figures = content.figures || [];
  const fig = (id) => {
    const f = figures[id];
    return f ? `${f.name} the ${f.costume}` : `Figure ${id}`;
  };
  const emoji = (id) => figures[id] ? figures[id].emoji : "?";
  const room = (id) => rooms[id] ? rooms[id].name : id;
  return { rooms, fig, emoji, room, order: (content.rooms || []).map((r) => r.id) };
}
function faceText(face, L) {
  if (!face) return "none yet";
  return face === "black" ? "black" : `${face} (${L.room(face)})`;
}
function skeleton() {
  const root = h("div", { class: "bw-root bw-costume" });
  const top = h("div", { class: "bw-top" });
  const board = h("div", { class: "bw-board", role: "group", "aria-label": "The party: five rooms" });
  const tableSlot = h("div", { class: "bw-slot" });
  const oddsSlot = h("div", { class: "bw-slot" });
  const { panel: logSection, list: logList } = logPanel();
  const main = h("div", { class: "bw-main" }, board, h("div", { class: "bw-side" }, tableSlot, oddsSlot, logSection));
  root.append(top, main);
  const me = h("p", { class: "bw-me-line", "data-testid": "me" });
  const header = h("header", { class: "bw-header" }, h("h2", { class: "bw-title" }, "Costume Party Detective"), me);
  return {
    root,
    top,
    main,
    board,
    tableSlot,
    oddsSlot,
    logList,
    header,
    me,
    seats: seatList(),
    keys: {},
    // section -> the JSON of the inputs it was last drawn from
    cache: null,
    // per-content caches (rooms, figures, controls, odds): see `caches`
    error: keyed(),
    curtain: keyed(),
    banner: keyed(),
    replay: keyed(),
    table: keyed()
  };
}
function caches() {
  return { seatItems: [], seatKeys: [], rooms: /* @__PURE__ */ new Map(), figures: /* @__PURE__ */ new Map(), controls: null, kills: /* @__PURE__ */ new Map(), odds: null };
}
function changed(parts, section, key) {
  if (parts.keys[section] === key) return false;
  parts.keys[section] = key;
  return true;
}
function draw(parts, model, local, redraw) {
  const { root, top, main, board, tableSlot, oddsSlot, logList } = parts;
  const { send, seat, view, legal, log, error, curtain, settings, replay } = readTraits(model);
  const names = settings.names || [];
  const contentKey = JSON.stringify([settings.content || {}, names]);
  if (changed(parts, "content", contentKey) || !parts.cache) {
    parts.cache = caches();
    parts.L = labels(settings);
    parts.keys = { content: contentKey };
  }
  const L = parts.L;
  const C = parts.cache;
  const nameOf = (s) => names[s] ?? `Seat ${s + 1}`;
  const phase = view.phase || "roll";
  const moves = legal.filter((a) => a.type === "move");
  const movable = new Set(moves.map((a) => a.figure));
  if (local.selected !== null && !movable.has(local.selected)) local.selected = null;
  const targets = new Set(moves.filter((a) => a.figure === local.selected).map((a) => a.to));
  const kills = legal.filter((a) => a.type === "kill").map((a) => a.figure);
  const canDraw = legal.some((a) => a.type === "draw");
  const canRoll = legal.some((a) => a.type === "roll");
  const act = (action) => {
    local.selected = null;
    send({ type: MSG.ACT, action });
  };
  updateLog(logList, log);
  setAttr(root, "data-phase", phase);
  setAttr(root, "data-seat", String(seat));
  setAttr(root, "data-curtain", curtain.up ? "up" : "down");
  setAttr(root, "data-reveal", String(Boolean(settings.reveal)));
  const toAct = view.to_act || [];
  const alive = view.alive || [];
  const faceUp = view.face_up || [];
  const revealed = view.revealed || [];
  const secrets = view.secrets || null;
  const mine = view.my_character;
  let who;
  if (settings.reveal) who = "Teacher view: every secret is shown.";
  else if (mine !== null && mine !== void 0) who = `You are ${L.emoji(mine)} ${L.fig(mine)} (${nameOf(seat)}).`;
  else who = "Public view: nobody's secrets are shown.";
  setText(parts.me, who);
  const errorNode = parts.error(JSON.stringify(error), () => errorBanner(error, send) || h("div", { class: "bw-error-slot" }));
  const seatOpts = {
    names,
    shown: seat,
    toAct: view.over ? [] : toAct,
    alive,
    extra: (s) => h(
      "div",
      { class: "bw-seat-extra" },
      revealed[s] !== null && revealed[s] !== void 0 ? h("div", { class: "bw-seat-revealed" }, `was ${L.emoji(revealed[s])} ${L.fig(revealed[s])}`) : secrets ? h("div", { class: "bw-seat-secret" }, `secretly ${L.emoji(secrets[s])} ${L.fig(secrets[s])}`) : null,
      (faceUp[s] || []).length ? h(
        "div",
        { class: "bw-cards", "aria-label": `${nameOf(s)}'s face-up cards` },
        (faceUp[s] || []).map((c) => h("span", { class: "bw-card", title: L.fig(c) }, `${L.emoji(c)} ${L.fig(c)}`))
      ) : null
    )
  };
  for (let s = 0; s < names.length; s++) {
    const key = JSON.stringify([
      s === seat,
      seatOpts.toAct.includes(s),
      alive[s] !== false,
      revealed[s] ?? null,
      secrets ? secrets[s] : null,
      faceUp[s] || []
    ]);
    if (C.seatKeys[s] !== key) {
      C.seatKeys[s] = key;
      C.seatItems[s] = seatItem(seatOpts, s);
    }
  }
  C.seatItems.length = names.length;
  setChildren(parts.seats, C.seatItems);
  const curtainNode = parts.curtain(JSON.stringify([curtain, names]), () => curtainPanel(curtain, names, send));
  main.hidden = Boolean(curtainNode);
  if (curtainNode) {
    setChildren(top, [parts.header, errorNode, parts.seats, curtainNode]);
    setChildren(board, []);
    setChildren(tableSlot, []);
    setChildren(oddsSlot, []);
    parts.cache = null;
    return;
  }
  const [bannerKey, buildBanner] = statusBanner(view, replay, nameOf);
  const banner = parts.banner(JSON.stringify([contentKey, bannerKey]), buildBanner);
  const rc = parts.replay(JSON.stringify([replay, Boolean(settings.reveal)]), () => replayControl(replay, Boolean(settings.reveal), send));
  const myTurn = legal.length > 0;
  let prompt;
  if (view.over) prompt = "The game is over.";
  else if (replay.active && replay.step < replay.length) prompt = "Replaying the game.";
  else if (!myTurn) prompt = `Waiting for ${toAct.map(nameOf).join(", ") || "\u2026"}.`;
  else if (phase === "roll") prompt = "Your turn: roll the die.";
  else if (phase === "move")
    prompt = local.selected === null ? `You rolled ${faceText(view.last_roll, L)}: pick a highlighted figure, then a room.` : `Move ${L.fig(local.selected)}: pick a highlighted room.`;
  else if (phase === "black")
    prompt = canDraw ? "You rolled black: kill a figure in your character's room, or draw a card." : "You rolled black: you must kill a figure in your character's room.";
  else prompt = "";
  if (!C.controls) {
    const k = {};
    k.prompt = h("p", { class: "bw-prompt", "data-testid": "prompt" });
    k.roll = liveButton({
      testid: "roll",
      label: "Roll the die",
      text: "\u{1F3B2} Roll",
      cls: "bw-btn-primary",
      onclick: () => act({ type: "roll" })
    });
    k.chip = h("span", { class: "bw-face-chip", "aria-hidden": "true" });
    k.lastText = document.createTextNode("");
    k.last = h("span", { "data-testid": "last-roll" });
    k.runBots = liveButton({ testid: "run-bots", label: "Let the bots play", onclick: () => send({ type: MSG.RUN_BOTS }) });
    k.die = h("div", { class: "bw-die" });
    k.draw = liveButton({ testid: "draw", label: "Draw", text: "", onclick: () => act({ type: "draw" }) });
    k.black = h("div", { class: "bw-black", role: "group", "aria-label": "Black: kill or draw" });
    k.section = h("section", { class: "bw-controls", "aria-label": "Your move" }, k.prompt, k.die);
    C.controls = k;
  }
  const K = C.controls;
  setText(K.prompt, prompt);
  setDisabled(K.roll, !canRoll);
  const face = view.last_roll;
  setClass(K.last, `bw-last-roll bw-face-${face || "none"}`);
  setAttr(K.last, "data-face", face || "");
  if (face) setText(K.chip, FACE_SYMBOL[face] || "?");
  const lastText = `Last roll: ${faceText(face, L)}`;
  if (K.lastText.data !== lastText) K.lastText.data = lastText;
  setChildren(K.last, [face ? K.chip : null, K.lastText]);
  setChildren(K.die, [K.roll, K.last, settings.paused ? K.runBots : null]);
  const showBlack = phase === "black" && myTurn;
  if (showBlack) {
    const killButtons = kills.map((f) => {
      const label = f === mine ? `Kill ${L.fig(f)} (yourself: you are alone)` : `Kill ${L.fig(f)}`;
      let b = C.kills.get(f);
      if (!b || b.getAttribute("aria-label") !== label) {
        b = button({
          testid: `kill-${f}`,
          label,
          text: `\u{1F5E1} Kill ${L.emoji(f)} ${L.fig(f)}${f === mine ? " (yourself)" : ""}`,
          cls: "bw-btn-kill",
          onclick: () => act({ type: "kill", figure: f })
        });
        C.kills.set(f, b);
      }
      return b;
    });
    setAttr(K.draw, "aria-label", canDraw ? "Draw the top character card" : "Draw (not allowed: you must kill)");
    setText(K.draw, `\u{1F0CF} Draw a card (${view.deck_count ?? 0} left)`);
    setDisabled(K.draw, !canDraw);
    setChildren(K.black, [killButtons, K.draw]);
  }
  setChildren(K.section, [K.prompt, K.die, showBlack ? K.black : null]);
  setChildren(top, [parts.header, errorNode, parts.seats, banner, rc, K.section]);
  const rooms = view.rooms || {};
  const adjacency = view.adjacency || {};
  const order = L.order.length ? L.order : Object.keys(rooms);
  const boardKey = JSON.stringify([rooms, adjacency, order, [...movable], local.selected, [...targets], kills, mine ?? null, secrets]);
  if (changed(parts, "board", boardKey)) {
    const boxes = [];
    for (const r of order) {
      const info = L.rooms[r] || { name: r, color: "#999" };
      const figs = rooms[r] || [];
      const isTarget = targets.has(r);
      let R = C.rooms.get(r);
      if (!R) {
        R = {};
        R.go = h("span", { class: "bw-room-go" }, " \u21E6 move here");
        R.button = liveButton({
          testid: `room-${r}`,
          label: info.name,
          text: [h("span", { class: "bw-room-symbol", "aria-hidden": "true" }, FACE_SYMBOL[r] || ""), h("span", { class: "bw-room-name" }, info.name)],
          cls: "bw-room-button",
          onclick: () => act({ type: "move", figure: local.selected, to: r })
        });
        R.next = h("div", { class: "bw-room-next" });
        R.figures = h("div", { class: "bw-figures" });
        R.box = h(
          "section",
          {
            "data-testid": `roombox-${r}`,
            "data-room": r,
            style: { "grid-area": AREA[r] || "auto", "--room-color": info.color, "--room-ink": inkFor(info.color) }
          },
          R.button,
          R.next,
          R.figures
        );
        R.symbolAndName = [R.button.children[0], R.button.children[1]];
        C.rooms.set(r, R);
      }
      setClass(R.box, `bw-room bw-pattern-${PATTERN_NAME[r] || "plain"}${isTarget ? " bw-target" : ""}`);
      setAttr(R.box, "aria-label", `${info.name}: ${figs.length} figure${figs.length === 1 ? "" : "s"}`);
      setAttr(R.button, "aria-label", isTarget ? `Move ${L.fig(local.selected)} to ${info.name}` : info.name);
      setDisabled(R.button, !isTarget);
      setChildren(R.button, [R.symbolAndName, isTarget ? R.go : null]);
      setText(R.next, `next to: ${(adjacency[r] || []).map((n) => L.room(n)).join(", ")}`);
      setChildren(
        R.figures,
        figs.map((f) => figureButton(C, L, f, { info, movable, local, mine, kills, secrets, nameOf, redraw }))
      );
      boxes.push(R.box);
    }
    setChildren(board, boxes);
  }
  const tableKey = JSON.stringify([contentKey, view.deck_count ?? 0, view.left || [], view.killed || []]);
  const table = parts.table(tableKey, () => {
    const gone = (ids, what) => ids && ids.length ? h("p", { class: "bw-gone" }, `${what}: `, ids.map((f) => `${L.emoji(f)} ${L.fig(f)}`).join(", ")) : null;
    return h(
      "section",
      { class: "bw-table", "aria-label": "The table" },
      h("p", { class: "bw-deck", "data-testid": "deck" }, `Deck: ${view.deck_count ?? 0} card${view.deck_count === 1 ? "" : "s"}`),
      gone(view.left, "Left the party"),
      gone(view.killed, "Killed")
    );
  });
  setChildren(tableSlot, [table]);
  if (changed(parts, "odds", JSON.stringify(view.odds ?? null)) || !C.odds) drawOdds(C, L, view.odds, nameOf);
  setChildren(oddsSlot, [C.odds.section]);
}
function figureButton(C, L, f, { info, movable, local, mine, kills, secrets, nameOf, redraw }) {
  let F = C.figures.get(f);
  if (!F) {
    F = {};
    F.emoji = h("span", { class: "bw-emoji", "aria-hidden": "true" }, L.emoji(f));
    F.name = h("span", { class: "bw-fig-name" }, L.fig(f).split(" the ")[0]);
    F.you = h("span", { class: "bw-you", "aria-hidden": "true" }, "you");
    F.owner = h("span", { class: "bw-owner", "aria-hidden": "true" });
    F.button = liveButton({
      testid: `figure-${f}`,
      label: L.fig(f),
      text: [F.emoji, F.name],
      title: L.fig(f),
      onclick: () => {
        local.selected = local.selected === f ? null : f;
        redraw();
      }
    });
    C.figures.set(f, F);
  }
  const canMove = movable.has(f);
  const selected = local.selected === f;
  const isMine = f === mine;
  const killable = kills.includes(f);
  const owner = secrets ? secrets.indexOf(f) : -1;
  const b = F.button;
  setAttr(
    b,
    "aria-label",
    `${L.fig(f)}${isMine ? " (you)" : ""}${owner >= 0 ? ` (${nameOf(owner)}'s character)` : ""}, in ${info.name}${canMove ? ", can move" : ""}${killable ? ", can be killed" : ""}`
  );
  setAttr(b, "aria-pressed", canMove ? String(selected) : null);
  setDisabled(b, !canMove);
  setClass(
    b,
    `bw-btn bw-figure${canMove ? " bw-movable" : ""}${selected ? " bw-selected" : ""}${isMine ? " bw-mine" : ""}${killable ? " bw-killable" : ""}`
  );
  if (owner >= 0) setText(F.owner, nameOf(owner));
  setChildren(b, [F.emoji, F.name, isMine ? F.you : null, owner >= 0 ? F.owner : null]);
  return b;
}
function drawOdds(C, L, odds, nameOf) {
  if (!C.odds) {
    C.odds = {
      section: h("section", { class: "bw-odds", "aria-label": "Odds", "data-testid": "odds" }),
      title: h("h3", {}, "Odds"),
      next: h("h4", {}, "Next roll"),
      who: h("h4", {}, "Who is who? (from what you have seen)"),
      none: h("p", {}, "No odds to show."),
      die: /* @__PURE__ */ new Map(),
      seats: /* @__PURE__ */ new Map()
    };
  }
  const O = C.odds;
  if (!odds) {
    setChildren(O.section, [O.title, O.none]);
    return;
  }
  const dieBars = Object.entries(odds.die || {}).map(([face, p]) => {
    const label = `${FACE_SYMBOL[face] || ""} ${face === "black" ? "black" : L.room(face)}`;
    let b = O.die.get(face);
    if (!b) O.die.set(face, b = bar(label, p, { cls: `bw-bar-${face}` }));
    return updateBar(b, label, p);
  });
  const rows = Object.entries(odds.identity || {}).map(([opp, probs]) => {
    const all = Object.entries(probs).sort((a, b) => b[1] - a[1] || Number(a[0]) - Number(b[0]));
    const even = all.length > 0 && all[0][1] === all[all.length - 1][1];
    let row = O.seats.get(opp);
    if (!row) {
      row = {
        name: h("div", { class: "bw-odds-name" }),
        note: h("div", { class: "bw-odds-note" }),
        bars: []
      };
      row.div = h("div", { class: "bw-odds-seat", "data-testid": `odds-seat-${opp}` });
      O.seats.set(opp, row);
    }
    setText(row.name, `${nameOf(Number(opp))} is most likely\u2026`);
    const top3 = all.slice(0, 3).map(([f, p], n) => {
      const label = `${L.emoji(Number(f))} ${L.fig(Number(f))}`;
      if (!row.bars[n]) row.bars[n] = bar(label, p);
      return updateBar(row.bars[n], label, p);
    });
    const showNote = even && all.length > 1;
    if (showNote) setText(row.note, `No clue yet: all ${all.length} possible figures are equally likely.`);
    setChildren(row.div, [row.name, top3, showNote ? row.note : null]);
    return row.div;
  });
  setChildren(O.section, [O.title, O.next, dieBars, rows.length ? O.who : null, rows]);
}
var FOCUS_ORDER = [
  '[data-testid="lift-curtain"]',
  '[data-testid="roll"]:not([disabled])',
  ".bw-figure.bw-selected",
  ".bw-room-button:not([disabled])",
  ".bw-figure.bw-movable",
  '[data-testid^="kill-"]',
  '[data-testid="replay-back"]:not([disabled])'
];
function render({ model, el }) {
  const local = { selected: null };
  return mountView({
    model,
    el,
    parts: skeleton(),
    local,
    draw,
    focusOrder: FOCUS_ORDER,
    onKey: (ev, redraw) => {
      if (ev.key === "Escape" && local.selected !== null) {
        local.selected = null;
        redraw();
      }
    }
  });
}
var costume_party_default = { render };
export {
  costume_party_default as default,
  draw,
  skeleton
};
