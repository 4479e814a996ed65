// The view -> Python message types: the MSG table of brady_widgets/widget.py.
export const MSG = Object.freeze({
  ACT: "act",
  LIFT_CURTAIN: "lift_curtain",
  REPLAY: "replay",
  REVEAL: "reveal",
  CLEAR_ERROR: "clear_error",
  RUN_BOTS: "run_bots",
  OPTION: "option",
});

/** Traits the Python side syncs (brady_widgets.widget.GameWidget). */
export const TRAITS = ["seat", "view", "legal", "log", "error", "curtain", "settings", "replay"];

/**
 * The synced traits, read once per redraw, with empty defaults (a trait can be
 * missing in a model that is still being set up).
 * @param {any} model
 */
export function readTraits(model) {
  return {
    send: (msg) => model.send(msg),
    seat: model.get("seat"),
    view: model.get("view") || {},
    legal: model.get("legal") || [],
    log: model.get("log") || [],
    error: model.get("error") || {},
    curtain: model.get("curtain") || {},
    settings: model.get("settings") || {},
    replay: model.get("replay") || {},
  };
}
