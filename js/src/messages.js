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
