import { describe, expect, it } from "vitest";
import {
  FILE_NOT_CSV,
  FILE_TOO_BIG,
  NUMBERS_EMPTY,
  PRODUCT_MESSAGE,
  readBulkForm,
  tooManyNumbers,
  withTicked,
} from "./bulk.ts";

// The bulk purchase form as the browser posts it: text fields, a file input (an empty File
// when none is chosen), the CSV kept from an earlier review, and the review's choices.
// The airtime form's amount messages are written out verbatim so a reworded message is noticed.

type Posted = Record<string, string | File>;

function formData(fields: Posted): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

/** What the browser sends for a file input left empty. */
const noFile = () => new File([], "", { type: "application/octet-stream" });
const csvFile = (content: BlobPart, name = "numbers.csv", type = "text/csv") => new File([content], name, { type });

const airtime = { product: "airtime", numbers: "08031234567", amount: "200", file: noFile() } satisfies Posted;

/** n distinct valid numbers, one a line. */
const numbersList = (count: number) =>
  Array.from({ length: count }, (_, index) => `0803${String(index).padStart(7, "0")}`).join("\n");

describe("the bulk form as typed", () => {
  it("gives the review the product, the entries, the amount in kobo and no choices yet", async () => {
    const form = await readBulkForm(formData({ ...airtime, numbers: "08031234567, 0805 123 4567" }));
    expect(form.errors).toEqual({});
    expect(form.input).toEqual({
      product: "airtime",
      entries: [
        { text: "08031234567", given: "" },
        { text: "0805 123 4567", given: "" },
      ],
      amountKobo: 200_00,
      networks: {},
      plans: {},
    });
  });

  it("shows the fields back as typed, so nothing is lost on an error", async () => {
    const form = await readBulkForm(formData({ product: "airtime", numbers: "0803 123 456x", amount: " 50 " }));
    expect(form.fields).toEqual({ product: "airtime", numbers: "0803 123 456x", amount: "50", csv: "", csvName: "" });
    expect(form.input).toBeNull();
  });

  it("leaves rows that cannot be bought to the review: a bad number is no form error", async () => {
    const form = await readBulkForm(formData({ ...airtime, numbers: "0803123456a\n+447911123456" }));
    expect(form.errors).toEqual({});
    expect(form.input?.entries.map((entry) => entry.text)).toEqual(["0803123456a", "+447911123456"]);
  });

  it.each([[""], ["   \n\n"], [",;"]])(
    "asks for a number when the list is %j and no file is chosen",
    async (numbers) => {
      const form = await readBulkForm(formData({ ...airtime, numbers }));
      expect(form.errors).toEqual({ numbers: NUMBERS_EMPTY() });
      expect(form.input).toBeNull();
    },
  );

  it("refuses 101 numbers, saying how many the list has", async () => {
    const form = await readBulkForm(formData({ ...airtime, numbers: numbersList(101) }));
    expect(form.errors).toEqual({ numbers: tooManyNumbers(101) });
    expect(form.errors.numbers).toBe("At most 100 numbers at a time: this list has 101. Split it into batches of 100.");
    expect(form.input).toBeNull();
  });

  it("takes 100 numbers", async () => {
    const form = await readBulkForm(formData({ ...airtime, numbers: numbersList(100) }));
    expect(form.errors).toEqual({});
    expect(form.input?.entries).toHaveLength(100);
  });

  it("counts the pasted numbers and the file's rows together", async () => {
    const file = csvFile(`phone\n${numbersList(51)}\n`);
    const form = await readBulkForm(formData({ ...airtime, numbers: numbersList(50), file }));
    expect(form.errors.numbers).toBe(tooManyNumbers(101));
  });

  it.each([
    ["", PRODUCT_MESSAGE()],
    ["electricity", PRODUCT_MESSAGE()],
  ])("asks for airtime or data when the product is %j", async (product) => {
    const form = await readBulkForm(formData({ ...airtime, product }));
    expect(form.errors).toEqual({ product: PRODUCT_MESSAGE() });
    expect(form.input).toBeNull();
  });
});

describe("the one amount for airtime", () => {
  it.each([
    ["", "Amount is required!"],
    ["   ", "Amount is required!"],
    ["99", "Amount can not be less than ₦100"],
    ["99.99", "Amount can not be less than ₦100"],
    ["0", "Amount can not be less than ₦100"],
    ["mtn", "Enter the amount in naira, e.g. 500"],
    ["50,000.01", "Amount can not be more than ₦50,000"],
    ["60000", "Amount can not be more than ₦50,000"],
  ])("refuses the amount %j with %j", async (amount, message) => {
    const form = await readBulkForm(formData({ ...airtime, amount }));
    expect(form.errors).toEqual({ amount: message });
    expect(form.input).toBeNull();
  });

  it.each([
    ["100", 100_00],
    ["₦1,500", 1_500_00],
    ["250.50", 250_50],
    ["50,000", 50_000_00],
  ])("takes %j as %i kobo", async (amount, kobo) => {
    const form = await readBulkForm(formData({ ...airtime, amount }));
    expect(form.input?.amountKobo).toBe(kobo);
  });

  it("needs no amount when every row of the file gives its own", async () => {
    const file = csvFile("phone,amount\n08031234567,500\n08051234567,1000\n");
    const form = await readBulkForm(formData({ ...airtime, numbers: "", amount: "", file }));
    expect(form.errors).toEqual({});
    expect(form.input?.amountKobo).toBeNull();
    expect(form.input?.entries).toEqual([
      { text: "08031234567", given: "500" },
      { text: "08051234567", given: "1000" },
    ]);
  });

  it("needs the amount when one row of the file gives none", async () => {
    const file = csvFile("08031234567,500\n08051234567\n");
    const form = await readBulkForm(formData({ ...airtime, numbers: "", amount: "", file }));
    expect(form.errors).toEqual({ amount: "Amount is required!" });
  });

  it("still checks an amount typed when every row gives its own", async () => {
    const file = csvFile("08031234567,500\n");
    const form = await readBulkForm(formData({ ...airtime, numbers: "", amount: "50", file }));
    expect(form.errors).toEqual({ amount: "Amount can not be less than ₦100" });
  });

  it("asks no amount for data: each plan has its price", async () => {
    const form = await readBulkForm(formData({ ...airtime, product: "data", amount: "" }));
    expect(form.errors).toEqual({});
    expect(form.input).toMatchObject({ product: "data", amountKobo: null });
  });

  it("names every wrong field at once", async () => {
    const form = await readBulkForm(formData({ product: "airtime", numbers: numbersList(101), amount: "" }));
    expect(form.errors).toEqual({ numbers: tooManyNumbers(101), amount: "Amount is required!" });
  });
});

describe("the CSV file chosen", () => {
  it("reads the numbers of a .csv file, and keeps its text and name to show back", async () => {
    const content = "phone,amount\r\n08031234567,500\r\n";
    const form = await readBulkForm(formData({ ...airtime, numbers: "", file: csvFile(content, "Staff.CSV", "") }));
    expect(form.errors).toEqual({});
    expect(form.fields).toMatchObject({ csv: content, csvName: "Staff.CSV" });
    expect(form.input?.entries).toEqual([{ text: "08031234567", given: "500" }]);
  });

  it("takes a file the browser calls text/csv whatever its name", async () => {
    const form = await readBulkForm(formData({ ...airtime, numbers: "", file: csvFile("08031234567", "numbers") }));
    expect(form.errors).toEqual({});
    expect(form.input?.entries).toEqual([{ text: "08031234567", given: "" }]);
  });

  it("reads the pasted numbers before the file's", async () => {
    const form = await readBulkForm(formData({ ...airtime, numbers: "08051234567", file: csvFile("08031234567") }));
    expect(form.input?.entries.map((entry) => entry.text)).toEqual(["08051234567", "08031234567"]);
  });

  it.each([
    ["a spreadsheet", "numbers.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
    ["a text file", "numbers.txt", "text/plain"],
    ["a file named .csv.txt", "numbers.csv.txt", ""],
  ])("refuses %s: it is not named .csv", async (_case, name, type) => {
    const form = await readBulkForm(formData({ ...airtime, numbers: "", file: csvFile("08031234567", name, type) }));
    expect(form.errors).toEqual({ file: FILE_NOT_CSV() });
    expect(form.fields).toMatchObject({ csv: "", csvName: "" });
    expect(form.input).toBeNull();
  });

  it("refuses a file over 100 KB, whatever is in it", async () => {
    const content = "phone\n08031234567\n".padEnd(100 * 1024 + 1, "\n");
    const form = await readBulkForm(formData({ ...airtime, numbers: "", file: csvFile(content) }));
    expect(form.errors).toEqual({ file: FILE_TOO_BIG() });
    expect(form.input).toBeNull();
  });

  it("takes a file of exactly 100 KB", async () => {
    const content = "08031234567\n".padEnd(100 * 1024, "\n");
    const form = await readBulkForm(formData({ ...airtime, numbers: "", file: csvFile(content) }));
    expect(form.errors).toEqual({});
  });

  it.each([
    ["Latin-1 (a spreadsheet's ANSI save)", new Uint8Array([0x4e, 0x61, 0xef, 0x72, 0x61, 0x2c, 0x30, 0x38, 0x0a])],
    ["UTF-16 with its byte-order mark", new Uint8Array([0xff, 0xfe, 0x30, 0x00, 0x38, 0x00, 0x0a, 0x00])],
    ["a zip (an .xlsx renamed)", new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00])],
  ])("refuses a file that is not UTF-8 text: %s", async (_case, bytes) => {
    const form = await readBulkForm(formData({ ...airtime, numbers: "", file: csvFile(bytes) }));
    expect(form.errors).toEqual({ file: FILE_NOT_CSV() });
    expect(form.input).toBeNull();
  });

  it("reads a UTF-8 file with a byte-order mark and a header", async () => {
    const bytes = new TextEncoder().encode("\uFEFFPhone,Amount\r\n08031234567,500\r\n");
    const form = await readBulkForm(formData({ ...airtime, numbers: "", file: csvFile(bytes) }));
    expect(form.input?.entries).toEqual([{ text: "08031234567", given: "500" }]);
  });

  it("says only what is wrong with the file, not that the list is empty", async () => {
    const form = await readBulkForm(formData({ ...airtime, numbers: "", file: csvFile("x", "numbers.pdf", "") }));
    expect(form.errors).toEqual({ file: FILE_NOT_CSV() });
  });
});

describe("the CSV kept from an earlier review", () => {
  const kept = { csv: "phone\n08031234567\n", csvName: "staff.csv" };

  it("is used while Keep this file stays ticked", async () => {
    const form = await readBulkForm(formData({ ...airtime, numbers: "", ...kept, keepFile: "on" }));
    expect(form.errors).toEqual({});
    expect(form.fields).toMatchObject(kept);
    expect(form.input?.entries).toEqual([{ text: "08031234567", given: "" }]);
  });

  it("is dropped when Keep this file is unticked", async () => {
    const form = await readBulkForm(formData({ ...airtime, numbers: "", ...kept }));
    expect(form.fields).toMatchObject({ csv: "", csvName: "" });
    expect(form.errors).toEqual({ numbers: NUMBERS_EMPTY() });
  });

  it("gives way to a file chosen now", async () => {
    const file = csvFile("08051234567\n", "new.csv");
    const form = await readBulkForm(formData({ ...airtime, numbers: "", ...kept, keepFile: "on", file }));
    expect(form.fields).toMatchObject({ csv: "08051234567\n", csvName: "new.csv" });
    expect(form.input?.entries).toEqual([{ text: "08051234567", given: "" }]);
  });

  it("is refused when it is over 100 KB, as the file would have been", async () => {
    const csv = "08031234567\n".padEnd(100 * 1024 + 1, "\n");
    const form = await readBulkForm(formData({ ...airtime, numbers: "", csv, csvName: "x.csv", keepFile: "on" }));
    expect(form.errors).toEqual({ file: FILE_TOO_BIG() });
  });
});

describe("the choices made on the review", () => {
  it("reads the network chosen for a number and the plan chosen for a network's rows", async () => {
    const form = await readBulkForm(
      formData({
        ...airtime,
        numbers: "08031234567,08051234567",
        "network-08031234567": "6",
        "network-08051234567": "",
        "plan-5": "MTN-1GB-30",
        "plan-7": "GLO-2GB-30",
        "plan-8": "",
        networkFrom: "number",
      }),
    );
    expect(form.input?.networks).toEqual({ "08031234567": "6" });
    expect(form.input?.plans).toEqual({ "5": "MTN-1GB-30", "7": "GLO-2GB-30" });
  });
});

describe("saved numbers ticked to join the list", () => {
  it.each([
    [
      "added on lines of their own",
      "08031234567",
      ["08051234567", "08061234567"],
      "08031234567\n08051234567\n08061234567",
    ],
    ["the list's own numbers, however typed, not twice", "0805 123 4567, ", ["08051234567"], "0805 123 4567, "],
    ["ticked twice, added once", "", ["08051234567", "08051234567"], "08051234567"],
    ["only a phone number is taken", "", ["<b>1</b>", "0805"], ""],
  ])("%s", (_name, typed, ticked, numbers) => {
    expect(withTicked(typed, ticked)).toBe(numbers);
  });

  it("are reviewed with the typed ones", async () => {
    const posted = formData({ ...airtime });
    posted.append("saved", "08051234567");
    const form = await readBulkForm(posted);
    expect(form.fields.numbers).toBe("08031234567\n08051234567");
    expect(form.input?.entries.map((entry) => entry.text)).toEqual(["08031234567", "08051234567"]);
  });
});
