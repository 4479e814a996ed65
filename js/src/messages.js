// The widget <-> view contract (declared in brady_widgets/protocol.py; tests/test_js_contract.py
// checks this mirror against it): the message types the view sends, the traits Python syncs,
// and how the view reads them.

/** The view -> Python message types: the MSG table of brady_widgets/protocol.py. */
export const MSG = Object.freeze({
  ACT: "act",
  LIFT_CURTAIN: "lift_curtain",
  REPLAY: "replay",
  REVEAL: "reveal",
  CLEAR_ERROR: "clear_error",
  RUN_BOTS: "run_bots",
  OPTION: "option",
  PAGE: "page",
  CLOCK: "clock",
  START: "start",
  VISIBLE: "visible",
  FORECAST: "forecast",
});

/** Traits the Python side syncs (brady_widgets.protocol.TRAITS, in order): the render loop listens to each. */
export const TRAITS = ["seat", "view", "legal", "log_lines", "error", "curtain", "settings", "content", "replay", "rev", "page", "clock"];

/**
 * The rows of a compact group, for keys `keys`, into actions (appended to `out`).
 * n == 1: a flat list of values; n >= 2: a list of [value, rows for the other keys] pairs.
 */
function expandRows(type, keys, rows, prefix, out) {
  const [key, ...rest] = keys;
  if (!Array.isArray(rows)) throw new TypeError(`legal: rows for ${JSON.stringify(keys)} must be a list`);
  if (rest.length === 0) {
    for (const value of rows) out.push({ type, ...prefix, [key]: value });
    return;
  }
  for (const pair of rows) {
    if (!Array.isArray(pair) || pair.length !== 2) throw new TypeError(`legal: rows for ${JSON.stringify(keys)} must be [value, rows] pairs`);
    expandRows(type, rest, pair[1], { ...prefix, [key]: pair[0] }, out);
  }
}

/**
 * The plain list of legal actions from the compact `legal` trait: groups
 * `{type, keys: [k1..kn], rows}`, in order (the form is in brady_widgets.widget.compact_legal).
 * @param {{type: string, keys: string[], rows: any}[]} groups
 * @returns {Record<string, any>[]}
 */
export function expandLegal(groups) {
  const out = [];
  for (const g of groups || []) {
    const keys = g.keys || [];
    if (keys.length === 0) {
      for (let n = 0; n < Number(g.rows); n++) out.push({ type: g.type });
    } else {
      expandRows(g.type, keys, g.rows, {}, out);
    }
  }
  return out;
}

// The expanded list of the last compact value read (a redraw reads it once; traits are replaced, not mutated).
let lastRaw = null;
let lastExpanded = [];

/**
 * The synced traits, read once per redraw, with empty defaults (a trait can be
 * missing in a model that is still being set up). `legal` is expanded.
 * @param {any} model
 */
export function readTraits(model) {
  const raw = model.get("legal") || [];
  if (raw !== lastRaw) {
    lastExpanded = expandLegal(raw);
    lastRaw = raw;
  }
  const rev = model.get("rev");
  return {
    send: (msg) => model.send(msg),
    seat: model.get("seat"),
    view: model.get("view") || {},
    legal: lastExpanded,
    log: model.get("log_lines") || [],
    error: model.get("error") || {},
    curtain: model.get("curtain") || {},
    settings: model.get("settings") || {},
    content: model.get("content") || {},
    replay: model.get("replay") || {},
    rev: typeof rev === "number" ? rev : 0,
    page: model.get("page") || {},
    clock: model.get("clock") || {},
  };
}
