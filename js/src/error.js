import { h, button } from "./dom.js";
import { MSG } from "./messages.js";

/** The error banner (role=alert) with a dismiss button; null when there is no error. */
export function errorBanner(error, send) {
  if (!error || !error.code) return null;
  return h(
    "div",
    { class: "bw-error", role: "alert", "data-testid": "error", "data-code": error.code },
    // the sentence only: the code stays in data-code (for developers and tests), never in the text
    h("span", { class: "bw-error-text" }, error.message || "That is not possible right now."),
    button({
      testid: "error-dismiss",
      label: "Dismiss the error",
      text: "✕",
      cls: "bw-btn-small",
      onclick: () => send({ type: MSG.CLEAR_ERROR }),
    }),
  );
}
