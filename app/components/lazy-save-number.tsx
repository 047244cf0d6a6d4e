import { lazy } from "react";

// The toast's "Save this number" (decision 050) follows a confirmed purchase alone, yet the
// toast is the root's, on every page: its form and the saved numbers' rules are a file of their
// own (decision 082, amended). The purchase kit asks for it with the confirmation step's file
// (lazy-confirmation.tsx), well before Confirm's answer brings the toast; a page that opens on
// the toast shows the server's form, a plain form, and hydrates it once the file is in.

let loading: Promise<typeof import("./save-number.tsx")> | undefined;

function load() {
  loading ??= import("./save-number.tsx").catch((error: unknown) => {
    // A failed download is tried again at the next render or preload, not remembered.
    loading = undefined;
    throw error;
  });
  return loading;
}

export const LazySaveNumberForm = lazy(() => load().then((module) => ({ default: module.SaveNumberForm })));

/** Starts loading the Save number form's file, once. */
export function preloadSaveNumber(): void {
  void load();
}
