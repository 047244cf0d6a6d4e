import { lazy } from "react";

// What a confirmed purchase's toast offers, "Save this number" (decision 050) and sending it to
// the customer (decision 086), follows a purchase alone, yet the toast is the root's, on every
// page: their forms and the saved numbers' rules load apart (decision 082, amended). The purchase
// kit asks for them with the confirmation step's file (lazy-confirmation.tsx), well before
// Confirm's answer brings the toast; a page that opens on the toast shows the server's plain
// form and links, and hydrates them once the files are in.

let loading: Promise<typeof import("./toast-offers.ts")> | undefined;

function load() {
  loading ??= import("./toast-offers.ts").catch((error: unknown) => {
    // A failed download is tried again at the next render or preload, not remembered.
    loading = undefined;
    throw error;
  });
  return loading;
}

export const LazySaveNumberForm = lazy(() => load().then((offers) => ({ default: offers.SaveNumberForm })));

export const LazySendToCustomer = lazy(() => load().then((offers) => ({ default: offers.SendToCustomer })));

/** Starts loading the toast's offers, once. */
export function preloadToastOffers(): void {
  void load();
}
