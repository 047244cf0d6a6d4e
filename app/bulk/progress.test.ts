import { describe, expect, it } from "vitest";
import type { Batch, BatchRow, RowOutcome } from "./batches.server.ts";
import { inLanguage } from "./words.test-support.ts";
import { batchProgress, type HistoryRow, SESSION_ENDED, staleAfterMs } from "./progress.ts";

// What the progress and results page tells the person who confirmed a bulk purchase: how
// far it got, what each row became, and what their wallet paid.

const STARTED = 1_700_000_000_000;

const BATCH_INTERRUPTED =
  "This bulk purchase stopped before the end: the portal was restarted. Rows not started were not bought; " +
  "check your transactions for any row whose outcome is not known before you buy it again.";
const SESSION_ENDED_WORDS = "Your session ended, so the rows not started were not bought. Sign in and buy them again.";
const STALE_MS = staleAfterMs(15_000);

function row(number: number, outcome: RowOutcome, chargeKobo = 200_00): BatchRow {
  const phone = `0803123456${number}`;
  return {
    row: number,
    phone,
    network: "MTN",
    item: "₦200.00 airtime",
    chargeKobo,
    soldForKobo: null,
    order: { product: "airtime", subcategoryId: 1, phoneNumber: phone, amountKobo: 200_00 },
    outcome,
    message: "",
    transactionId: null,
  };
}

function batch(rows: BatchRow[], changes: Partial<Batch> = {}): Batch {
  return {
    id: "batch-1",
    userId: 7,
    key: "5f0c6d1e-8a3b-4c2d-9e1f-0a1b2c3d4e5f",
    product: "airtime",
    createdAt: STARTED,
    touchedAt: STARTED,
    formDigest: "digest-1",
    finishedAt: null,
    stopped: null,
    rows,
    leftOut: [],
    ...changes,
  };
}

const outcomes: RowOutcome[] = ["delivered", "pending", "failed", "unknown", "running", "not-started"];
const statuses = (progress: ReturnType<typeof batchProgress>) => progress.rows.map((shown) => shown.status);

describe("a batch still buying", () => {
  const running = batch(
    outcomes.map((outcome, index) => row(index + 1, outcome)),
    { touchedAt: STARTED + 5_000 },
  );
  const progress = batchProgress(running, STARTED + 10_000, STALE_MS);

  it("keeps refreshing, and has no reason to have stopped", () => {
    expect(progress.running).toBe(true);
    expect(progress.stopped).toBeNull();
  });

  it("says how many rows of how many are done: a row being bought or waiting is not", () => {
    expect([progress.done, progress.total]).toEqual([4, 6]);
  });

  it("counts each outcome", () => {
    expect(progress.counts).toEqual({ delivered: 1, pending: 1, failed: 1, unknown: 1, notStarted: 1, leftOut: 0 });
  });

  it("says what each row is", () => {
    expect(statuses(progress)).toEqual([
      "Delivered",
      "Pending",
      "Failed",
      "Outcome not known yet",
      "Buying now",
      "Waiting",
    ]);
  });
});

describe("a finished batch", () => {
  it.each([
    ["delivered", "Delivered"],
    ["pending", "Pending"],
    ["failed", "Failed"],
    ["unknown", "Outcome not known yet"],
    ["running", "Outcome not known yet"],
    ["not-started", "Not started"],
  ] as const)("shows a %s row as %j", (outcome, status) => {
    const finished = batch([row(1, outcome)], { finishedAt: STARTED + 1_000, touchedAt: STARTED + 1_000 });
    expect(batchProgress(finished, STARTED + 2_000, STALE_MS).rows[0]?.status).toBe(status);
  });

  it("no longer refreshes, and is not called interrupted however long ago it ended", () => {
    const finished = batch([row(1, "delivered")], { finishedAt: STARTED + 1_000, touchedAt: STARTED + 1_000 });
    const progress = batchProgress(finished, STARTED + 23 * 60 * 60_000, STALE_MS);
    expect(progress.running).toBe(false);
    expect(progress.stopped).toBeNull();
  });

  it("shows each row's number, network, item, charge, Sold for, message and transaction", () => {
    const delivered: BatchRow = {
      ...row(1, "delivered", 1_500_50),
      soldForKobo: 1_600_00,
      message: "Airtime sent.",
      transactionId: 4321,
    };
    const finished = batch([delivered], { finishedAt: STARTED + 1_000 });
    expect(batchProgress(finished, STARTED + 2_000, STALE_MS).rows).toEqual([
      {
        row: 1,
        phone: "08031234561",
        network: "MTN",
        item: "₦200.00 airtime",
        charge: "₦1,500.50",
        chargedKobo: 1_500_50,
        soldForKobo: 1_600_00,
        soldFor: "₦1,600.00",
        outcome: "delivered",
        status: "Delivered",
        message: "Airtime sent.",
        transactionId: 4321,
      },
    ]);
  });

  it("says the customer's price of the delivered and pending rows only: no other row was sold (decision 085)", () => {
    const priced = (number: number, outcome: RowOutcome): BatchRow => ({
      ...row(number, outcome),
      soldForKobo: 208_00,
    });
    const finished = batch(
      outcomes.map((outcome, index) => priced(index + 1, outcome)),
      { finishedAt: STARTED + 1_000 },
    );
    const shown = batchProgress(finished, STARTED + 2_000, STALE_MS).rows;
    expect(shown.map((each) => [each.outcome, each.soldForKobo, each.soldFor])).toEqual([
      ["delivered", 208_00, "₦208.00"],
      ["pending", 208_00, "₦208.00"],
      ["failed", null, ""],
      ["unknown", null, ""],
      ["running", null, ""],
      ["not-started", null, ""],
    ]);
  });

  it("says the wallet paid for the delivered and pending rows only", () => {
    const finished = batch(
      [
        row(1, "delivered", 100_00),
        row(2, "pending", 200_00),
        row(3, "failed", 400_00),
        row(4, "unknown", 800_00),
        row(5, "not-started", 1_600_00),
        row(6, "delivered", 50_25),
      ],
      { finishedAt: STARTED + 1_000 },
    );
    const progress = batchProgress(finished, STARTED + 2_000, STALE_MS);
    expect(progress.charged).toBe("₦350.25");
    // Each row says what it cost, so the results file's charges add up to the total (decision 074).
    expect(progress.rows.map((shown) => [shown.charge, shown.chargedKobo])).toEqual([
      ["₦100.00", 100_00],
      ["₦200.00", 200_00],
      ["not charged", 0],
      ["₦800.00", null],
      ["not charged", 0],
      ["₦50.25", 50_25],
    ]);
    expect(progress.rows.reduce((sum, shown) => sum + (shown.chargedKobo ?? 0), 0)).toBe(350_25);
  });

  it("says nothing was paid when nothing was bought", () => {
    const finished = batch([row(1, "failed"), row(2, "not-started")], { finishedAt: STARTED + 1_000 });
    expect(batchProgress(finished, STARTED + 2_000, STALE_MS).charged).toBe("₦0.00");
  });

  it("says why it stopped when the session ended, and counts the rows left as not started", () => {
    const ended = batch([row(1, "delivered"), row(2, "not-started"), row(3, "not-started")], {
      finishedAt: STARTED + 1_000,
      stopped: SESSION_ENDED,
    });
    const progress = batchProgress(ended, STARTED + 2_000, STALE_MS);
    expect(progress.stopped).toBe(SESSION_ENDED_WORDS);
    expect([progress.done, progress.total]).toEqual([1, 3]);
    expect(progress.counts.notStarted).toBe(2);
    expect(statuses(progress)).toEqual(["Delivered", "Not started", "Not started"]);
  });
});

describe("a batch whose runner went silent (the portal restarted)", () => {
  const silent = batch([row(1, "delivered"), row(2, "running", 500_00), row(3, "not-started")], {
    touchedAt: STARTED,
  });
  const progress = batchProgress(silent, STARTED + STALE_MS + 1, STALE_MS);

  it("is ended, with the restart explained", () => {
    expect(progress.running).toBe(false);
    expect(progress.stopped).toBe(BATCH_INTERRUPTED);
  });

  it("shows the row that was being bought as not known, never as something to buy again", () => {
    expect(progress.rows[1]).toMatchObject({ outcome: "unknown", status: "Outcome not known yet" });
    expect(progress.counts.unknown).toBe(1);
  });

  it("shows the rows never reached as not started", () => {
    expect(statuses(progress)).toEqual(["Delivered", "Outcome not known yet", "Not started"]);
    expect(progress.counts.notStarted).toBe(1);
  });

  it("counts the unknown row as done and does not say it was paid for", () => {
    expect([progress.done, progress.total]).toEqual([2, 3]);
    expect(progress.charged).toBe("₦200.00");
  });

  it("says what the row whose outcome is not known may have cost, apart from what was charged", () => {
    expect(progress.mayHaveCharged).toBe("₦500.00");
    const settled = batch([row(1, "delivered")], { finishedAt: STARTED + 1_000 });
    expect(batchProgress(settled, STARTED + 2_000, STALE_MS).mayHaveCharged).toBeNull();
  });

  it("is still buying up to the moment it goes stale, and not a millisecond after", () => {
    expect(batchProgress(silent, STARTED + STALE_MS, STALE_MS).running).toBe(true);
    expect(batchProgress(silent, STARTED + STALE_MS + 1, STALE_MS).running).toBe(false);
  });

  it("counts silence from the runner's last write, not from the start", () => {
    const touched = { ...silent, touchedAt: STARTED + 60_000 };
    expect(batchProgress(touched, STARTED + STALE_MS + 1, STALE_MS).running).toBe(true);
  });

  it("gives the session's message, not the restart's, when the session had ended first", () => {
    const progress = batchProgress({ ...silent, stopped: SESSION_ENDED }, STARTED + STALE_MS + 1, STALE_MS);
    expect(progress.stopped).toBe(SESSION_ENDED_WORDS);
  });

  it("says a session's end stored in English by an older portal in the reader's language", () => {
    const stopped = { ...silent, stopped: SESSION_ENDED_WORDS };
    expect(batchProgress(stopped, STARTED + STALE_MS + 1, STALE_MS).stopped).toBe(SESSION_ENDED_WORDS);
    expect(inLanguage("ha", () => batchProgress(stopped, STARTED + STALE_MS + 1, STALE_MS).stopped)).toBe(
      "Lokacin shigarka ya ƙare, don haka ba a sayi jerukan da ba a fara ba. Shiga, sannan ka sake sayen su.",
    );
  });
});

describe("rows the review left out", () => {
  const leftOut = [
    { row: 2, text: "07001234567", network: "", reason: { kind: "no-network" } as const },
    { row: 4, text: "08031234561", network: "MTN", reason: { kind: "duplicate", row: 1 } as const },
  ];
  const finished = batch([row(1, "delivered"), row(3, "pending")], { finishedAt: STARTED + 1_000, leftOut });
  const progress = batchProgress(finished, STARTED + 2_000, STALE_MS);

  it("are shown in the list's order, 'Not bought' with their reason and no charge", () => {
    expect(progress.rows.map(({ row: number, status, charge }) => [number, status, charge])).toEqual([
      [1, "Delivered", "₦200.00"],
      [2, "Not bought", ""],
      [3, "Pending", "₦200.00"],
      [4, "Not bought", ""],
    ]);
    expect(progress.rows[1]).toMatchObject({
      phone: "07001234567",
      outcome: "left-out",
      message: "Choose this number's network.",
    });
    expect(progress.rows[3]).toMatchObject({
      network: "MTN",
      message: "The same number as row 1: left out so that it is not bought twice.",
      transactionId: null,
    });
  });

  it("say 'Not bought' and why in the language of whoever reads them, not of whoever confirmed", () => {
    const read = (language: "pcm" | "ha") =>
      inLanguage(language, () => batchProgress(finished, STARTED + 2_000, STALE_MS).rows[3]);
    expect(read("ha")).toMatchObject({
      status: "Ba a saya ba",
      message: "Lamba ɗaya ce da ta jere 1: an bar ta don kada a saya mata sau biyu.",
    });
    expect(read("pcm")).toMatchObject({
      status: "We no buy am",
      message: "Na di same number wey dey row 1: we leave am out so we no go buy am two times.",
    });
  });

  it("keep the words a batch stored before the reasons were kept as data", () => {
    const old = { row: 2, text: "07001234567", network: "", reason: "Choose this number's network." };
    const read = batchProgress({ ...finished, leftOut: [old] }, STARTED + 2_000, STALE_MS);
    expect(read.rows[1]).toMatchObject({ status: "Not bought", message: "Choose this number's network." });
  });

  it("are counted apart, and are neither bought nor waiting: the batch is done without them", () => {
    expect(progress.counts.leftOut).toBe(2);
    expect([progress.done, progress.total]).toEqual([2, 2]);
    expect(progress.charged).toBe("₦400.00");
  });
});

describe("a finished batch read with the history as it is now", () => {
  const bought = (number: number, outcome: RowOutcome, transactionId: number): BatchRow => ({
    ...row(number, outcome),
    message: `Said at the time ${number}.`,
    transactionId,
  });
  const finished = batch([bought(1, "pending", 11), bought(2, "pending", 12), bought(3, "delivered", 13)], {
    finishedAt: STARTED + 1_000,
  });
  const history = (...rows: [number, number][]): HistoryRow[] =>
    rows.map(([id, status]) => ({ id, status, description: `Purchase ${id}.`, response: "" }));
  const read = (found: HistoryRow[]) => batchProgress(finished, STARTED + 2_000, STALE_MS, found);

  it.each([
    [0, "Pending", "Said at the time 1."],
    [1, "Delivered", "Confirmed: Purchase 11."],
    [2, "Failed", "Failed: Purchase 11."],
    [3, "Failed", "Ignored: Purchase 11."],
    [4, "Failed", "Reversed: Purchase 11."],
  ])("shows a row pending at the end whose status is now %i as %j", (status, shown, message) => {
    expect(read(history([11, status])).rows[0]).toMatchObject({ status: shown, message, transactionId: 11 });
  });

  it("keeps what the batch saw for a row the history does not hold, or holds with a code no label names", () => {
    const rows = read(history([12, 9])).rows;
    expect(rows.map((shown) => [shown.status, shown.message])).toEqual([
      ["Pending", "Said at the time 1."],
      ["Pending", "Said at the time 2."],
      ["Delivered", "Said at the time 3."],
    ]);
  });

  it("counts and charges by the status now: a delivered row since reversed was not paid for", () => {
    const progress = read(history([11, 1], [12, 0], [13, 4]));
    expect(progress.counts).toMatchObject({ delivered: 1, pending: 1, failed: 1 });
    expect(progress.charged).toBe("₦400.00");
    expect(statuses(progress)).toEqual(["Delivered", "Pending", "Failed"]);
    expect(progress.rows.map((shown) => shown.chargedKobo)).toEqual([200_00, 200_00, 0]);
  });

  it("reads nothing into the history for a row without a transaction", () => {
    const unknown = batch([row(1, "unknown")], { finishedAt: STARTED + 1_000 });
    const progress = batchProgress(unknown, STARTED + 2_000, STALE_MS, history([1, 1]));
    expect(statuses(progress)).toEqual(["Outcome not known yet"]);
  });
});

describe("how long a runner may be silent", () => {
  it("is one upstream call's timeout and thirty seconds more", () => {
    expect(staleAfterMs(15_000)).toBe(45_000);
    expect(staleAfterMs(100)).toBe(30_100);
  });
});

describe("a batch read in Hausa", () => {
  const finished = batch([row(1, "delivered"), row(2, "pending"), row(3, "failed")], { finishedAt: STARTED + 1_000 });

  it("says each outcome and each airtime item in Hausa, money in naira as in English", () => {
    const progress = inLanguage("ha", () => batchProgress(finished, STARTED + 2_000, STALE_MS));
    expect(progress.rows.map((shown) => [shown.status, shown.item, shown.charge])).toEqual([
      ["Ya shiga", "Kuɗin waya na ₦200.00", "₦200.00"],
      ["Ana jira", "Kuɗin waya na ₦200.00", "₦200.00"],
      ["Bai yi nasara ba", "Kuɗin waya na ₦200.00", "ba a cire ba"],
    ]);
  });

  it("explains a restart in Hausa", () => {
    const silent = batch([row(1, "running")]);
    expect(inLanguage("ha", () => batchProgress(silent, STARTED + STALE_MS + 1, STALE_MS).stopped)).toMatch(
      /^Wannan sayayya da yawa ta tsaya kafin ta ƙare/,
    );
  });
});
