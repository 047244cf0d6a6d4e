import { describe, expect, it } from "vitest";
import { NETWORK_FROM_NUMBER } from "../forms/purchase.ts";
import { readNetwork } from "./network.server.ts";

const caller = { requestId: "test", token: "token" };
const networks = [
  { id: 1, title: "MTN", discountPercent: 2 },
  { id: 2, title: "AIRTEL", discountPercent: 2 },
  { id: 3, title: "GLO", discountPercent: 3 },
  { id: 4, title: "ETISALAT", discountPercent: 3 },
  { id: 55, title: "MTN SME", discountPercent: 4 },
];
const product = { networks: () => Promise.resolve(networks) };

function form(fields: Record<string, string>): FormData {
  const formData = new FormData();
  formData.set("intent", "process");
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  return formData;
}

const TAKEN =
  "No network was chosen, so MTN was taken from the number 08031234567. If the number was ported, press Change and choose its network.";
const HINT = "MTN, from the number 08031234567. If the number was ported to another network, choose that network.";

describe("the form's network read with its phone number", () => {
  it.each([
    ["left out", { phone: "08031234567" }],
    ["blank", { provider: "", phone: "08031234567" }],
    ["spaces", { provider: "  ", phone: " 08031234567 " }],
  ])("a network %s is the number's, and both the form and the confirmation say so", async (_, fields) => {
    const reading = await readNetwork(caller, product, form(fields));
    expect(reading.formData.get("provider")).toBe("1");
    expect(reading.formData.get("intent")).toBe("process");
    expect(reading.hint).toBe(HINT);
    expect(reading.note).toBe(TAKEN);
  });

  it("leaves the posted form as it was when it fills the network in", async () => {
    const posted = form({ provider: "", phone: "08031234567" });
    await readNetwork(caller, product, posted);
    expect(posted.get("provider")).toBe("");
  });

  it.each([
    ["09091234567", "4"],
    ["08021234567", "2"],
    ["08051234567", "3"],
  ])("%s is sold by provider %s, Etisalat standing for 9mobile", async (phone, id) => {
    expect((await readNetwork(caller, product, form({ phone }))).formData.get("provider")).toBe(id);
  });

  it.each([
    ["a number no network is known to hold", { phone: "08011111111" }],
    ["a number still being typed", { phone: "0803123" }],
    ["no number", {}],
  ])("a blank network stays blank with %s", async (_, fields) => {
    const posted = form(fields);
    expect(await readNetwork(caller, product, posted)).toEqual({ formData: posted, hint: null, note: null });
  });

  it("a blank network stays blank when no provider sells the number's network", async () => {
    const reading = await readNetwork(
      caller,
      { networks: () => Promise.resolve(networks.slice(0, 1)) },
      form({ phone: "08051234567" }),
    );
    expect(reading.formData.get("provider")).toBeNull();
    expect(reading.note).toBeNull();
  });

  it("a blank network stays blank when the list cannot be read: pricing says what went wrong", async () => {
    const failing = { networks: () => Promise.reject(new Error("upstream down")) };
    const reading = await readNetwork(caller, failing, form({ phone: "08031234567" }));
    expect(reading).toMatchObject({ hint: null, note: null });
    expect(reading.formData.get("provider")).toBeNull();
  });

  it("does nothing for a product whose providers are not networks", async () => {
    const posted = form({ phone: "08031234567" });
    expect(await readNetwork(caller, {}, posted)).toEqual({ formData: posted, hint: null, note: null });
  });

  it.each([
    ["Glo", "3", "08031234567 is usually an MTN number. Confirm only if it was ported to Glo."],
    ["Airtel", "2", "08031234567 is usually an MTN number. Confirm only if it was ported to Airtel."],
    ["9mobile", "4", "08031234567 is usually an MTN number. Confirm only if it was ported to 9mobile."],
  ])("%s chosen for an MTN number stands, with the ported warning", async (_, id, warning) => {
    const posted = form({ provider: id, phone: "08031234567" });
    expect(await readNetwork(caller, product, posted)).toEqual({ formData: posted, hint: null, note: warning });
  });

  it.each([
    ["MTN", "1"],
    ["MTN SME", "55"],
  ])("%s chosen for an MTN number needs no word", async (_, id) => {
    const posted = form({ provider: id, phone: "08031234567" });
    expect(await readNetwork(caller, product, posted)).toEqual({ formData: posted, hint: null, note: null });
  });

  it("a network the list filled in from the number is said to be the number's", async () => {
    const posted = form({ provider: "1", phone: "08031234567", [NETWORK_FROM_NUMBER.name]: NETWORK_FROM_NUMBER.value });
    expect(await readNetwork(caller, product, posted)).toEqual({ formData: posted, hint: HINT, note: TAKEN });
  });

  it("the marker never hides a ported number: with another network it is the person's choice", async () => {
    const posted = form({ provider: "3", phone: "08031234567", [NETWORK_FROM_NUMBER.name]: NETWORK_FROM_NUMBER.value });
    expect((await readNetwork(caller, product, posted)).note).toBe(
      "08031234567 is usually an MTN number. Confirm only if it was ported to Glo.",
    );
  });

  it("a provider not in today's list is left to pricing, which refuses it", async () => {
    const posted = form({ provider: "99", phone: "08031234567" });
    expect(await readNetwork(caller, product, posted)).toEqual({ formData: posted, hint: null, note: null });
  });
});
