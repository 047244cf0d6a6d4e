import { describe, expect, it } from "vitest";
import { htmlToPlainText } from "./sanitize.server.ts";

describe("htmlToPlainText", () => {
  it.each([
    ["<p>Data is <b>20% off</b> this week. <a href='/x'>Details</a></p>", "Data is 20% off this week. Details"],
    ["Fish &amp; chips &lt;3", "Fish & chips <3"],
    ["<script>alert(1)</script>Hello", "Hello"],
    ["<img src=x onerror=alert(1)>Hi", "Hi"],
    ["&#8358;500 &#x20A6;200", "₦500 ₦200"],
    ["&#99999999; &unknown;", "\ufffd &unknown;"],
    ["  many\n\n  spaces  ", "many spaces"],
    ["", ""],
  ])("%j reads %j", (html, text) => {
    expect(htmlToPlainText(html)).toBe(text);
  });

  it("keeps markup-looking text as text for React to escape", () => {
    expect(htmlToPlainText("&lt;script&gt;alert(1)&lt;/script&gt;")).toBe("<script>alert(1)</script>");
  });

  it.each([[null], [42], [{}]])("is empty for %j", (value) => {
    expect(htmlToPlainText(value)).toBe("");
  });
});
