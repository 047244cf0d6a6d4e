import { lazy } from "react";
import { preloadToastOffers } from "../lazy-toast-offers.tsx";

// The confirmation step's script (the summary, the PIN field, Sold for, Pay by card) is used
// only after Process, so it is a file of its own, loaded when the form is first touched
// (decision 089). The server renders it into the page as before; a page that opens on the
// confirmation hydrates it once the file is in.

let loading: Promise<typeof import("./confirmation.tsx")> | undefined;

function load() {
  // A confirmed purchase's toast offers to save the number and send it: they come with the step.
  preloadToastOffers();
  loading ??= import("./confirmation.tsx").catch((error: unknown) => {
    // A failed download is tried again at the next touch or render, not remembered.
    loading = undefined;
    throw error;
  });
  return loading;
}

export const LazyConfirmation = lazy(() => load().then((module) => ({ default: module.PurchaseConfirmation })));

/** The wallet's shortfall, an answer to Confirm, so in the step's file. */
export const LazyShortfallNotice = lazy(() => load().then((module) => ({ default: module.ShortfallNotice })));

/** Starts loading the confirmation's file, once; Process's answer then finds it there. */
export function preloadConfirmation(): void {
  void load();
}
