import { describe, expect, it } from "vitest";
import { bar, button, h, inkFor } from "../src/dom.js";

describe("dom helpers", () => {
  it("h sets attributes, skips null/false, and appends nested children as text", () => {
    const el = h("div", { class: "x", "data-a": null, hidden: false, title: "t" }, "a", ["b", null, h("span", {}, 1)]);
    expect(el.outerHTML).toBe('<div class="x" title="t">ab<span>1</span></div>');
  });

  it("a disabled button has no click handler", () => {
    let n = 0;
    const on = button({ label: "Go", onclick: () => n++ });
    const off = button({ label: "Go", onclick: () => n++, disabled: true });
    on.click();
    off.click();
    expect(n).toBe(1);
    expect(on.getAttribute("aria-label")).toBe("Go");
    expect(on.hasAttribute("aria-pressed")).toBe(false);
    expect(button({ label: "T", pressed: true }).getAttribute("aria-pressed")).toBe("true");
  });

  it("bar clamps and labels percentages", () => {
    expect(bar("x", 0.3333).textContent).toBe("x33.3%");
    expect(bar("x", 2).querySelector("[role=meter]").getAttribute("aria-valuenow")).toBe("100");
    expect(bar("x", -1).querySelector(".bw-bar-fill").style.width).toBe("0%");
  });

  it("inkFor picks readable text on the Okabe-Ito room colors", () => {
    expect(inkFor("#0072B2")).toBe("#fff");
    expect(inkFor("#F0E442")).toBe("#000");
    expect(inkFor("#009E73")).toBe("#000");
    expect(inkFor("#BBBBBB")).toBe("#000");
    expect(inkFor("nonsense")).toBe("#000");
  });
});
